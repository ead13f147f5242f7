import BoardModel
@testable import BoardStore
import Foundation
import GRDB
import Testing

/// Each synced record's fields are declared once, in its table (`SyncedTables`); every other place
/// a field lives is read from it or held to it here, so a field added in one place only fails
/// (ARCHITECTURE.md §7). The server's columns are held to it on a throwaway cluster
/// (`ServerFieldTableTests`).
@Suite struct FieldTableTests {
    /// Every table's name with its columns on a device.
    let tables: [(name: String, columns: [String])] = SyncedTables.all.map { ($0.tableName, $0.deviceColumns) }

    @Test func theBoardFilesColumnsAreTheTablesFields() throws {
        let store = try StoreFixture().store
        try store.database.read { db in
            for table in tables {
                let columns = try String.fetchAll(db, sql: "SELECT name FROM pragma_table_info(?)", arguments: [table.name])
                let kept = Schema.keptColumns[table.name] ?? []
                #expect(columns.filter { !kept.contains($0) } == table.columns, "\(table.name)")
            }
        }
    }

    @Test func eachRecordCodesTheColumnsOfItsTableInItsOrder() {
        func keys<K: CodingKey & CaseIterable>(_: K.Type) -> [String] { K.allCases.map(\.stringValue) }
        #expect(keys(TemplateRecord.CodingKeys.self) == TemplateTable.deviceColumns)
        #expect(keys(RecurrenceRuleRecord.CodingKeys.self) == RuleTable.deviceColumns)
        // The series' generation count is kept by SQL beside the record, never read into it.
        #expect(keys(SeriesRecord.CodingKeys.self) == SeriesTable.deviceColumns.filter { $0 != SeriesTable.generatedCount.column })
        #expect(keys(HabitRecord.CodingKeys.self) == HabitTable.deviceColumns)
        #expect(keys(HabitEntryRecord.CodingKeys.self) == HabitEntryTable.deviceColumns)
    }

    /// A record is written by its key without GRDB reading the schema for it (`BoardRecord`), so
    /// the key each record names must be the one its table declares.
    @Test func eachRecordsKeyIsItsTablesPrimaryKey() throws {
        let records: [any BoardRecord.Type] = [CardRecord.self, TemplateRecord.self, RecurrenceRuleRecord.self, SeriesRecord.self,
                                               HabitRecord.self, HabitEntryRecord.self, SettingsRecord.self, EventRecord.self]
        let store = try StoreFixture().store
        try store.database.read { db in
            for record in records {
                let key = try String.fetchAll(db, sql: "SELECT name FROM pragma_table_info(?) WHERE pk > 0 ORDER BY pk",
                                              arguments: [record.databaseTableName])
                #expect(record.keyColumns == key, "\(record.databaseTableName)")
            }
        }
    }

    /// As GRDB's `update`: a record whose row is gone is an error, and nothing is written.
    @Test func updatingARecordWithNoRowIsRefused() throws {
        let store = try StoreFixture().store
        let card = try store.cards.add(CardValues(title: "Kept"), clock: now)
        var gone = card
        gone.id = "no-such-card"
        gone.title = "Changed"
        #expect(throws: RecordError.self) { try store.database.write { db in try gone.updateRow(db) } }
        let titles = try store.database.read { db in try String.fetchAll(db, sql: "SELECT title FROM tasks") }
        #expect(titles == ["Kept"])
        var entry = HabitEntryRecord(habitId: "h", day: date("2026-11-20"), source: .manual, routineId: nil,
                                     createdAt: "t", updatedAt: "t")
        entry.count = 2
        #expect(throws: RecordError.self) { try store.database.write { db in try entry.updateRow(db) } }
    }

