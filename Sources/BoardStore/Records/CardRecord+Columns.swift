import BoardModel
import Foundation
import GRDB

extension CardRecord {
    /// A card read column by column rather than through Codable: `list` and `export` of
    /// 100,000 cards spend their time writing, not building key maps per row (ARCHITECTURE.md §7).
    public init(row: Row) throws { try self.init(row: row, at: Self.columnPositions(in: row)) }

    /// Where each column is in rows like `row`, in `CardTable` order (`columnValues`' order). A
    /// cursor finds them once: by name, GRDB lowercases and hashes the name for every value read.
    static func columnPositions(in row: Row) throws -> [Int] { try row.positions(of: CardTable.fields) }

    /// The card in `row`, its columns at `p` (from `columnPositions`).
    init(row: Row, at p: [Int]) throws {
        id = try row.decode(atIndex: p[0])
        ownerId = try row.decode(atIndex: p[1])
        title = try row.decode(atIndex: p[2])
        description = try row.decode(atIndex: p[3])
        labels = try JSONColumn.strings(row.decode(atIndex: p[4]), column: CardTable.labels.column)
        checklist = try JSONColumn.array(row.decode(atIndex: p[5]))
        let bucketName: String = try row.decode(atIndex: p[6])
        guard let bucket = Bucket(rawValue: bucketName) else { throw JSONColumn.Unreadable(column: CardTable.bucket.column) }
        self.bucket = bucket
        position = try row.decode(atIndex: p[7])
        dueDate = try row.decode(atIndex: p[8])
        dueTime = try row.decode(atIndex: p[9])
        priority = try row.decode(atIndex: p[10])
        durationMin = try row.decode(atIndex: p[11])
        isCompleted = try row.decode(atIndex: p[12])
        completedAt = try row.decode(atIndex: p[13])
        createdAt = try row.decode(atIndex: p[14])
        updatedAt = try row.decode(atIndex: p[15])
        templateId = try row.decode(atIndex: p[16])
        seriesId = try row.decode(atIndex: p[17])
        occurrenceDate = try row.decode(atIndex: p[18])
        exceptionMask = try JSONColumn.array(row.decode(atIndex: p[19]))
        remindBeforeMin = try row.decode(atIndex: p[20])
        aimedOn = try row.decode(atIndex: p[21])
        occurrenceTime = try row.decode(atIndex: p[22])
    }
}

extension CardRecord {
    /// The card's values in `CardTable` order: what every write of a card stores, through a
    /// record's `insert`/`update` or through the bulk insert of `import`. Each a `DatabaseValue`:
    /// an optional boxed as `any DatabaseValueConvertible` looked up its conditional conformance
    /// on every row of an import.
    var columnValues: [DatabaseValue] {
        func value<V: DatabaseValueConvertible>(_ v: V?) -> DatabaseValue { v?.databaseValue ?? .null }
        return [id.databaseValue, ownerId.databaseValue, title.databaseValue, description.databaseValue,
                JSONColumn.text(labels).databaseValue, JSONColumn.text(checklist).databaseValue, bucket.rawValue.databaseValue,
                position.databaseValue, value(dueDate), value(dueTime), priority.databaseValue, value(durationMin),
                isCompleted.databaseValue, value(completedAt), createdAt.databaseValue, updatedAt.databaseValue, value(templateId),
                value(seriesId), value(occurrenceDate), JSONColumn.text(exceptionMask).databaseValue, value(remindBeforeMin),
                value(aimedOn), value(occurrenceTime)]
    }

    /// Written column by column, for the same reason.
    public func encode(to container: inout PersistenceContainer) throws {
        for (field, value) in zip(CardTable.fields, columnValues) { container[field.column] = value }
    }

    /// The bulk path of `import`: one prepared statement for every new card, without a record's
    /// per-row persistence machinery.
    /// With `shown`, the column each card shows in is given after its values, so the schema's
    /// trigger need not work it out row by row (ARCHITECTURE.md §15).
    static func bulkInsert(_ db: Database, shown: Bool = false) throws -> BulkInsert {
        try BulkInsert(db, table: databaseTableName, columns: CardTable.deviceColumns + (shown ? ["shown"] : []))
    }
}

extension Row {
    /// Where each of `fields`' columns is in this row, in their order; the rows of one cursor share them.
    func positions(of fields: [SyncedField]) throws -> [Int] {
        let names = Array(columnNames).map { $0.lowercased() }
        return try fields.map { field in
            guard let position = names.firstIndex(of: field.column) else { throw JSONColumn.Unreadable(column: field.column) }
            return position
        }
    }
}

/// A JSON array stored in a text column (labels, checklists, exception masks): the empty one,
/// by far the most common, without a decoder.
enum JSONColumn {
    struct Unreadable: Error, CustomStringConvertible {
        let column: String
        var description: String { "\(column): the board file holds a value Board can't read" }
    }

    /// `["home","work"]`, written as GRDB's own encoding (JSONEncoder, sorted keys) writes it.
    static func text(_ strings: [String]) -> String {
        if strings.isEmpty { return "[]" }
        var out: [UInt8] = [UInt8(ascii: "[")]
        for (i, string) in strings.enumerated() {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            CardJSON.appendString(string, to: &out)
        }
        out.append(UInt8(ascii: "]"))
        return String(decoding: out, as: UTF8.self)
    }

    /// `[{"done":false,"text":"Pack water"}]`, the same way.
    static func text(_ items: [ChecklistItem]) -> String {
        if items.isEmpty { return "[]" }
        var out: [UInt8] = [UInt8(ascii: "[")]
        for (i, item) in items.enumerated() {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            out.append(contentsOf: (item.done ? #"{"done":true,"text":"# : #"{"done":false,"text":"#).utf8)
            CardJSON.appendString(item.text, to: &out)
            out.append(UInt8(ascii: "}"))
        }
        out.append(UInt8(ascii: "]"))
        return String(decoding: out, as: UTF8.self)
    }

    static func text(_ fields: [CardField]) -> String { text(fields.map(\.rawValue)) }

    /// An array of strings, read by JSON's rules (`JSONString`).
    static func strings(_ text: String, column: String) throws -> [String] {
        if text == "[]" { return [] }
        guard let strings = JSONString.array(text) else { throw Unreadable(column: column) }
        return strings
    }

    static func array<T: Decodable>(_ text: String) throws -> [T] {
        if text == "[]" { return [] }
        return try JSONDecoder().decode([T].self, from: Data(text.utf8))
    }
}
