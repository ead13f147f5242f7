import BoardModel
import Foundation

/// A card and its checklist items, read with `CardReader`'s values (ARCHITECTURE.md §11).
extension CardReader {
    /// A card: only its title is required (a field given as null is a field left out). Without an id it gets a new one (so importing such a
    /// file twice adds it twice); without a position it has none (the import places it); the
    /// rest defaults as `board add` does (This Week, priority 0, no labels, open).
    mutating func card() throws -> BoardDocument.Card {
        skipSpace()
        guard peek == UInt8(ascii: "{") else { throw try mismatch("an object") }
        position += 1
        var id: String?, title: String?, description: String?, labels: [String]?, bucket: String?, position: Int?
        var dueDate: String??, dueTime: String??, priority: Int?, duration: Int??, completed: Bool?
        var templateId: String??, seriesId: String??, occurrenceDate: String??, exceptions: [String]?
        var checklist: [ChecklistItem]?, ownerId: String??, completedAt: String??, createdAt: String??
        var updatedAt: String??, remindBefore: Int??, aimedOn: String??, occurrenceTime: String??
        typealias T = CardTable
        try members { reader, key in
            switch key {
            case T.id.documentKey: id = try reader.optional { try $0.string() } ?? nil
            case T.title.documentKey: title = try reader.string()
            case T.description.documentKey: description = try reader.optional { try $0.string() } ?? nil
            case T.labels.documentKey: labels = try reader.optional { try $0.array { reader in try reader.string() } } ?? nil
            case T.bucket.documentKey: bucket = try reader.optional { try $0.string() } ?? nil
            case T.position.documentKey: position = try reader.optional { try $0.int() } ?? nil
            case T.dueDate.documentKey: dueDate = try reader.optional { try $0.string() }
            case T.dueTime.documentKey: dueTime = try reader.optional { try $0.string() }
            case T.priority.documentKey: priority = try reader.optional { try $0.int() } ?? nil
            case T.durationMin.documentKey: duration = try reader.optional { try $0.int() }
            case T.isCompleted.documentKey: completed = try reader.optional { try $0.bool() } ?? nil
            case T.templateId.documentKey: templateId = try reader.optional { try $0.string() }
            case T.seriesId.documentKey: seriesId = try reader.optional { try $0.string() }
            case T.occurrenceDate.documentKey: occurrenceDate = try reader.optional { try $0.string() }
            case T.exceptionMask.documentKey: exceptions = try reader.optional { try $0.array { reader in try reader.string() } } ?? nil
            case T.checklist.documentKey: checklist = try reader.optional { try $0.array { reader in try reader.item() } } ?? nil
            case T.ownerId.documentKey: ownerId = try reader.optional { try $0.string() }
            case T.completedAt.documentKey: completedAt = try reader.optional { try $0.string() }
            case T.createdAt.documentKey: createdAt = try reader.optional { try $0.string() }
            case T.updatedAt.documentKey: updatedAt = try reader.optional { try $0.string() }
            case T.remindBefore.documentKey: remindBefore = try reader.optional { try $0.int() }
            case T.aimedOn.documentKey: aimedOn = try reader.optional { try $0.string() }
            case T.occurrenceTime.documentKey: occurrenceTime = try reader.optional { try $0.string() }
            default: try reader.skipValue()
            }
        }
        func required<T>(_ value: T?, _ key: String) throws -> T {
            guard let value else { throw BoardError("\(pathText).\(key)", "is missing") }
            return value
        }
        let cardId: String = id ?? RandomId.make(), cardTitle: String = try required(title, T.title.documentKey)
        let cardBucket: String = bucket ?? Bucket.thisWeek.cliName, cardPosition: Int? = position
        let cardLabels: [String] = labels ?? [], cardExceptions: [String] = exceptions ?? []
        let cardChecklist: [ChecklistItem] = checklist ?? []
        return BoardDocument.Card(
            id: cardId, title: cardTitle, description: description ?? "",
            labels: cardLabels, bucket: cardBucket, position: cardPosition,
            dueDate: dueDate ?? nil, dueTime: dueTime ?? nil, priority: priority ?? 0, duration: duration ?? nil,
            completed: completed ?? false, templateId: templateId ?? nil, seriesId: seriesId ?? nil,
            occurrenceDate: occurrenceDate ?? nil, exceptions: cardExceptions,
            checklist: cardChecklist, ownerId: ownerId ?? nil, completedAt: completedAt ?? nil,
            createdAt: createdAt ?? nil, updatedAt: updatedAt ?? nil, remindBefore: remindBefore ?? nil, aimedOn: aimedOn ?? nil,
            occurrenceTime: occurrenceTime ?? nil)
    }

    mutating func item() throws -> ChecklistItem {
        skipSpace()
        guard peek == UInt8(ascii: "{") else { throw try mismatch("an object") }
        position += 1
        var text: String?, done: Bool?
        try members { reader, key in
            switch key {
            case "text": text = try reader.string()
            case "done": done = try reader.bool()
            default: try reader.skipValue()
            }
        }
        guard let done else { throw BoardError("\(pathText).done", "is missing") }
        guard let text else { throw BoardError("\(pathText).text", "is missing") }
        return ChecklistItem(text, done: done)
    }
}
