import BoardModel
@testable import BoardStore
import Foundation
import GRDB
import Testing

/// Habits with a target in the store (issue 54, item 4): entries counted, taken back, a target
/// changed, a board from before targets migrated without losing an entry.
@Suite struct HabitTargetStoreTests {
    let now = clock("2026-11-28T09:00")

    @Test func checkInsAddUpAndTakingBackRemovesThemOneByOne() throws {
        let f = try StoreFixture()
        let water = try f.store.habits.add("Water", target: try HabitTarget(phrase: "8 times a day"), clock: now)
        #expect(try f.store.habits.checkIn(habitId: water.id, day: now.today, clock: now) == 1)
        #expect(try f.store.habits.checkIn(habitId: water.id, day: now.today, count: 3, clock: now) == 4)
        #expect(try f.store.habits.list(clock: now).first?.standing == "4/8 today")
        #expect(try f.store.habits.takeBack(1, habitId: water.id, day: now.today, clock: now) == 3)
        #expect(throws: BoardError("count", "2026-11-28 has 3 entries; cannot take back 4")) {
            try f.store.habits.takeBack(4, habitId: water.id, day: now.today, clock: now)
        }
        #expect(try f.store.habits.takeBack(3, habitId: water.id, day: now.today, clock: now) == 0)
        #expect(try f.store.database.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM habit_entries") } == 0, "a row at 0 is removed")
        for bad in [0, 1_001] {
            #expect(throws: BoardError("count", "must be from 1 to 1000, got \(bad)")) {
                try f.store.habits.checkIn(habitId: water.id, day: now.today, count: bad, clock: now)
            }
        }
    }

    @Test func aDailyHabitsDayHoldsOneEntryAndAWeeklyOneCountsItsWeek() throws {
        let f = try StoreFixture()
        let read = try f.store.habits.add("Read", clock: now)
        for _ in 0..<3 { try f.store.habits.checkIn(habitId: read.id, day: now.today, clock: now) }
        #expect(try f.store.habits.entries(habitId: read.id, day: now.today) == 1)
        let run = try f.store.habits.add("Run", target: try HabitTarget(phrase: "3 times a week"), clock: now)
        // Mon 23 and Wed 25 of this week, and Sat 28 (today).
        for day in ["2026-11-23", "2026-11-25", "2026-11-28"] { try f.store.habits.checkIn(habitId: run.id, day: date(day), clock: now) }
        let overview = try #require(try f.store.habits.list(clock: now).first { $0.habit.id == run.id })
        #expect(overview.standing == "3/3 this week" && overview.streak == 1)
        #expect(try f.store.reader.habitsMet(on: now.today, weekStart: .monday) == [read.id, run.id])
        // A week starting on Saturday puts only today in this week.
        #expect(try f.store.habits.list(clock: now, weekStart: .saturday).first { $0.habit.id == run.id }?.standing == "1/3 this week")
        #expect(try f.store.reader.habitsMet(on: now.today, weekStart: .saturday) == [read.id])
    }

    @Test func aNewTargetCountsTheEntriesAlreadyMade() throws {
        let f = try StoreFixture()
        let water = try f.store.habits.add("Water", clock: now)
        try f.store.habits.checkIn(habitId: water.id, day: now.today, clock: now)
        let edited = try f.store.habits.edit(water.id, target: try HabitTarget(phrase: "twice a day"))
        #expect(edited.target.text == "2/day")
        #expect(try f.store.habits.list(clock: now).first?.standing == "1/2 today")
        // Back to daily: stored as before targets, null.
        _ = try f.store.habits.edit(water.id, target: .daily)
        #expect(try f.store.database.read { try String?.fetchOne($0, sql: "SELECT target FROM habits") } == .some(nil))
        let other = try f.store.habits.add("Tea", clock: now)
        #expect(throws: BoardError("name", "a habit named 'Water' already exists")) { try f.store.habits.edit(other.id, name: "WATER") }
        #expect(throws: BoardError("name", "must not be empty")) { try f.store.habits.edit(other.id, name: "  ") }
        #expect(try f.store.habits.list(clock: now).map(\.habit.name) == ["Water", "Tea"])
    }

    @Test func theBoardFileRefusesATargetOrCountOutOfItsRules() throws {
        let f = try StoreFixture()
        let water = try f.store.habits.add("Water", clock: now)
        for sql in ["UPDATE habits SET target = '0/day'", "UPDATE habits SET target = '3/year'", "UPDATE habits SET target = '03/day'",
                    "UPDATE habits SET target = '101/week'",
                    "INSERT INTO habit_entries (habit_id, day, source, created_at, updated_at, count) VALUES ('\(water.id)', '2026-11-28', 'manual', 't', 't', 0)"] {
            #expect(throws: DatabaseError.self, "\(sql)") { try f.store.database.write { try $0.execute(sql: sql) } }
        }
        try f.store.database.write { try $0.execute(sql: "UPDATE habits SET target = '100/month'") }
    }

    @Test func aBoardFromBeforeTargetsKeepsEveryEntry() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("board-habits-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("board.sqlite").path
        let old = try DatabaseQueue(path: path)
        try Schema.migrator.migrate(old, upTo: "v22 an occurrence's time of day")
        try old.write { db in
            try db.execute(sql: "INSERT INTO settings (id, owner_id) VALUES (1, 'owner-1')")
            try db.execute(sql: "INSERT INTO habits (id, owner_id, name, created_at) VALUES ('h1', 'owner-1', 'Read', 't')")
            for day in ["2026-11-26", "2026-11-27", "2026-11-28"] {
                try db.execute(sql: "INSERT INTO habit_entries (habit_id, day, source, created_at, updated_at) VALUES ('h1', ?, 'manual', 't', 't')",
                               arguments: [day])
            }
        }
        try old.close()
        let store = try BoardStore.open(path: path)
        let read = try #require(try store.habits.list(clock: now).first)
        #expect(read.habit.target == .daily && read.streak == 3 && read.standing == "1/1 today")
        #expect(try store.habits.entry(habitId: "h1", day: now.today)?.count == 1)
        // The entry of a board that never synced keeps the id it synced under before counts.
        #expect(SyncedRows.entityId(table: "habit_entries", key: ["habit_id": "h1".databaseValue, "day": "2026-11-28".databaseValue,
                                                                   "device": "".databaseValue])
                == NameBasedId.uuid5(namespace: NameBasedId.namespace, name: "habit-entry:h1:2026-11-28"))
    }
}
