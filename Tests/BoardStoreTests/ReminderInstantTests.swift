import BoardModel
@testable import BoardStore
import Foundation
import GRDB
import Testing

/// Reminder instants follow the cards: a template's time edit moves them, finished work never fires.
@Suite struct ReminderInstantTests {
    func titles(_ pass: ReminderPass) -> [String] { pass.deliver.map(\.reminder.title) }

    @Test func aTemplateTimeEditMovesTheInstantsOfTheOccurrencesItChanges() throws {
        let f = try StoreFixture()
        let now = clock("2026-11-21T06:00")
        let t = try f.store.routines.add(CardValues(title: "Stretch", time: LocalTime(hour: 7, minute: 0)), rule: try rule("every day"),
                                        remindBefore: 5, clock: now)
        let occurrences = try f.store.occurrences(of: t.id)
        // Tomorrow's occurrence has its own 06:45 as an exception; the others follow the template.
        _ = try f.store.cards.edit(occurrences[1].id, CardEdit(time: FieldEdit(LocalTime(hour: 6, minute: 45))), clock: now)
        let plan = try f.store.routines.planEdit(t.id, TemplateEditRequest(fields: CardEdit(time: FieldEdit(LocalTime(hour: 8, minute: 30)))), clock: now)
        try f.store.routines.applyEdit(plan, clock: now)

        #expect(titles(try f.store.reminders.claimDue(clock: clock("2026-11-21T06:55"), grace: 600)).isEmpty, "07:00 − 5 min no longer reminds")
        #expect(titles(try f.store.reminders.claimDue(clock: clock("2026-11-21T08:25"), grace: 600)) == ["Stretch"])
        #expect(titles(try f.store.reminders.claimDue(clock: clock("2026-11-22T06:40"), grace: 600)) == ["Stretch"], "the exception keeps 06:45")
        #expect(titles(try f.store.reminders.claimDue(clock: clock("2026-11-22T08:25"), grace: 600)).isEmpty)
        #expect(titles(try f.store.reminders.claimDue(clock: clock("2026-11-23T08:25"), grace: 600)) == ["Stretch"])
    }

    @Test func completedAndDeletedCardsNeverFire() throws {
        let f = try StoreFixture()
        let now = clock("2026-11-21T06:00")
        let done = try f.store.cards.add(CardValues(title: "Done", time: LocalTime(hour: 9, minute: 0)), bucket: .thisWeek,
                                       due: date("2026-11-21"), clock: now)
        let gone = try f.store.cards.add(CardValues(title: "Gone", time: LocalTime(hour: 9, minute: 0)), bucket: .thisWeek,
                                       due: date("2026-11-21"), clock: now)
        _ = try f.store.cards.add(CardValues(title: "Open", time: LocalTime(hour: 9, minute: 0)), bucket: .thisWeek,
                                due: date("2026-11-21"), clock: now)
        try f.store.cards.complete(done.id, clock: now)
        try f.store.cards.delete(gone.id, clock: now)
        let pass = try f.store.reminders.claimDue(clock: clock("2026-11-21T09:00"), grace: 600)
        #expect(titles(pass) == ["Open"])
        #expect(pass.missed.isEmpty)
    }

    @Test func aPassSaysWhenTheNextReminderComesDue() throws {
        let f = try StoreFixture()
        let now = clock("2026-11-21T06:00")
        _ = try f.store.cards.add(CardValues(title: "Later", time: LocalTime(hour: 9, minute: 30)), bucket: .thisWeek,
                                due: date("2026-11-21"), remindBefore: 10, clock: now)
        let pass = try f.store.reminders.claimDue(clock: now, grace: 600)
        #expect(pass.next == clock("2026-11-21T09:20").instant)
    }

