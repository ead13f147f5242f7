import BoardModel
import BoardStore
@testable import BoardTUI
import Foundation
import Testing

/// The runtime at the edge, on a real file: effects written through the store, undo and
/// redo of every intent, and changes noticed without a restart.
@Suite struct BoardAppTests {
    final class Clock: @unchecked Sendable {
        var now = demoClock
    }

    @Test func everyIntentIsUndoneAndRedone() throws {
        let f = try TUIFixture()
        let app = try BoardApp(store: f.store, path: f.path) { demoClock }
        let card = try #require(app.state.focusedCard)

        app.perform(.write(.move(cardId: card.id, bucket: .weekend, position: nil)))
        #expect(try f.store.cards.find(card.id).bucket == .weekend)
        app.perform(.write(.toggleDone(cardId: card.id, completed: true)))
        #expect(try f.store.cards.find(card.id).isCompleted)
        app.perform(.undo)
        #expect(try !f.store.cards.find(card.id).isCompleted && f.store.cards.find(card.id).bucket == .weekend)
        app.perform(.undo)
        #expect(try f.store.cards.find(card.id).bucket == .thisWeek)
        app.perform(.redo)
        #expect(try f.store.cards.find(card.id).bucket == .weekend)

        app.perform(.write(.delete(cardId: card.id)))
        #expect(throws: BoardError.self) { try f.store.cards.find(card.id) }
        app.perform(.undo)
        #expect(try f.store.cards.find(card.id).title == "Renew passport")

        app.perform(.write(.add(title: "New card", bucket: .nextMonth)))
        #expect(try f.store.cards.list(in: .nextMonth).contains { $0.title == "New card" })
        app.perform(.undo)
        #expect(try !f.store.cards.list(in: .nextMonth).contains { $0.title == "New card" })
        #expect(app.state.message == "Undid: add “New card” to Next Month")
    }

    @Test func undoingTheDeletionOfAnOccurrenceKeepsGenerationFromDuplicatingIt() throws {
        let f = try TUIFixture()
        let app = try BoardApp(store: f.store, path: f.path) { demoClock }
        let occurrence = try #require(try f.store.cards.list(in: .routines).first { !$0.isCompleted })
        app.perform(.write(.delete(cardId: occurrence.id)))
        app.perform(.undo)
        #expect(try f.store.cards.find(occurrence.id).occurrenceDate == occurrence.occurrenceDate)
        #expect(try f.store.routines.generate(clock: demoClock) == 0)
        let series = try f.store.cards.list(in: .routines).filter { $0.seriesId == occurrence.seriesId && $0.occurrenceDate == occurrence.occurrenceDate }
        #expect(series.count == 1)
    }

    @Test func aRefusedChangeBecomesTheStatusMessage() throws {
        let f = try TUIFixture()
        let app = try BoardApp(store: f.store, path: f.path) { demoClock }
        let card = try #require(app.state.focusedCard)
        app.perform(.write(.edit(cardId: card.id, CardEdit(priority: 7), due: .keep)))
        #expect(app.state.message == "priority: must be 0, 1, 2 or 3, got '7'")
        #expect(try f.store.cards.find(card.id).priority == 2)
    }

    @Test func anotherWriterAndANewDayAreNoticed() throws {
        let f = try TUIFixture()
        let clock = Clock()
        let app = try BoardApp(store: f.store, path: f.path) { clock.now }
        #expect(app.state.cards(in: 0).count == 3)
        let other = try BoardStore.open(path: f.path)
        try other.cards.add(CardValues(title: "Written elsewhere"), clock: demoClock)
        try app.noticeChanges()
        #expect(app.state.cards(in: 0).contains { $0.title == "Written elsewhere" })
        let routinesBefore = app.state.cards(in: 4).count
        clock.now = BoardClock(local: LocalDateTime(iso: "2026-11-22T00:01")!, zone: paris)
        try app.noticeChanges()
        #expect(app.state.snapshot.today == LocalDate(iso: "2026-11-22"))
        #expect(app.state.cards(in: 4).count > routinesBefore, "the new day's occurrences were generated")
    }

