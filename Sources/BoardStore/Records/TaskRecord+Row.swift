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
        labels = try JSONColumn.array(row.decode(forColumn: C.labels.rawValue))
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

/// A JSON array stored in a text column (labels, checklists, exception masks): the empty one,
/// by far the most common, without a decoder.
enum JSONColumn {
    struct Unreadable: Error, CustomStringConvertible {
        let column: String
        var description: String { "\(column): the board file holds a value Board can't read" }
    }

    static func array<T: Decodable>(_ text: String) throws -> [T] {
        if text == "[]" { return [] }
        return try JSONDecoder().decode([T].self, from: Data(text.utf8))
    }
}
