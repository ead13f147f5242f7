import BoardModel
import BoardStore
@testable import BoardTUI
import Foundation
import Testing

/// Routines another person shares (issue 41), on the screen of the real file: their keys change
/// nothing and say whose they are, in the Templates section and in the Calendar alike.
@Suite struct SharedRoutineScreenTests {
    @Test func everyKeyThatWouldChangeASharedRoutineSaysWhoseItIs() throws {
        let f = try TUIFixture()
        let today = demoClock.today
        try f.store.routines.replaceShared([
            SharedRoutine(id: "shared-feed", sharedBy: "ann", title: "Feed the fish", description: "", checklist: ["Flakes"], status: .active,
                          rule: nil, times: nil),
            SharedRoutine(id: "shared-walk", sharedBy: "ann", title: "Walk the dog", description: "", checklist: [], status: .active,
                          rule: "FREQ=DAILY", times: TimesOfDay(LocalTime(hour: 8, minute: 0)!)),
        ], runs: [SharedRun(id: "shared-run", routineId: "shared-walk", title: "Walk the dog", date: today, time: LocalTime(hour: 8, minute: 0),
                            completed: false)])
        let app = try BoardApp(store: f.store, path: f.path) { demoClock }
        _ = try app.firstFrame(width: 120, height: 40)
        for _ in 0..<4 { _ = try app.handle(.character("l")) }
        for _ in 0..<30 where app.state.focusedTemplate?.id != "shared-walk" { _ = try app.handle(.character("k")) }
        try #require(app.state.focusedTemplate?.sharedBy == "ann")
        for key in ["e", "p", "A", "x", "d", "H"] {
            app.state.message = nil
            _ = try app.handle(.character(Character(key)))
            #expect(app.state.message == "Walk the dog is shared by ann: only ann can change it.", "\(key): \(app.state.message ?? "")")
        }
        #expect(try f.store.reader.sharedRoutines().map(\.title) == ["Feed the fish", "Walk the dog"])
        // c copies it as a draft of the person's own, which is theirs to change.
        _ = try app.handle(.character("c"))
        let copy = try #require(try f.store.reader.templates(clock: demoClock).first { $0.template.title == "Walk the dog (copy)" })
        #expect(copy.template.status == .draft && copy.scheduling?.rule.rrule == "FREQ=DAILY" && copy.template.times?.first == LocalTime(hour: 8, minute: 0))
        #expect(try f.store.reader.sharedRoutines().count == 2)

        // The Calendar: the shared run is there, read-only.
        _ = try app.handle(.character("v"))
        guard case .calendar(let opened) = app.state.mode else { Issue.record("the Calendar did not open"); return }
        for _ in 0..<opened.dayItems.count {
            if case .calendar(let screen) = app.state.mode, screen.focusedItem?.sharedBy != nil { break }
            _ = try app.handle(.tab)
        }
        guard case .calendar(let screen) = app.state.mode, let item = screen.focusedItem else { Issue.record("no item"); return }
        #expect(item.kind == .shared && item.title == "Walk the dog")
        _ = try app.handle(.character("x"))
        #expect(app.state.message == "Walk the dog is shared by ann: only ann can change it.")
        #expect(try f.store.reader.sharedRuns(from: today).map(\.completed) == [false])
    }

    /// Issue 52: a sitter opens and ticks a scheduled shared routine's run on its day, on this device
    /// only; another day's list is fresh, a day without a run says so, and the owner's routine is unchanged.
    @Test func aScheduledSharedRoutinesRunIsOpenedAndTickedPerDay() throws {
        let f = try TUIFixture()
        let today = demoClock.today
        let eight = LocalTime(hour: 8, minute: 0)
        try f.store.routines.replaceShared([
            SharedRoutine(id: "shared-cat", sharedBy: "ann", title: "Feed the cat", description: "", checklist: ["Bowl", "Water", "Litter"],
                          status: .active, rule: "FREQ=DAILY", times: TimesOfDay(eight!)),
        ], runs: [-1, 0, 1].map { SharedRun(id: "run-\($0)", routineId: "shared-cat", title: "Feed the cat", date: today.adding(days: $0), time: eight,
                                               completed: false) })
        // The store: today's list ticks; yesterday's is its own; tomorrow's shows and can't be ticked yet.
        let list = try f.store.checklists.read(ofRoutine: f.store.routines.anyId(matching: "shared-cat"), day: today, clock: demoClock)
        #expect(try f.store.checklists.toggle(0, of: list.owner, clock: demoClock))
        #expect(try f.store.checklists.read(ofRoutine: "shared-cat", day: today, clock: demoClock).steps.map(\.done) == [true, false, false])
        #expect(try f.store.checklists.read(ofRoutine: "shared-cat", day: today.adding(days: -1), clock: demoClock).steps.map(\.done) == [false, false, false])
        let tomorrow = try f.store.checklists.read(ofRoutine: "shared-cat", day: today.adding(days: 1), clock: demoClock)
        #expect(throws: BoardError.self) { try f.store.checklists.toggle(0, of: tomorrow.owner, clock: demoClock) }
        #expect(throws: BoardError("date", "Feed the cat has no run on \(today.adding(days: 5).iso)")) {
            try f.store.checklists.read(ofRoutine: "shared-cat", day: today.adding(days: 5), clock: demoClock)
        }

        // The screen: Enter on its row opens today's run's list, Space ticks the second step.
        let app = try BoardApp(store: f.store, path: f.path) { demoClock }
        _ = try app.firstFrame(width: 120, height: 40)
        for _ in 0..<4 { _ = try app.handle(.character("l")) }
        for _ in 0..<30 where app.state.focusedTemplate?.id != "shared-cat" { _ = try app.handle(.character("k")) }
        try #require(app.state.focusedTemplate?.sharedBy == "ann")
        _ = try app.handle(.enter)
        guard case .checklist(let opened) = app.state.mode else { Issue.record("no checklist: \(app.state.message ?? "")"); return }
        #expect(opened.checklist.title == "Feed the cat" && opened.checklist.steps.map(\.done) == [true, false, false])
        _ = try app.handle(.character("j"))
        _ = try app.handle(.character(" "))
        #expect(try f.store.checklists.read(ofRoutine: "shared-cat", day: today, clock: demoClock).steps.map(\.done) == [true, true, false])
        #expect(try f.store.reader.sharedRuns(from: today).map(\.completed) == [false, false])
        #expect(try f.store.reader.sharedRoutines().first?.checklist == ["Bowl", "Water", "Litter"])
    }
}