    /// Midnight with the screen open, Sunday into Monday: Next Week's cards are This Week's, and the
    /// status line says so once.
    @Test func aNewWeekWithTheScreenOpenMovesNextWeekAndSaysSo() throws {
        let f = try TUIFixture()
        let clock = Clock()
        clock.now = BoardClock(local: LocalDateTime(iso: "2026-11-22T23:59")!, zone: paris)
        let trip = try f.store.cards.add(CardValues(title: "Plan trip"), bucket: .nextWeek, clock: clock.now)
        let app = try BoardApp(store: f.store, path: f.path) { clock.now }
        func column(of id: String) -> Int? { (0..<5).first { c in app.state.cards(in: c).contains { $0.id == id } } }
        #expect(column(of: trip.id) == 2)
        clock.now = BoardClock(local: LocalDateTime(iso: "2026-11-23T00:01")!, zone: paris)
        try app.noticeChanges()
        #expect(column(of: trip.id) == 0)
        #expect(app.state.message?.hasPrefix("New week: ") == true, "\(app.state.message ?? "")")
        #expect(app.state.message?.contains("from Next Week") == true)
        _ = try app.handle(.down)
        clock.now = BoardClock(local: LocalDateTime(iso: "2026-11-23T00:02")!, zone: paris)
        try app.noticeChanges()
        #expect(app.state.message?.hasPrefix("New week") != true, "said once")
    }

    /// Issue 39: a routine that ran its 5 times with cards still open left Templates without a word.
    @Test func aRoutineThatEndsSaysSoOnce() throws {
        let f = try TUIFixture()
        let clock = Clock()
        let morning = try f.store.routines.add(CardValues(title: "Morning routine"), rule: try RecurrencePhrase(parsing: "every day, 5 times",
                                              today: demoClock.today).rule, start: demoClock.today, clock: demoClock)
        let app = try BoardApp(store: f.store, path: f.path) { clock.now }
        #expect(app.state.message == nil)
        for day in ["2026-11-22", "2026-11-23", "2026-11-24", "2026-11-25"] {
            clock.now = BoardClock(local: LocalDateTime(iso: day + "T08:00")!, zone: paris)
            try app.noticeChanges()
            #expect(app.state.message?.contains("Morning routine") != true, "\(day): \(app.state.message ?? "")")
        }
        clock.now = BoardClock(local: LocalDateTime(iso: "2026-11-26T08:00")!, zone: paris)
        try app.noticeChanges()
        #expect(try f.store.reader.templates(clock: clock.now).first { $0.template.id == morning.id }?.template.status == .archived)
        #expect(app.state.message == "Morning routine has run its 5 times and was archived; 5 of its cards are still open",
                "\(app.state.message ?? "")")
        _ = try app.handle(.down)
        clock.now = BoardClock(local: LocalDateTime(iso: "2026-11-27T08:00")!, zone: paris)
        try app.noticeChanges()
        #expect(app.state.message?.contains("Morning routine") != true, "said once")
    }

    @Test func aDueReminderReachesTheStatusLineAndAPassedCardIsMarkedOverdue() throws {
        let f = try TUIFixture()
        let clock = Clock()
        let card = try f.store.cards.add(CardValues(title: "Pay rent", time: LocalTime(hour: 9, minute: 10)), bucket: .thisWeek,
                                       due: LocalDate(iso: "2026-11-21"), clock: demoClock)
        let app = try BoardApp(store: f.store, path: f.path) { clock.now }
        _ = try app.firstFrame(width: 120, height: 40)
        func screen() -> String { view(app.state).text }
        #expect(!screen().contains("Reminder:") && !screen().contains("Overdue"))
        #expect(try !app.noticeChanges(), "nothing changes within the minute")

        clock.now = BoardClock(local: LocalDateTime(iso: "2026-11-21T09:10")!, zone: paris)
        #expect(try app.noticeChanges(), "a new minute is noticed without any write")
        let layout = Layout(app.state)
        let statusLine = screen().split(separator: "\n", omittingEmptySubsequences: false)[39 - layout.statusLines]
        #expect(statusLine.hasPrefix("Reminder: Pay rent at 09:10 │ "), "\(statusLine)")
        #expect(!screen().contains("! Overdue"), "due now is not overdue yet")

        clock.now = BoardClock(local: LocalDateTime(iso: "2026-11-21T09:11")!, zone: paris)
        try app.noticeChanges()
        #expect(screen().contains("! Overdue · Sat Nov 21 09:10"), "the mark comes first")
        while app.state.focusedCard?.id != card.id { _ = try app.handle(.down) }
        #expect(screen().contains("Pay rent in This Week, Sat Nov 21 09:10, open, overdue"))

        clock.now = BoardClock(local: LocalDateTime(iso: "2026-11-21T10:11")!, zone: paris)
        try app.noticeChanges()
        #expect(!screen().contains("Reminder:"), "a reminder leaves the status line after an hour")
        try f.store.cards.complete(card.id, clock: clock.now)
        try app.noticeChanges()
        #expect(!screen().contains("Overdue"), "a completed card is never overdue")
    }
}

