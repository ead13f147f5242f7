import BoardModel
import Foundation
import GRDB

/// One entry of the event log stats read (ARCHITECTURE.md §12): a case per kind with its details
/// typed, so no kind is misspelt, none has two names and no detail goes missing.
enum BoardEvent {
    case templateCreated
    case templateEdited(version: Int, fields: [CardField], updated: Int, removed: Int)
    case paused
    /// What it resumed from: stats count resumes from a pause, not a draft's first start.
    case resumed(from: TemplateStatus)
    /// Archived by its end (`ended`) or by the person (no reason).
    case archived(reason: ArchiveReason?)
    case skipped(date: LocalDate)
    case duplicated(from: String)
    /// A field made an occurrence's own: by an edit, by `m` (frozen as it is) or by an import.
    case exceptionAdded(field: CardField, how: ExceptionSource)
    case reapplied(fields: [CardField])
    case occurrenceCompleted
    case occurrenceReopened
    case occurrenceDeleted(date: LocalDate)

    enum ArchiveReason: String { case ended }
    enum ExceptionSource: String { case edit, made, `import` }

    /// The `kind` column's values, as the queries of stats and horizons name them.
    enum Kind: String {
        case templateCreated = "template_created", templateEdited = "template_edited", paused, resumed, archived, skipped
        case duplicated, exceptionAdded = "exception_added", reapplied, occurrenceCompleted = "occurrence_completed"
        case occurrenceReopened = "occurrence_reopened", occurrenceDeleted = "occurrence_deleted"
        /// Written by boards before 0.14 for `m`; read as an `exception_added` whose `how` is `made`.
        static let exceptionMadeBefore014 = "exception_made"
    }

    var kind: Kind {
        switch self {
        case .templateCreated: .templateCreated
        case .templateEdited: .templateEdited
        case .paused: .paused
        case .resumed: .resumed
        case .archived: .archived
        case .skipped: .skipped
        case .duplicated: .duplicated
        case .exceptionAdded: .exceptionAdded
        case .reapplied: .reapplied
        case .occurrenceCompleted: .occurrenceCompleted
        case .occurrenceReopened: .occurrenceReopened
        case .occurrenceDeleted: .occurrenceDeleted
        }
    }

    /// The `detail` column's JSON object (keys sorted, so equal events are equal text).
    var detail: [String: Any] {
        switch self {
        case .templateCreated, .paused, .occurrenceCompleted, .occurrenceReopened: [:]
        case .templateEdited(let version, let fields, let updated, let removed):
            ["version": version, "fields": fields.map(\.rawValue), "updated": updated, "removed": removed]
        case .resumed(let from): ["from": from.rawValue]
        case .archived(let reason): reason.map { ["reason": $0.rawValue] } ?? [:]
        case .skipped(let date), .occurrenceDeleted(let date): ["date": date.iso]
        case .duplicated(let from): ["from": from]
        case .exceptionAdded(let field, let how): ["field": field.rawValue, "how": how.rawValue]
        case .reapplied(let fields): ["fields": fields.map(\.rawValue)]
        }
    }
}

extension BoardStore {
    /// Appends `event` to the log, in the transaction of the change it records.
    static func record(_ event: BoardEvent, template: String? = nil, card: String? = nil, clock: BoardClock, _ db: Database) throws {
        let json = try JSONSerialization.data(withJSONObject: event.detail, options: [.sortedKeys])
        try EventRecord(id: nil, at: clock.timestamp, kind: event.kind.rawValue, templateId: template, cardId: card,
                        detail: String(decoding: json, as: UTF8.self)).insertRow(db)
    }
}
