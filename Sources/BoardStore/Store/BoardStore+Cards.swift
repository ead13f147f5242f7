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

    public var isOccurrence: Bool { Occurrence.isOccurrence(templateId: templateId, occurrenceDate: occurrenceDate) }

    /// Read for every card drawn, every frame: split in place when it holds no escapes.
    public var labels: [String] {
        (try? JSONColumn.strings(labelsJSON, column: "labels")) ?? []
    }
}

/// Reading the board a window at a time, and putting cards back as they were (undo and redo).
extension BoardStore {
    /// How many cards each bucket has, all of them or those matching `query` (title or labels).
    public func cardCounts(matching query: String = "") throws -> [Bucket: Int] {
        try read { db in
            let (condition, arguments) = Self.matching(query)
            let rows = try Row.fetchAll(db, sql: "SELECT bucket, COUNT(*) FROM tasks WHERE \(condition) GROUP BY bucket",
                                        arguments: arguments)
            var counts = Dictionary(uniqueKeysWithValues: Bucket.allCases.map { ($0, 0) })
            for row in rows { counts[row[0] as Bucket] = row[1] }
            return counts
        }
    }

    /// The cards of a bucket in the board's order, `limit` of them from `offset`, without
    /// decoding whole records: Routines by day, the other buckets by position.
    public func cardSummaries(in bucket: Bucket, matching query: String = "", offset: Int = 0, limit: Int = Int.max) throws -> [CardSummary] {
        try read { db in
            let (condition, arguments) = Self.matching(query)
            let order = bucket == .routines ? Self.upcomingOrder : "position, created_at, id"
            let rows = try Row.fetchCursor(db, sql: """
                SELECT id, title, bucket, position, due_date, due_time, priority, labels,
                       (length(checklist) - length(replace(checklist, '"done":true', ''))) / 11 AS checklist_done,
                       json_array_length(checklist) AS checklist_total, is_completed, template_id, occurrence_date, exception_mask,
                       description, duration_min
                FROM tasks WHERE bucket = ? AND \(condition) ORDER BY \(order) LIMIT ? OFFSET ?
                """, arguments: [bucket] + arguments + [limit == Int.max ? -1 : limit, offset])
            let decoder = JSONDecoder()
            var cards: [CardSummary] = []
            while let row = try rows.next() {
                let maskText: String = row["exception_mask"]
                cards.append(CardSummary(
                    id: row["id"], title: row["title"], bucket: row["bucket"], position: row["position"], dueDate: row["due_date"],
                    dueTime: row["due_time"], priority: row["priority"], labelsJSON: row["labels"],
                    checklistDone: row["checklist_done"], checklistTotal: row["checklist_total"], isCompleted: row["is_completed"],
                    templateId: row["template_id"], occurrenceDate: row["occurrence_date"],
                    exceptions: maskText == "[]" ? [] : try decoder.decode([CardField].self, from: Data(maskText.utf8)),
                    description: row["description"], durationMin: row["duration_min"]))
            }
            return cards
        }
    }

    /// Routines by day, and within a day untimed cards first, then by time (07:30 before 10:00).
    static let upcomingOrder = "COALESCE(occurrence_date, due_date, '9999-12-31'), due_time IS NOT NULL, due_time, position, created_at, id"

    /// How many Routines cards (matching `query`) are dated before `day`: where Upcoming's today starts.
    public func routinesCount(before day: LocalDate, matching query: String = "") throws -> Int {
        try read { db in
            let (condition, arguments) = Self.matching(query)
            return try Int.fetchOne(db, sql: """
                SELECT COUNT(*) FROM tasks WHERE bucket = ? AND COALESCE(occurrence_date, due_date, '9999-12-31') < ? AND \(condition)
                """, arguments: [Bucket.routines, day] + arguments) ?? 0
        }
    }

    /// SQL for "title or a label contains `query`", folded as `CardSearch` folds: each label
    /// on its own, never the JSON text around them (a `[` matched every card).
    ///
    /// Folding every title in Swift on each keystroke was most of a filter's time, so a cheap test
    /// in C comes first: for printable ASCII text folding is lowercasing, which `LIKE` does; only
    /// text with anything else (`GLOB '*[^ -~]*'`) is folded. Labels are read from their JSON only
    /// when its text could hold the needle (or holds escapes or other characters).
    private static func matching(_ query: String) -> (String, StatementArguments) {
        guard !query.isEmpty else { return ("1", []) }
        let needle = CardSearch.fold(query)
        let like = "%" + needle.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%")
            .replacingOccurrences(of: "_", with: "\\_") + "%"
        return ("""
            (title LIKE ? ESCAPE '\\'
             OR (title GLOB '*[^ -~]*' AND instr(board_fold(title), ?) > 0)
             OR (labels != '[]' AND (labels LIKE ? ESCAPE '\\' OR labels GLOB '*[^ -~]*' OR instr(labels, '\\') > 0)
                 AND EXISTS (SELECT 1 FROM json_each(tasks.labels) WHERE instr(board_fold(json_each.value), ?) > 0)))
            """, [like, needle, like, needle])
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
