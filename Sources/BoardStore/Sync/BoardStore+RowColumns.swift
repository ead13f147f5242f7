import BoardModel
import GRDB

/// A received row's columns as they are written (ARCHITECTURE.md §13): worked out from its fields
/// where a pull checks its next batch, or where a row made from its history is taken in.
extension BoardStore {
    /// A row's value that can't be read as its column's.
    struct Unreadable: Error {
        let reason: String
    }

    /// The columns a row is written with, from its `fields` (what `Replica.row` makes), in name
    /// order: this device's own left out, the exception registers as the mask.
    static func rowColumns(table: String, fields: [String: String?]) throws(Unreadable) -> [(String, DatabaseValue)] {
        // Column names come from Board's own list, never from received text (which was checked against it).
        guard let written = WrittenColumns.of[table] else { throw Unreadable(reason: "not a table Board syncs") }
        var registers: Set<String> = []
        // How many of `fields` are used: every one must be, or the row carries a field Board does not know.
        var used = written.own.count { fields[$0] != nil }
        for field in fields.keys where field.hasPrefix("exception.") {
            registers.insert(String(field.dropFirst("exception.".count)))
            used += 1
        }
        var columns: [(String, DatabaseValue)] = []
        columns.reserveCapacity(written.names.count + 1)
        // The list is in name order already, the mask's place in it known: nothing to sort.
        for (index, field) in written.names.enumerated() {
            if index == written.maskAt { columns.append((SyncedRows.maskColumn, SyncedRows.mask(registers: registers).databaseValue)) }
            guard let text = fields[field] else { continue }
            guard let value = SyncValue.value(text) else { throw Unreadable(reason: "\(table).\(field): its value can't be read") }
            columns.append((field, value))
            used += 1
        }
        if written.maskAt == written.names.count { columns.append((SyncedRows.maskColumn, SyncedRows.mask(registers: registers).databaseValue)) }
        guard used == fields.count else {
            let known = Set(written.names).union(written.own)
            let unknown = fields.keys.filter { !known.contains($0) && !$0.hasPrefix("exception.") }.min() ?? ""
            throw Unreadable(reason: "\(table).\(unknown): its value can't be read")
        }
        return columns
    }

    /// A synced table's columns as `rowColumns` writes them: its fields but this device's own, in
    /// name order, and where among them the exception mask goes (nil: the table has none).
    struct WrittenColumns {
        let names: [String]
        let own: [String]
        let maskAt: Int?

        static let of: [String: WrittenColumns] = Dictionary(uniqueKeysWithValues: SyncedFields.ordered.map { table, fields in
            let own = SyncedRows.deviceColumns[table] ?? []
            let names = fields.map(\.field).filter { !own.contains($0) && $0 != SyncedRows.maskColumn }
            let maskAt = table == "tasks" ? names.firstIndex { $0 > SyncedRows.maskColumn } ?? names.count : nil
            return (table, WrittenColumns(names: names, own: own.sorted(), maskAt: maskAt))
        })
    }
}
