import BoardModel
import Foundation
import GRDB

extension TaskRecord {
    /// A card read column by column rather than through Codable: `list` and `export` of
    /// 100,000 cards spend their time writing, not building key maps per row (ARCHITECTURE.md §7).
    public init(row: Row) throws {
        typealias C = Columns
        id = try row.decode(forColumn: C.id.rawValue)
        ownerId = try row.decode(forColumn: C.ownerId.rawValue)
        title = try row.decode(forColumn: C.title.rawValue)
        description = try row.decode(forColumn: C.description.rawValue)
        labels = try JSONColumn.strings(row.decode(forColumn: C.labels.rawValue))
        checklist = try JSONColumn.array(row.decode(forColumn: C.checklist.rawValue))
        let bucketName: String = try row.decode(forColumn: C.bucket.rawValue)
        guard let bucket = Bucket(rawValue: bucketName) else { throw JSONColumn.Unreadable(column: C.bucket.rawValue) }
        self.bucket = bucket
        position = try row.decode(forColumn: C.position.rawValue)
        dueDate = try row.decode(forColumn: C.dueDate.rawValue)
        dueTime = try row.decode(forColumn: C.dueTime.rawValue)
        priority = try row.decode(forColumn: C.priority.rawValue)
        durationMin = try row.decode(forColumn: C.durationMin.rawValue)
        isCompleted = try row.decode(forColumn: C.isCompleted.rawValue)
        completedAt = try row.decode(forColumn: C.completedAt.rawValue)
        createdAt = try row.decode(forColumn: C.createdAt.rawValue)
        updatedAt = try row.decode(forColumn: C.updatedAt.rawValue)
        templateId = try row.decode(forColumn: C.templateId.rawValue)
        seriesId = try row.decode(forColumn: C.seriesId.rawValue)
        occurrenceDate = try row.decode(forColumn: C.occurrenceDate.rawValue)
        exceptionMask = try JSONColumn.array(row.decode(forColumn: C.exceptionMask.rawValue))
        remindBeforeMin = try row.decode(forColumn: C.remindBeforeMin.rawValue)
    }
}

extension TaskRecord {
    /// The card's values in `CodingKeys` order: what every write of a card stores, through a
    /// record's `insert`/`update` or through the bulk statement of `import`.
    /// Each a `DatabaseValue`, boxed as it is: an optional boxed as `any DatabaseValueConvertible`
    /// looked up its conditional conformance on every row of an import, and GRDB's arguments from
    /// a sequence of concrete values instantiate a key path per row.
    var columnValues: [(any DatabaseValueConvertible)?] {
        func value<V: DatabaseValueConvertible>(_ v: V?) -> DatabaseValue { v?.databaseValue ?? .null }
        return [id.databaseValue, ownerId.databaseValue, title.databaseValue, description.databaseValue,
                JSONColumn.text(labels).databaseValue, JSONColumn.text(checklist).databaseValue, bucket.rawValue.databaseValue,
                position.databaseValue, value(dueDate), value(dueTime), priority.databaseValue, value(durationMin),
                isCompleted.databaseValue, value(completedAt), createdAt.databaseValue, updatedAt.databaseValue, value(templateId),
                value(seriesId), value(occurrenceDate), JSONColumn.text(exceptionMask).databaseValue, value(remindBeforeMin)]
    }

    /// Written column by column, for the same reason.
    public func encode(to container: inout PersistenceContainer) throws {
        for (column, value) in zip(CodingKeys.allCases, columnValues) { container[column] = value }
    }

    /// The bulk path of `import`: one prepared statement for every new card, without a record's
    /// per-row persistence machinery.
    static func bulkInsertStatement(_ db: Database) throws -> Statement {
        let columns = CodingKeys.allCases.map(\.rawValue)
        return try db.cachedStatement(sql: "INSERT INTO tasks (\(columns.joined(separator: ", "))) VALUES (\(columns.map { _ in "?" }.joined(separator: ", ")))")
    }

    func insert(with statement: Statement) throws {
        try statement.execute(arguments: StatementArguments(columnValues))
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

    /// An array of strings; one without escapes (`["home","work"]`) is split rather than decoded.
    static func strings(_ text: String) throws -> [String] {
        if text == "[]" { return [] }
        let utf8 = text.utf8
        if utf8.count >= 4, text.hasPrefix("[\""), text.hasSuffix("\"]"), !utf8.contains(UInt8(ascii: "\\")) {
            let parts = text.dropFirst(2).dropLast(2).components(separatedBy: "\",\"")
            if !parts.contains(where: { $0.contains("\"") }) { return parts }
        }
        return try array(text)
    }

    static func array<T: Decodable>(_ text: String) throws -> [T] {
        if text == "[]" { return [] }
        return try JSONDecoder().decode([T].self, from: Data(text.utf8))
    }
}