    @Test func aTemplateCreatedAfterTodaysTimeStartsWithItsNextOccurrence() throws {
        let f = try StoreFixture()
        let late = try f.store.routines.add(CardValues(title: "Early", time: LocalTime(hour: 5, minute: 0)), rule: try rule("every day"),
                                           clock: clock("2026-11-21T06:00"))
        #expect(try f.store.occurrences(of: late.id).first?.occurrenceDate == date("2026-11-22"), "05:00 today is already past")
        let early = try f.store.routines.add(CardValues(title: "Later", time: LocalTime(hour: 8, minute: 0)), rule: try rule("every day"),
                                            clock: clock("2026-11-21T06:00"))
        #expect(try f.store.occurrences(of: early.id).first?.occurrenceDate == date("2026-11-21"))
        let weekdays = try f.store.routines.add(CardValues(title: "Friday night", time: LocalTime(hour: 9, minute: 0)),
                                               rule: try rule("every weekday"), clock: clock("2026-11-20T22:00"))
        #expect(try f.store.occurrences(of: weekdays.id).first?.occurrenceDate == date("2026-11-23"), "created Friday night, starts Monday")
        let counted = try f.store.routines.add(CardValues(title: "Three times", time: LocalTime(hour: 5, minute: 0)),
                                              rule: try rule("every day, 3 times"), clock: clock("2026-11-21T06:00"))
        #expect(try f.store.occurrences(of: counted.id).map(\.occurrenceDate!) == [date("2026-11-22"), date("2026-11-23"), date("2026-11-24")],
                "the count starts with the first real occurrence")
    }
}

/// The status line's due reminders are picked in SQL by wall time near now, then by the exact
/// instant: the same ones the exact rule alone picks, across a day change and a DST change.
@Suite struct DueRemindersTests {
    @Test(arguments: ["2026-11-21T09:30", "2026-11-22T00:20", "2026-10-25T02:30", "2026-10-25T03:10", "2026-03-29T03:10"])
    func theNearWallTimeFilterAgreesWithTheExactRule(now: String) throws {
        let f = try StoreFixture()
        let start = clock(now)
        // Cards from a day before to a day after now, every 10 minutes, reminding 0, 15 or 60 minutes before.
        var expected: Set<String> = []
        for step in -144...144 {
            let at = start.instant.addingTimeInterval(Double(step) * 600)
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = paris
            let c = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: at)
            let day = LocalDate(iso: String(format: "%04d-%02d-%02d", c.year!, c.month!, c.day!))!
            let time = LocalTime(hour: c.hour!, minute: c.minute!)!
            let before = [0, 15, 60][(step + 144) % 3]
            let card = try f.store.cards.add(CardValues(title: "card \(step)", time: time), due: day, remindBefore: before, clock: clock("2026-01-01T00:00"))
            let reminder = Reminder(cardId: card.id, title: card.title, bucket: "this-week", due: LocalDateTime(date: day, time: time),
                                    minutesBefore: before, zone: paris)
            if case .deliver = reminder.decision(at: start.instant, grace: 3600) { expected.insert(card.title) }
        }
        let due = Set(try f.store.reader.dueReminders(clock: start, within: 3600).map(\.title))
        #expect(due == expected && !due.isEmpty, "\(due.sorted()) vs \(expected.sorted())")
    }

    /// Every column the pick by wall time tests is in the dated cards' index, which the pick reads
    /// (schema v26): only the cards due are read from the table, however many a day holds.
    @Test func thePickByWallTimeReadsOnlyTheDatedCardsIndex() throws {
        let f = try StoreFixture()
        let (columns, plan) = try f.store.database.read { db in
            (try String.fetchAll(db, sql: "SELECT name FROM pragma_index_info('tasks_due')"),
             try Row.fetchAll(db, sql: """
                EXPLAIN QUERY PLAN SELECT due_date FROM tasks WHERE is_completed = 0 AND due_date IS NOT NULL AND due_time IS NOT NULL
                AND due_date BETWEEN '2026-11-21' AND '2026-11-22' AND remind_before_min >= 0
                """).map { $0["detail"] as String }.joined(separator: "\n"))
        }
        #expect(columns.prefix(4) == ["due_date", "due_time", "remind_before_min", "is_completed"])
        #expect(plan.contains("USING COVERING INDEX tasks_due"), "\(plan)")
    }
}
