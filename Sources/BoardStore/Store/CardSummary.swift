import BoardModel
import Foundation
import GRDB

/// A card as the board shows it, read column by column: the board loads every card at start.
public struct CardSummary: Hashable, Sendable {
    public let id: String
    public let title: String
    public let bucket: Bucket
    public let position: Int
    public let dueDate: LocalDate?
    public let dueTime: LocalTime?
    public let priority: Int
    /// The labels as stored (a JSON array): decoded only for the cards on screen.
    public let labelsJSON: String
    public let checklistDone: Int
    public let checklistTotal: Int
    public let isCompleted: Bool
    public let templateId: String?
    public let occurrenceDate: LocalDate?
    public let exceptions: [CardField]
    public let description: String
    public let durationMin: Int?
    /// The card's row in the board's file: how the filter's matches name it (`CardSearchIndex`).
    public internal(set) var rowid: Int64 = 0

    public var isOccurrence: Bool { Occurrence.isOccurrence(templateId: templateId, occurrenceDate: occurrenceDate) }

    /// Read for every card drawn, every frame: split in place when it holds no escapes.
    public var labels: [String] {
        (try? JSONColumn.strings(labelsJSON, column: "labels")) ?? []
    }
}

/// Reading the board a window at a time, and putting cards back as they were (undo and redo).
extension BoardStore {
    /// Routines by day, and within a day untimed cards first, then by time (07:30 before 10:00).
    static let upcomingOrder = ["COALESCE(occurrence_date, due_date, '9999-12-31')", "due_time IS NOT NULL", "due_time", "position", "created_at", "id"]
    /// The other columns: as the cards were placed.
    static let positionOrder = ["position", "created_at", "id"]

    /// An ORDER BY list of `terms`, backwards when `descending` (a `ColumnSlice` read from the end).
    static func orderBy(_ terms: [String], descending: Bool = false) -> String {
        terms.map { descending ? $0 + " DESC" : $0 }.joined(separator: ", ")
    }
}

extension CardSummary {
    /// Stands for a card of a column not read yet; the board reads the window around the focus.
    public static func loading(in bucket: Bucket) -> CardSummary {
        CardSummary(id: "", title: "…", bucket: bucket, position: 0, dueDate: nil, dueTime: nil, priority: 0, labelsJSON: "[]",
                    checklistDone: 0, checklistTotal: 0, isCompleted: false, templateId: nil, occurrenceDate: nil,
                    exceptions: [], description: "", durationMin: nil)
    }
}