    /// A record is read and deleted by the key it names, a composite one included.
    @Test func aRecordIsFoundAndDeletedByItsKey() throws {
        let store = try StoreFixture().store
        let card = try store.cards.add(CardValues(title: "Found"), clock: now)
        let habit = try store.habits.add("Water", clock: now)
        try store.habits.checkIn(habitId: habit.id, day: date("2026-11-20"), clock: now)
        try store.database.write { db in
            #expect(try CardRecord.fetchOne(db, keyValues: [card.id]) == card)
            let entry = try #require(try HabitEntryRecord.fetchOne(db, keyValues: [habit.id, "2026-11-20", ""]))
            #expect(entry.habitId == habit.id && entry.count == 1)
            #expect(try HabitEntryRecord.fetchOne(db, keyValues: [habit.id, "2026-11-20", "another-device"]) == nil)
            #expect(try HabitEntryRecord.fetchOne(db, keyValues: [habit.id, "2026-11-21", ""]) == nil)
            #expect(try card.deleteRow(db))
            #expect(try CardRecord.fetchOne(db, keyValues: [card.id]) == nil)
            #expect(try !card.deleteRow(db))
            #expect(try entry.deleteRow(db))
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM habit_entries") == 0)
        }
    }

    let now = clock("2026-11-21T09:00")

    @Test func aCardIsWrittenAndReadBackByItsTablesColumns() throws {
        let store = try StoreFixture().store
        let card = try store.cards.add(CardValues(title: "Pay rent", time: LocalTime(iso: "09:30")), bucket: .nextWeek,
                                     due: date("2026-12-01"), remindBefore: 15, clock: now)
        try store.database.read { db in
            let row = try #require(try Row.fetchOne(db, sql: "SELECT * FROM tasks WHERE id = ?", arguments: [card.id]))
            #expect(try CardRecord(row: row) == card)
            let written = try card.databaseDictionary
            #expect(written.keys.sorted() == CardTable.deviceColumns.sorted())
            for field in CardTable.fields { #expect(written[field.column] == row[field.column], "\(field.column)") }
        }
    }

    /// An export's objects hold every field their table gives a key, and nothing else but the
    /// objects they hold; the streaming card reader reads back what the decoder reads.
    @Test func documentsWriteTheKeysOfTheTables() throws {
        func keys(_ object: Any?) throws -> Set<String> { Set(try #require(object as? [String: Any]).keys) }
        func documentKeys(_ table: any SyncedTable.Type) -> Set<String> { Set(table.fields.compactMap(\.key)) }
        let store = try StoreFixture().store
        try store.routines.add(CardValues(title: "Stretch", checklist: ["neck"]), rule: try rule("every day"), clock: now)
        // A habit with a target writes it (a daily one leaves it out, as earlier Boards wrote it).
        let habit = try store.habits.add("Water", target: try HabitTarget(phrase: "3 times a day"), clock: now)
        try store.habits.checkIn(habitId: habit.id, day: date("2026-11-20"), clock: now)
        let card = try store.cards.add(CardValues(title: "Pay rent"), due: date("2026-12-01"), clock: now)
        try store.cards.move(card.id, to: .nextWeek, clock: now)
        try store.cards.complete(card.id, clock: now)
        var text = ""
        try store.exchange.export { text += $0 }
        let document = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let template = try #require((document["templates"] as? [[String: Any]])?.first)
        #expect(try keys(template) == documentKeys(TemplateTable.self).union(["rule", "series"]))
        #expect(try keys(template["rule"]) == documentKeys(RuleTable.self))
        #expect(try keys(template["series"]) == documentKeys(SeriesTable.self))
        let habitObject = try #require((document["habits"] as? [[String: Any]])?.first)
        #expect(try keys(habitObject) == documentKeys(HabitTable.self).union(["entries"]))
        #expect(try keys((habitObject["entries"] as? [Any])?.first) == documentKeys(HabitEntryTable.self))
        let cards = try #require(document["cards"] as? [[String: Any]])
        let moved = try #require(cards.first { $0["id"] as? String == card.id })
        let movedKeys = try keys(moved)
        // A run's time is written only for a run of a routine several times a day.
        let cardKeys = documentKeys(CardTable.self).subtracting([CardTable.occurrenceTime.documentKey])
        #expect(movedKeys == cardKeys, "\(movedKeys.symmetricDifference(cardKeys))")
        let cardsText = try JSONSerialization.data(withJSONObject: cards)
        let decoded = try JSONDecoder().decode([BoardDocument.Card].self, from: cardsText)
        let read = try CardReader.document(cardsText, check: { _ in }) { _, cards in
            var all: [BoardDocument.Card] = []
            while let (_, card) = try cards.next() { all.append(card) }
            return all
        }
        #expect(read == decoded && decoded.contains { $0.aimedOn != nil && $0.remindBefore != nil })
    }
}
