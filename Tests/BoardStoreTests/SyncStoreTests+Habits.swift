import BoardModel
@testable import BoardStore
import Foundation
import GRDB
import Testing

/// Habits between boards of one person (ARCHITECTURE.md §13): one habit per name, each device's
/// count of a day its own, so check-ins made offline add up.
extension SyncStoreTests {
    @Test func theSameDailyHabitCheckedInOnBothBoardsTheSameDayCountsTheDayOnce() throws {
        let d = try joined(2), log = Log()
        let now = clock("2026-11-21T08:00")
        let habit = try d[0].habits.add("Water", clock: now)
        try log.sync(d[0], clock: now)
        try log.sync(d[1], clock: now)
        try d[0].habits.checkIn(habitId: habit.id, day: now.today, clock: now)
        try d[1].habits.checkIn(habitId: habit.id, day: now.today, clock: clock("2026-11-21T09:00"))
        for _ in 0..<2 { for device in d { try log.sync(device, clock: now) } }
        for device in d {
            // Each device's entry is kept; a daily habit's day is yes or no, so the day counts once.
            #expect(try device.database.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM habit_entries") } == 2)
            let overview = try #require(try device.habits.list(clock: now).first)
            #expect(overview.recent.last?.entries == 1 && overview.streak == 1 && overview.standing == "1/1 today")
        }
        #expect(try rows(d[0]) == rows(d[1]))
    }

    /// Issue 54: "3 times a day" counted on two devices offline adds up, as a counter whose
    /// parts each device keeps; taking one back on either leaves the other's.
    @Test func aCountedHabitsEntriesFromTwoBoardsAddUp() throws {
        let d = try joined(2), log = Log()
        let now = clock("2026-11-21T08:00")
        let habit = try d[0].habits.add("Water", target: try HabitTarget(phrase: "3 times a day"), clock: now)
        try log.sync(d[0], clock: now)
        try log.sync(d[1], clock: now)
        try d[0].habits.checkIn(habitId: habit.id, day: now.today, clock: now)
        try d[0].habits.checkIn(habitId: habit.id, day: now.today, clock: clock("2026-11-21T12:00"))
        try d[1].habits.checkIn(habitId: habit.id, day: now.today, clock: clock("2026-11-21T09:00"))
        for _ in 0..<2 { for device in d { try log.sync(device, clock: now) } }
        for device in d {
            #expect(try device.habits.entries(habitId: habit.id, day: now.today) == 3)
            let overview = try #require(try device.habits.list(clock: now).first)
            #expect(overview.standing == "3/3 today" && overview.streak == 1)
            #expect(try device.reader.habitsMet(on: now.today, weekStart: .monday) == [habit.id])
        }
        #expect(try d[1].habits.takeBack(1, habitId: habit.id, day: now.today, clock: clock("2026-11-21T13:00")) == 2)
        for _ in 0..<2 { for device in d { try log.sync(device, clock: now) } }
        for device in d {
            #expect(try device.habits.entries(habitId: habit.id, day: now.today) == 2)
            #expect(try device.habits.list(clock: now).first?.standing == "2/3 today")
        }
        #expect(try rows(d[0]) == rows(d[1]))
    }

    @Test func habitsOfTheSameNameFromThreeBoardsBecomeOneWithEveryCheckIn() throws {
        let d = try joined(3), log = Log()
        let now = clock("2026-11-21T08:00")
        // Offline on all three: the same habit in three cases, check-ins on different days and one the same day.
        let habits = [try d[0].habits.add("Read", clock: now), try d[1].habits.add("read", clock: now), try d[2].habits.add("READ", clock: now)]
        try d[0].habits.checkIn(habitId: habits[0].id, day: now.today.adding(days: -2), clock: now)
        try d[1].habits.checkIn(habitId: habits[1].id, day: now.today.adding(days: -1), clock: now)
        try d[1].habits.checkIn(habitId: habits[1].id, day: now.today, clock: now)
        try d[2].habits.checkIn(habitId: habits[2].id, day: now.today, clock: now)
        // Each board in another order.
        for order in [[2, 0, 1], [1, 2, 0], [0, 1, 2]] { for i in order { try log.sync(d[i], clock: now) } }
        let shown = habits.map(\.id).min()!
        for device in d {
            #expect(try device.reader.habitRecords().map(\.id) == [shown])
            let days = try device.database.read { try String.fetchAll($0, sql: "SELECT DISTINCT day || ' ' || habit_id FROM habit_entries ORDER BY day") }
            #expect(days == ["2026-11-19 \(shown)", "2026-11-20 \(shown)", "2026-11-21 \(shown)"])
        }
        #expect(try rows(d[0]) == rows(d[1]) && rows(d[1]) == rows(d[2]))
        // An uncheck on any board after the check-ins removes the day everywhere; a check-in after it brings it back.
        try d[2].habits.uncheck(habitId: shown, day: now.today)
        for _ in 0..<2 { for device in d { try log.sync(device, clock: now) } }
        for device in d { #expect(try device.habits.entries(habitId: shown, day: now.today) == 0) }
        try d[0].habits.checkIn(habitId: shown, day: now.today, clock: clock("2026-11-21T09:00"))
        for _ in 0..<2 { for device in d { try log.sync(device, clock: now) } }
        for device in d { #expect(try device.habits.entries(habitId: shown, day: now.today) == 1) }
        #expect(try rows(d[0]) == rows(d[1]) && rows(d[1]) == rows(d[2]))
    }
}
