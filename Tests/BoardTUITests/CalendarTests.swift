import BoardModel
@testable import BoardStore
@testable import BoardTUI
import Foundation
import Testing

/// The Calendar (`v`) on a real file through the runtime, key by key as a person presses them:
/// days, weeks, months, today, a date in words; and acting on a planned run makes that one
/// occurrence, undoably.
@Suite struct CalendarTests {
    /// A board on Saturday Nov 21, 2026: "Stretch" every day at 7:00 (generated through Nov 27),
    /// and a card due Wed Dec 2.
    func board() throws -> (BoardApp, BoardStore, templateId: String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("board-calendar-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("board.sqlite").path
        let store = try BoardStore.open(path: path, concurrentReads: true)
        let rule = try RecurrencePhrase(parsing: "every day", today: demoClock.today).rule
        let template = try store.routines.add(CardValues(title: "Stretch", time: LocalTime(hour: 7, minute: 0)), rule: rule, clock: demoClock)
        try store.cards.add(CardValues(title: "Dentist"), due: LocalDate(iso: "2026-12-02"), clock: demoClock)
        let app = try BoardApp(store: store, path: path) { demoClock }
        _ = try app.firstFrame(width: 120, height: 40)
        return (app, store, template.id)
    }

    func keys(_ app: BoardApp, _ keys: [Key]) throws { for key in keys { _ = try app.handle(key) } }

    var screen: (BoardApp) -> CalendarScreen? = { app in
        if case .calendar(let screen) = app.state.mode { return screen }
        return nil
    }

    @Test func daysWeeksMonthsTodayAndADateInWords() throws {
        let (app, _, _) = try board()
        try keys(app, [.character("v")])
        var calendar = try #require(screen(app))
        #expect(calendar.day == demoClock.today)
        var text = view(app.state).text
        // 7:00 had passed when Stretch was made: it starts on Sunday.
        #expect(text.contains("Calendar · November 2026") && text.contains("[21]") && text.contains("Sat Nov 21 · today · nothing"), "\(text)")
        try keys(app, [.character("l")])
        text = view(app.state).text
        #expect(text.contains("Sun Nov 22 · 1 item") && text.contains("07:00 [ ] Stretch · run") && text.contains("›22‹"), "\(text)")
        try keys(app, [.character("j"), .down])   // two weeks: Sun Dec 6
        calendar = try #require(screen(app))
        #expect(calendar.day.iso == "2026-12-06")
        text = view(app.state).text
        #expect(text.contains("Calendar · December 2026") && text.contains("› 6‹") && text.contains("07:00 ( ) Stretch · planned run"), "\(text)")
        try keys(app, [.pageDown, .pageDown])
        #expect(screen(app)?.day.iso == "2027-02-06" && view(app.state).text.contains("February 2027"))
        try keys(app, [.character(".")])
        #expect(screen(app)?.day == demoClock.today)
        // Issue 52: the legend shows today's number; go-to reaches the past ("nov 1" on Nov 21 went
        // to Nov 1, 2027; "last monday" was not a date); one key bar, the Calendar's.
        text = view(app.state).text
        #expect(text.contains("[21] today · digits") && !text.contains("[25] today"), "\(text)")
        let bottom = text.split(separator: "\n", omittingEmptySubsequences: false).suffix(2).joined(separator: "\n")
        #expect(bottom.contains("? help · ←→ day · ↑↓ week · PgUp/PgDn month") && !bottom.contains("a add"), "\(bottom)")
        try keys(app, [.character("g")] + type("nov 1") + [.enter])
        #expect(screen(app)?.day.iso == "2026-11-01")
        try keys(app, [.character("g")] + type("last monday") + [.enter])
        #expect(screen(app)?.day.iso == "2026-11-16")
        try keys(app, [.character("g")] + type("nov 1 2027") + [.enter])
        #expect(screen(app)?.day.iso == "2027-11-01")
        try keys(app, [.character("g")] + type("the 30th") + [.enter])
        #expect(screen(app)?.day.iso == "2026-11-30", "the 30th nearest Nov 21")
        try keys(app, [.character(".")])
        // A date in words; a wrong one is refused inline and the calendar stays where it was.
        try keys(app, [.character("g")] + type("feb 30") + [.enter])
        text = view(app.state).text
        #expect(screen(app)?.day == demoClock.today && text.contains("⚠ date: February never has a 30th (Esc cancels)"), "\(text)")
        try keys(app, [.escape, .character("g")] + type("dec 2") + [.enter])
        #expect(screen(app)?.day.iso == "2026-12-02" && screen(app)?.goTo == nil)
        text = view(app.state).text
        #expect(text.contains("Wed Dec 2 · 2 items") && text.contains("[ ] Dentist · Next Month"), "\(text)")
        // Esc back to the board; v opens on the same day again.
        try keys(app, [.escape])
        #expect(app.state.mode == .normal)
        try keys(app, [.character("v")])
        #expect(screen(app)?.day.iso == "2026-12-02")
    }

    @Test func completingAPlannedRunMakesThatOneOccurrenceUndoably() throws {
        let (app, store, templateId) = try board()
        let before = try store.cards.list().count
        try keys(app, [.character("v"), .character("g")] + type("dec 10") + [.enter])
        #expect(screen(app)?.focusedItem?.kind == .planned)
        try keys(app, [.character(" ")])
        let made = try store.cards.list().filter { $0.occurrenceDate?.iso == "2026-12-10" }
        #expect(made.count == 1 && made[0].isCompleted && made[0].templateId == templateId)
        #expect(try store.cards.list().count == before + 1, "that one occurrence, no other")
        #expect(screen(app)?.focusedItem?.kind == .run && view(app.state).text.contains("07:00 [x] Stretch · run"))
        try keys(app, [.character("u")])
        #expect(try store.cards.list().count == before)
        #expect(screen(app)?.focusedItem?.kind == .planned, "planned again")
        try keys(app, [.control("r")])
        #expect(try store.cards.list().filter { $0.occurrenceDate?.iso == "2026-12-10" && $0.isCompleted }.count == 1)
    }

    @Test func deletingOrSkippingAPlannedRunSkipsItsDate() throws {
        let (app, store, templateId) = try board()
        try keys(app, [.character("v"), .character("g")] + type("dec 12") + [.enter, .character("d")])
        #expect(try store.routines.overview(templateId, clock: demoClock).scheduling?.series.skipped.contains(LocalDate(iso: "2026-12-12")!) == true)
        #expect(screen(app)?.dayItems.isEmpty == true && app.state.message?.hasPrefix("Skipped “Stretch” on Sat Dec 12") == true)
        try keys(app, [.character("u")])
        #expect(screen(app)?.dayItems.map(\.kind) == [.planned])
        try keys(app, [.character("l"), .character("s")])
        #expect(try store.routines.overview(templateId, clock: demoClock).scheduling?.series.skipped.map(\.iso) == ["2026-12-13"])
        // A card of its own is not skipped: said, nothing written.
        try keys(app, [.character("g")] + type("dec 2") + [.enter, .character("s")])
        #expect(app.state.message == "s skips a routine's run; “Dentist” is a card of its own (d deletes it).")
    }

    @Test func enterOpensThePlannedRunOnTheBoardAndEscComesBack() throws {
        let (app, store, _) = try board()
        try keys(app, [.character("v"), .character("g")] + type("dec 20") + [.enter, .enter])
        let made = try #require(try store.cards.list().first { $0.occurrenceDate?.iso == "2026-12-20" })
        #expect(app.state.mode == .detail(field: 0) && app.state.focusedCard?.id == made.id)
        try keys(app, [.escape])
        #expect(screen(app)?.day.iso == "2026-12-20" && screen(app)?.focusedItem?.kind == .run)
        // e on a card: its form; Esc with nothing changed goes back to the calendar.
        try keys(app, [.character("g")] + type("dec 2") + [.enter, .character("e")])
        guard case .editing(let form) = app.state.mode else { Issue.record("no form: \(app.state.mode)"); return }
        #expect(form[.title] == "Dentist")
        try keys(app, [.escape])
        #expect(screen(app)?.day.iso == "2026-12-02")
        // u takes back the made run.
        try keys(app, [.character("u")])
        #expect(try store.cards.list().first { $0.occurrenceDate?.iso == "2026-12-20" } == nil)
    }

    @Test func movingAPlannedRunMakesItAndMovesIt() throws {
        let (app, store, _) = try board()
        try keys(app, [.character("v"), .character("g")] + type("jan 5") + [.enter, .character("H")])
        let made = try #require(try store.cards.list().first { $0.occurrenceDate?.iso == "2027-01-05" })
        #expect(made.bucket == .nextMonth && made.exceptionMask == [.bucket])
        try keys(app, [.character("L")])
        #expect(try store.cards.find(made.id).bucket == .routines)
        try keys(app, [.character("L")])
        #expect(app.state.message == "“Stretch” is already in Routines.")
    }

    /// The help overlay comes from the same table the keys do.
    /// The first frame plans today's month for the Calendar on a thread of its own: before long,
    /// the month grid and the day `v` opens on are kept planned, and `v` plans neither.
    @Test func theFirstFramePlansTodaysMonthAhead() throws {
        let (_, store, _) = try board()
        struct NotKept: Error {}
        let grid = MonthGrid(holding: demoClock.today, weekStart: .monday).days
        /// Whether both are kept; asking plans nothing (a throwing plan keeps nothing).
        func kept() throws -> Bool {
            try store.database.read { db in
                do {
                    _ = try store.plannedRoutines.counts(db, .init(first: grid.lowerBound, last: grid.upperBound, today: demoClock.today)) { throw NotKept() }
                    _ = try store.plannedRoutines.runs(db, .init(first: demoClock.today, last: demoClock.today, today: demoClock.today)) { throw NotKept() }
                    return true
                } catch is NotKept { return false }
            }
        }
        let deadline = ContinuousClock.now + .seconds(20)
        while try !kept(), ContinuousClock.now < deadline { Thread.sleep(forTimeInterval: 0.01) }
        #expect(try kept())
    }

    @Test func theHelpListsTheCalendarKeys() throws {
        let lines = KeyBindings.helpLines()
        #expect(lines.contains("The Calendar (v)"))
        #expect(lines.contains { $0.hasPrefix("g") && $0.contains("go to a date in words") })
    }
}