/// Issue: saving a card that another process deleted lost the form's edits with "id: no task …".
@Suite struct CardFormFailureTests {
    @Test func aRefusedSaveKeepsTheFormAndSaysWhatHappened() throws {
        let f = try TUIFixture()
        let app = try BoardApp(store: f.store, path: f.path) { demoClock }
        _ = try app.firstFrame(width: 120, height: 40)
        let card = try #require(app.state.focusedCard)
        _ = try app.handle(.character("e"))
        for c in " soon" { _ = try app.handle(.character(c)) }
        try BoardStore.open(path: f.path).cards.delete(card.id, clock: demoClock)
        _ = try app.handle(.enter)
        guard case .editing(let form) = app.state.mode else { Issue.record("the form was lost: \(app.state.mode)"); return }
        #expect(form[.title] == card.title + " soon")
        #expect(form.error == "This card was deleted elsewhere; nothing was saved. Esc closes the form.")
        #expect(view(app.state).text.contains("⚠ This card was deleted elsewhere"))
        // Esc asks before dropping the edits; y drops them.
        _ = try app.handle(.escape)
        #expect(view(app.state).text.contains("Drop your changes? y drops them"))
        _ = try app.handle(.character("y"))
        #expect(app.state.mode == .normal && app.state.message == "Changes dropped.")
    }

    /// Issue: Esc in the card form dropped its edits without asking (the template editor asks).
    @Test func escAsksBeforeDroppingEditsAndAnyOtherKeyGoesBack() throws {
        var state = try TUIFixture().state()
        press([.character("e")], &state)
        press([.escape], &state)
        #expect(state.mode == .normal, "nothing changed: Esc closes at once")
        press([.character("e")] + type(" soon") + [.escape, .character("n")], &state)
        guard case .editing(let form) = state.mode else { Issue.record("the form was lost: \(state.mode)"); return }
        #expect(form[.title].hasSuffix(" soon") && !form.confirmingDiscard)
        #expect(keyHints(state).contains("Enter saves") && !keyHints(state).contains("H/L move card"), "the form's keys in the key bar")
    }
}

/// Issue: a 02:30 card on New York's spring-forward day showed "02:30", a time that does not exist there.
@Suite struct NonexistentWallTimeTests {
    @Test func aTimeInTheSpringForwardGapShowsAsTheInstantItMeans() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("board-gap-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let store = try BoardStore.open(path: directory.appendingPathComponent("board.sqlite").path)
        let newYork = TimeZone(identifier: "America/New_York")!
        let clock = BoardClock(local: LocalDateTime(iso: "2026-03-07T12:00")!, zone: newYork)
        try store.cards.add(CardValues(title: "Night check", time: LocalTime(hour: 2, minute: 30)), due: LocalDate(iso: "2026-03-08"), clock: clock)
        let app = try BoardApp(store: store, path: directory.appendingPathComponent("board.sqlite").path) { clock }
        let screen = try app.firstFrame(width: 120, height: 40).text
        #expect(screen.contains("Sun Mar 8 03:30") && !screen.contains("02:30"), "\(screen)")
    }

    /// Issue 44: with the filter "short", `r` on an occurrence's Title gave it back its template's
    /// title, which the filter hides: the detail closed onto "Routines is empty." under "Routines
    /// (0/6)". The card stays in view: the filter is cleared, and the status line says why.
    @Test func aCardThatNoLongerMatchesTheFilterStaysInItsDetail() throws {
        let f = try TUIFixture()
        let app = try BoardApp(store: f.store, path: f.path) { demoClock }
        _ = try app.firstFrame(width: 120, height: 40)
        for key in [Key.character("/")] + "short".map(Key.character) + [.enter, .enter] { _ = try app.handle(key) }
        let card = try #require(app.state.focusedCard)
        #expect(card.title == "Short morning routine" && app.state.mode == .detail(field: 0))
        _ = try app.handle(.character("r"))
        #expect(try f.store.cards.find(card.id).title != "Short morning routine", "the title was reset")
        #expect(app.state.mode == .detail(field: 0) && app.state.focusedCard?.id == card.id, "\(app.state.mode)")
        #expect(app.state.filter.isEmpty)
        #expect(app.state.message?.contains("no longer matches “short”") == true, "\(app.state.message ?? "")")
    }
}
