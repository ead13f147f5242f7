import BoardModel
import BoardStore
import Foundation
import Testing

/// Reminder instants follow the cards: a template's time edit moves them, finished work never fires.
@Suite struct ReminderInstantTests {
    func titles(_ pass: ReminderPass) -> [String] { pass.deliver.map(\.reminder.title) }

    @Test func aTemplateTimeEditMovesTheInstantsOfTheOccurrencesItChanges() throws {
        let f = try StoreFixture()
        let now = clock("2026-11-21T06:00")
        let t = try f.store.addTemplate(CardValues(title: "Stretch", time: LocalTime(hour: 7, minute: 0)), rule: try rule("every day"),
                                        remindBefore: 5, clock: now)
        let occurrences = try f.store.occurrences(of: t.id)
        // Tomorrow's occurrence has its own 06:45 as an exception; the others follow the template.
        _ = try f.store.editTask(occurrences[1].id, CardEdit(time: .some(LocalTime(hour: 6, minute: 45))), clock: now)
        let plan = try f.store.planTemplateEdit(t.id, TemplateEditRequest(fields: CardEdit(time: .some(LocalTime(hour: 8, minute: 30)))), clock: now)
        try f.store.applyTemplateEdit(plan, clock: now)

        #expect(titles(try f.store.claimDueReminders(clock: clock("2026-11-21T06:55"), grace: 600)).isEmpty, "07:00 − 5 min no longer reminds")
        #expect(titles(try f.store.claimDueReminders(clock: clock("2026-11-21T08:25"), grace: 600)) == ["Stretch"])
        #expect(titles(try f.store.claimDueReminders(clock: clock("2026-11-22T06:40"), grace: 600)) == ["Stretch"], "the exception keeps 06:45")
        #expect(titles(try f.store.claimDueReminders(clock: clock("2026-11-22T08:25"), grace: 600)).isEmpty)
        #expect(titles(try f.store.claimDueReminders(clock: clock("2026-11-23T08:25"), grace: 600)) == ["Stretch"])
    }

    @Test func completedAndDeletedCardsNeverFire() throws {
        let f = try StoreFixture()
        let now = clock("2026-11-21T06:00")
        let done = try f.store.addTask(CardValues(title: "Done", time: LocalTime(hour: 9, minute: 0)), bucket: .thisWeek,
                                       due: date("2026-11-21"), clock: now)
        let gone = try f.store.addTask(CardValues(title: "Gone", time: LocalTime(hour: 9, minute: 0)), bucket: .thisWeek,
                                       due: date("2026-11-21"), clock: now)
        _ = try f.store.addTask(CardValues(title: "Open", time: LocalTime(hour: 9, minute: 0)), bucket: .thisWeek,
                                due: date("2026-11-21"), clock: now)
        try f.store.completeTask(done.id, clock: now)
        try f.store.deleteTask(gone.id, clock: now)
        let pass = try f.store.claimDueReminders(clock: clock("2026-11-21T09:00"), grace: 600)
        #expect(titles(pass) == ["Open"])
        #expect(pass.missed.isEmpty)
    }

    @Test func aPassSaysWhenTheNextReminderComesDue() throws {
        let f = try StoreFixture()
        let now = clock("2026-11-21T06:00")
        _ = try f.store.addTask(CardValues(title: "Later", time: LocalTime(hour: 9, minute: 30)), bucket: .thisWeek,
                                due: date("2026-11-21"), remindBefore: 10, clock: now)
        let pass = try f.store.claimDueReminders(clock: now, grace: 600)
        #expect(pass.next == clock("2026-11-21T09:20").instant)
    }

    @Test func aTemplateCreatedAfterTodaysTimeStartsWithItsNextOccurrence() throws {
        let f = try StoreFixture()
        let late = try f.store.addTemplate(CardValues(title: "Early", time: LocalTime(hour: 5, minute: 0)), rule: try rule("every day"),
                                           clock: clock("2026-11-21T06:00"))
        #expect(try f.store.occurrences(of: late.id).first?.occurrenceDate == date("2026-11-22"), "05:00 today is already past")
        let early = try f.store.addTemplate(CardValues(title: "Later", time: LocalTime(hour: 8, minute: 0)), rule: try rule("every day"),
                                            clock: clock("2026-11-21T06:00"))
        #expect(try f.store.occurrences(of: early.id).first?.occurrenceDate == date("2026-11-21"))
        let weekdays = try f.store.addTemplate(CardValues(title: "Friday night", time: LocalTime(hour: 9, minute: 0)),
                                               rule: try rule("every weekday"), clock: clock("2026-11-20T22:00"))
        #expect(try f.store.occurrences(of: weekdays.id).first?.occurrenceDate == date("2026-11-23"), "created Friday night, starts Monday")
        let counted = try f.store.addTemplate(CardValues(title: "Three times", time: LocalTime(hour: 5, minute: 0)),
                                              rule: try rule("every day, 3 times"), clock: clock("2026-11-21T06:00"))
        #expect(try f.store.occurrences(of: counted.id).map(\.occurrenceDate!) == [date("2026-11-22"), date("2026-11-23"), date("2026-11-24")],
                "the count starts with the first real occurrence")
    }
}
