import BoardModel
@testable import BoardStore
@testable import BoardTUI
import Foundation
import GRDB
import Testing

/// The Stats view (`i`) through the keys on a real file: snapshots at two sizes, the heatmap cell
/// by cell, the focused row said in words, Enter and Esc; and the rule that routine runs
/// and suggestions never move a habit figure.
@Suite struct StatsViewTests {
    final class Clock: @unchecked Sendable {
        var now = BoardClock(local: LocalDateTime(iso: "2026-10-22T08:00")!, zone: paris)
    }

    /// "Stretch" lived through Oct 1–22 (20 done, 2 steps ticked on each, two titles changed, one
    /// pause), "Course" ×10 from Oct 15, "Drink water" checked in Sep 1–14 and Oct 14–22, "Read" never.
    struct History {
        let store: BoardStore
        let path: String
        let clock = Clock()
        let app: BoardApp

        init(width: Int = 80, height: Int = 24) throws {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("board-stats-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            path = directory.appendingPathComponent("board.sqlite").path
            store = try BoardStore.open(path: path, concurrentReads: true)
            func at(_ day: Int) -> BoardClock { BoardClock(local: LocalDateTime(iso: String(format: "2026-10-%02dT08:00", day))!, zone: paris) }
            let stretch = try store.routines.add(CardValues(title: "Stretch", checklist: ["Warm up", "Hold"]),
                                                rule: try RecurrenceRule(.daily), start: LocalDate(iso: "2026-10-01"), clock: at(1))
            for day in 2...22 {
                try store.routines.generate(clock: at(day))
                if day == 15 {
                    _ = try store.routines.add(CardValues(title: "Course"), rule: try RecurrenceRule(.daily, end: .count(10)),
                                              start: LocalDate(iso: "2026-10-15"), clock: at(day))
                }
            }
            let now = at(22)
            for task in try store.cards.list() where task.templateId == stretch.id && task.occurrenceDate! <= LocalDate(iso: "2026-10-20")! {
                _ = try store.checklists.toggle(0, of: .card(id: task.id), clock: now)
                _ = try store.checklists.toggle(1, of: .card(id: task.id), clock: now)
                try store.cards.complete(task.id, clock: now)
            }
            for task in try store.cards.list() where task.templateId == stretch.id && task.occurrenceDate! >= LocalDate(iso: "2026-10-27")! {
                try store.cards.edit(task.id, CardEdit(title: "Stretch, longer"), clock: now)
            }
            try store.routines.pause(stretch.id, clock: now)
            try store.routines.resume(stretch.id, clock: now)
            let water = try store.habits.add("Drink water", clock: now)
            for offset in 0..<14 { try store.habits.checkIn(habitId: water.id, day: LocalDate(iso: "2026-09-01")!.adding(days: offset), clock: now) }
            for offset in 0..<9 { try store.habits.checkIn(habitId: water.id, day: LocalDate(iso: "2026-10-14")!.adding(days: offset), clock: now) }
            _ = try store.habits.add("Read", clock: now)
            let clock = self.clock
            app = try BoardApp(store: store, path: path) { clock.now }
            _ = try app.firstFrame(width: width, height: height)
        }

        func keys(_ keys: Key...) throws { for key in keys { _ = try app.handle(key) } }
        var frame: Frame { view(app.state) }

        var screen: StatsScreen? {
            if case .stats(let screen) = app.state.mode { return screen }
            return nil
        }
    }

