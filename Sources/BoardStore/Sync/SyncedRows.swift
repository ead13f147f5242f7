import Foundation
import BoardModel
import GRDB

/// Which rows sync and what a row change becomes (ARCHITECTURE.md §13): a created row is one `row`
/// change, an updated one a change per changed column, a deleted one a tombstone. An occurrence's
/// exception mask is not sent as one value but as a register per field, so a user's exception on
/// one device and a propagation on another each keep their part.
enum SyncedRows {
    /// The tables that sync, parents first (the order received rows are made in). Events, routine
    /// ticks, reminder claims and settings stay on this device.
    static let tables = SyncedTables.all.map { $0.tableName }

    /// Columns each device keeps for itself: how far its own generation has filled a series, and
    /// when, and how many it made. Sent, they would be overwritten by the series' first values (a
    /// generation change loses to any other) and every device would generate again every round,
    /// so sync never settled. A received row may still carry them (older versions sent them):
    /// they are checked and left out. A card's kept column (`Schema.keptColumns`) is this file's too.
    static let deviceColumns: [String: Set<String>] = Schema.keptColumns.merging(["series": ["generated_through", "last_generated_at", "generated_count"]]) { a, b in a.union(b) }

    /// The tables received changes rebuild as a whole rather than row by row: habits and their
    /// entries, merged by name (`mergeHabits`).
    static let mergedTables: Set<String> = ["habits", "habit_entries"]

    /// One field change before it has an id, a stamp and a device.
    struct Draft: Equatable {
        let entity: String
        let entityId: String
        let field: String
        let value: String?
    }

    static let maskColumn = "exception_mask"

    /// The column an exception field's value lives in.
    static func column(of field: CardField) -> String {
        switch field {
        case .time: "due_time"
        case .duration: "duration_min"
        default: field.rawValue
        }
    }

    static let maskedColumns: [String: CardField] = Dictionary(uniqueKeysWithValues: CardField.allCases.map { (column(of: $0), $0) })

    /// The sync id of a row: its `id`, or for a habit entry (keyed by habit, day and device) one
    /// derived from them.
    static func entityId(table: String, key: [String: DatabaseValue]) -> String? {
        if table == "habit_entries" {
            guard let habit = String.fromDatabaseValue(key["habit_id"] ?? .null),
                  let day = String.fromDatabaseValue(key["day"] ?? .null).flatMap({ LocalDate(iso: $0) }) else { return nil }
            return NameBasedId.habitEntry(habit: habit, day: day, device: String.fromDatabaseValue(key["device"] ?? .null) ?? "")
        }
        return String.fromDatabaseValue(key["id"] ?? .null)
    }

    /// The columns an exception mask names.
    static func maskedColumns(_ mask: DatabaseValue?) -> Set<String> {
        guard let text = String.fromDatabaseValue(mask ?? .null), text != "[]",
              let fields = try? JSONDecoder().decode([CardField].self, from: Data(text.utf8)) else { return [] }
        return Set(fields.map(column(of:)))
    }

    /// The mask that registers set to true make, as the column stores it.
    static func mask(registers: Set<String>) -> String {
        let fields = maskedColumns.filter { registers.contains($0.key) }.map(\.value).sorted()
        return "[" + fields.map { SyncValue.quoted($0.rawValue) }.joined(separator: ",") + "]"
    }

    /// A created row's `row` change value, from its columns and their values: every field but this
    /// device's own, the exception mask as a register per field.
    static func createdRowValue(table: String, columns: some Sequence<(String, DatabaseValue)>) -> String {
        String(decoding: createdRowBytes(table: table, columns: columns), as: UTF8.self)
    }

    /// `createdRowValue`'s UTF-8 bytes: compared as they are when a received card is kept by
    /// reference. The keys are sorted (`CreatedRowLayout`); a register set is the text "true".
    static func createdRowBytes(table: String, columns: some Sequence<(String, DatabaseValue)>) -> [UInt8] {
        var names: [String] = [], values: [DatabaseValue] = []
        names.reserveCapacity(columns.underestimatedCount)
        values.reserveCapacity(columns.underestimatedCount)
        for (name, value) in columns {
            names.append(name)
            values.append(value)
        }
        return CreatedRowLayout.of(table: table, names: names).bytes(values)
    }

    /// What `change` becomes; nothing for a table that does not sync.
    static func drafts(_ change: RowChange) -> [Draft] {
        guard tables.contains(change.table), let id = entityId(table: change.table, key: change.key) else { return [] }
        func draft(_ field: String, _ value: String?) -> Draft { Draft(entity: change.table, entityId: id, field: field, value: value) }
        switch (change.before, change.after) {
        case (_, nil):
            return [draft(FieldChange.deleted, "true")]
        case (nil, let after?):
            return [draft(FieldChange.row, createdRowValue(table: change.table, columns: after.lazy.map { ($0.key, $0.value) }))]
        case (let before?, let after?):
            let own = deviceColumns[change.table] ?? []
            var drafts = change.changedColumns.filter { $0 != maskColumn && !own.contains($0) }.map { draft($0, SyncValue.text(after[$0] ?? .null)) }
            let was = maskedColumns(before[maskColumn]), now = maskedColumns(after[maskColumn])
            drafts += now.subtracting(was).sorted().map { draft(FieldChange.exception($0), "true") }
            drafts += was.subtracting(now).sorted().map { draft(FieldChange.exception($0), "false") }
            return drafts
        }
    }
}
