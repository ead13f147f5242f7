import BoardModel
import Testing

/// Timed checklist steps (issue 54): "07:30 Meds" is at 07:30; timed steps are kept in time order
/// before the untimed ones, and the next one of today's list is the first not done still ahead.
@Suite struct TimedStepTests {
    @Test func aStepsTimeIsItsLeadingTime() {
        #expect(Checklist.time(of: "07:30 Meds") == LocalTime(hour: 7, minute: 30))
        #expect(Checklist.time(of: "7:30 Meds") == LocalTime(hour: 7, minute: 30))
        #expect(Checklist.time(of: "Meds at 07:30") == nil)
        #expect(Checklist.time(of: "07:30") == nil, "a time alone is no step")
        #expect(Checklist.time(of: "25:00 Meds") == nil)
        #expect(Checklist.time(of: "07:30   ") == nil)
    }

    @Test func timedStepsComeFirstInTimeOrderAndUntimedKeepTheirs() {
        let steps = ["Play", "19:00 Bath", "Read", "07:00 Breakfast", "07:30 Meds"]
        #expect(Checklist.timeOrder(steps).map { steps[$0] } == ["07:00 Breakfast", "07:30 Meds", "19:00 Bath", "Play", "Read"])
        #expect(Checklist.timeOrder(["b", "a"]) == [0, 1])
    }

    @Test func theNextStepIsTheFirstNotDoneStillAheadOnTheListsDay() {
        let day = LocalDate(iso: "2026-11-21")!
        var list = RoutineChecklist(owner: .card(id: "x"), title: "Sitter", templateId: nil, steps: [
            .init(text: "07:00 Breakfast", done: false), .init(text: "07:30 Meds", done: false), .init(text: "19:00 Bath", done: false),
            .init(text: "Play", done: false),
        ], day: day)
        func at(_ time: String) -> LocalDateTime { LocalDateTime(iso: "2026-11-21T" + time)! }
        #expect(list.nextTimedStep(at: at("06:00")) == 0)
        #expect(list.nextTimedStep(at: at("07:10")) == 1)
        list.steps[1].done = true
        #expect(list.nextTimedStep(at: at("07:10")) == 2)
        #expect(list.nextTimedStep(at: at("19:01")) == nil, "none left ahead")
        #expect(list.nextTimedStep(at: LocalDateTime(iso: "2026-11-22T06:00")!) == nil, "another day's list marks nothing")
    }
}