    @Test(arguments: [(80, 24), (160, 48)]) func theStatsViewAtTwoSizes(width: Int, height: Int) throws {
        let h = try History(width: width, height: height)
        try h.keys(.character("i"))
        #expect(h.screen?.stats.templates.map(\.title) == ["Course", "Stretch"])
        try h.keys(.down)
        try assertSnapshot(h.frame, named: "stats-template-\(width)x\(height)")
        try h.keys(.down)
        try assertSnapshot(h.frame, named: "stats-habit-\(width)x\(height)")
        // Nothing of the view is cut or runs over the border, at either size.
        for y in 2..<(height - 2) { #expect(h.frame[width - 1, y].character == "│", "row \(y)") }
    }

    @Test(arguments: [(80, 24), (160, 48)]) func theHeatmapHasOneCellPerDayInItsWeeksColumn(width: Int, height: Int) throws {
        let h = try History(width: width, height: height)
        try h.keys(.character("i"), .down, .down)
        let frame = h.frame
        let stats = try #require(h.screen).stats
        let habit = stats.habits[0]
        #expect(habit.name == "Drink water")
        // The heatmap's rows are where the weekday initials are, under its title.
        let lines = frame.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let title = try #require(lines.firstIndex { $0.contains("Check-ins · Drink water") })
        let initials = ["M", "T", "W", "T", "F", "S", "S"]
        for (row, initial) in initials.enumerated() { #expect(frame[4, title + 2 + row].character == Character(initial)) }
        let cell = width >= 120 ? 3 : 2
        var checked = 0
        for (week, start) in stats.weeks.starts.enumerated() {
            for row in 0..<7 {
                let day = start.adding(days: row)
                let shown = frame[6 + week * cell, title + 2 + row].character
                if day > stats.weeks.today {
                    #expect(shown == " ", "\(day) is after today")
                } else if habit.days.contains(day) {
                    #expect(shown == "█", "\(day) has a check-in")
                    checked += 1
                } else {
                    #expect(shown == "·", "\(day) has none")
                }
            }
        }
        #expect(checked == 23, "14 days in September, 9 in October")
        // Month names above the first week of each month.
        #expect(lines[title + 1].contains("Aug") && lines[title + 1].contains("Sep") && lines[title + 1].contains("Oct"))
    }

    @Test func theStatusLinesSayTheFocusedRowFully() throws {
        let h = try History()
        try h.keys(.character("i"), .down)
        let screen = try #require(h.screen)
        guard case .template(let stretch) = screen.focused else { Issue.record("no template focused"); return }
        #expect(stretch.adherence == 20.0 / 21.0, "Oct 1–20 completed, Oct 21 not")
        #expect(stretch.exceptions == ["title": 2] && stretch.pauses == 1 && stretch.resumes == 1)
        let words = StatsWords.template(stretch)
        #expect(words.contains("adherence 95% (20 of 21 due completed)") && words.contains("customised: title 2") && words.contains("paused once, resumed once"))
        // The words fill the rows above the border, whole: joined they are the sentence.
        func shown() -> String {
            let lines = h.frame.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            return lines[(24 - 2 - 4)..<(24 - 2)].map { String($0.dropFirst(2).dropLast()).trimmingSpaces }.filter { !$0.isEmpty }.joined(separator: " ")
        }
        #expect(shown() == words)
        try h.keys(.down)
        guard case .habit(let water) = try #require(h.screen).focused else { Issue.record("no habit focused"); return }
        #expect(shown().hasSuffix(StatsWords.habit(water)))
        #expect(StatsWords.habit(water) == "Drink water: current streak 9 days, longest 14 days; 23 check-ins in 12 weeks, by week: 0, 0, 0, 0, 6, 7, 1, 0, 0, 0, 5, 4")
    }

    @Test func enterOpensTheTemplateOrTheHabitAndEscGoesBack() throws {
        let h = try History()
        try h.keys(.character("i"), .down, .enter)
        guard case .templateForm(let form) = h.app.state.mode else { Issue.record("no editor: \(h.app.state.mode)"); return }
        #expect(form.fields.title == "Stretch")
        // Issue 44: Esc from the editor went to the board; it goes back to Stats, on the same row.
        try h.keys(.escape)
        guard case .stats(let back) = h.app.state.mode else { Issue.record("not back in Stats: \(h.app.state.mode)"); return }
        #expect(back.cursor == 1)
        try h.keys(.escape)
        try h.keys(.character("i"), .down, .down, .down, .enter)
        guard case .habits(let habits) = h.app.state.mode else { Issue.record("no Habits view: \(h.app.state.mode)"); return }
        #expect(habits.focused?.name == "Read")
        try h.keys(.escape, .character("i"))
        #expect(h.screen != nil)
        try h.keys(.character("q"))
        #expect(h.app.state.mode == .normal, "q leaves the Stats view, not the board")
        try h.keys(.character("i"), .escape)
        #expect(h.app.state.mode == .normal)
    }
}

/// Routines never affect streaks, goals or charts. Starting, finishing and discarding
/// runs and dismissing or postponing suggestions leave every habit figure and every chart cell as
/// they were; only a confirmed suggestion adds one check-in.
@Suite struct StatsAndRoutineRunsTests {
    typealias Setup = ChecklistRuntimeTests.Setup

    func stats(_ s: Setup) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return try encoder.encode(try s.f.store.stats.report(weeks: 12, weekStart: .monday, clock: s.clock.now))
    }

    /// The Stats view's text with the cursor on the first habit.
    func chart(_ s: Setup) throws -> String {
        try s.keys([.character("i")])
        guard case .stats(let screen) = s.app.state.mode else { throw BoardError("mode", "no Stats view") }
        try s.keys(Array(repeating: .down, count: screen.stats.templates.count))
        let text = view(s.app.state).text
        try s.keys([.escape])
        return text
    }

    @Test func runsAndSuggestionsMoveNoFigureAndOnlyAConfirmationAddsACheckIn() throws {
        let s = try Setup()
        let statsBefore = try stats(s), chartBefore = try chart(s)
        try s.focusTemplate("Bedtime")
        // A run finished, both suggestions dismissed.
        try s.keys([.character("S")])
        try s.tickLinkedSteps()
        try s.keys([.character("F")])
        #expect(s.app.state.runs.suggestions.count == 2)
        try s.keys([.character("n"), .character("n")])
        // A run discarded; a run finished and its suggestions put off with Esc.
        try s.keys([.character("S"), .character("X"), .escape])
        try s.focusTemplate("Bedtime")
        try s.keys([.character("S")])
        try s.tickLinkedSteps()
        try s.keys([.character("F"), .escape])
        #expect(s.app.state.runs.suggestions.count == 2, "waiting, not answered")
        #expect(try stats(s) == statsBefore, "no habit or template figure moved")
        #expect(try chart(s) == chartBefore, "no chart cell changed")

        // Confirming one: exactly one check-in, today, for that habit.
        try s.keys([.character("g"), .enter, .character("y")])
        let after = try s.f.store.stats.report(weeks: 12, weekStart: .monday, clock: s.clock.now)
        let water = try #require(after.habits.first { $0.id == s.water.id })
        let stretch = try #require(after.habits.first { $0.id == s.stretch.id })
        #expect(water.checkinsByWeek.reduce(0, +) == 1 && water.currentStreak == 1 && water.days == [s.clock.now.today])
        #expect(stretch.checkinsByWeek.reduce(0, +) == 0)
    }
}
