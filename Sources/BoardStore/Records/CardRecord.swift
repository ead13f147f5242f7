import BoardModel
import GRDB

/// A row of `tasks`: a card on the board, plain or an occurrence of a template.
/// Read and written column by column in `CardTable`'s order (`CardRecord+Columns`), not through Codable.
public struct CardRecord: Hashable, Sendable, BoardRecord {
    public static let databaseTableName = "tasks"

    public var id: String
    public var ownerId: String
    public var title: String
    public var description: String
    public var labels: [String]
    public var checklist: [ChecklistItem]
    public var bucket: Bucket
    public var position: Int
    public var dueDate: LocalDate?
    public var dueTime: LocalTime?
    public var priority: Int
    public var durationMin: Int?
    public var isCompleted: Bool
    public var completedAt: String?
    public var createdAt: String
    public var updatedAt: String
    public var templateId: String?
    public var seriesId: String?
    public var occurrenceDate: LocalDate?
    public var exceptionMask: [CardField]
    /// Minutes before its date and time that the card reminds (0: at the time).
    public var remindBeforeMin: Int
    /// The day a person put the card in its bucket; nil: it follows its due date (ARCHITECTURE.md §15).
    public var aimedOn: LocalDate? = nil
    /// The time of day of the run this occurrence is, when its routine runs several times a day;
    /// nil for one time (ARCHITECTURE.md §4). Part of the occurrence's key, never edited.
    public var occurrenceTime: LocalTime? = nil

    /// Typed columns for requests, from the card's table: `CardRecord.Columns.seriesId == id`.
    public typealias Columns = CardTable

    /// The column the card shows in under `horizons` (ARCHITECTURE.md §15).
    public func column(_ horizons: Horizons) -> Bucket {
        horizons.bucket(putIn: bucket, aimedOn: aimedOn, due: dueDate, createdOn: Self.createdOn(createdAt))
    }

    /// The day of a `created_at` timestamp, as the column's SQL reads it (its first ten characters).
    static func createdOn(_ createdAt: String) -> LocalDate {
        LocalDate(iso: createdAt.prefix(10)) ?? LocalDate(dayNumber: 0)
    }

    /// What a document says of the card's place, seen from `horizons`' day: the column it shows in,
    /// and the day it was put there — today, when it has moved since (so a copy made from the
    /// document shows it where this board does, and moves it on the same days). A card that
    /// follows its date keeps following it.
    /// `shown`: its column, when the caller read it already.
    public func shownAim(_ horizons: Horizons, shown: Bucket? = nil) -> (bucket: Bucket, aimedOn: LocalDate?) {
        let shown = shown ?? column(horizons)
        if shown == bucket || (aimedOn == nil && dueDate != nil) { return (shown, aimedOn) }
        return (shown, horizons.today)
    }

    /// Whether this card is an occurrence of a template.
    public var isOccurrence: Bool { Occurrence.isOccurrence(templateId: templateId, occurrenceDate: occurrenceDate) }

    /// The values a template edit or a card edit works on.
    public var values: CardValues {
        get {
            CardValues(title: title, description: description, labels: labels, checklist: checklist.map(\.text),
                       time: dueTime, priority: priority, duration: durationMin)
        }
        set {
            title = newValue.title
            description = newValue.description
            labels = newValue.labels
            if newValue.checklist != checklist.map(\.text) {
                checklist = Checklist.items(for: newValue.checklist, keepingTicksFrom: checklist)
            }
            dueTime = newValue.time
            priority = newValue.priority
            durationMin = newValue.duration
        }
    }
}
