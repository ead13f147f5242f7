import BoardModel
import Foundation
import GRDB
import GRDBSQLite

/// The filter's reads (ARCHITECTURE.md §7): the search index read once when a search starts, then
/// only the windows of its matches, by their rows in the file.
extension BoardReader {
    /// Every card's search text, column by column as `horizons` show them, in the board's order:
    /// the same columns and order `cardSummaries(in:)` reads.
    public func searchIndex(_ horizons: Horizons = .stored) throws -> CardSearchIndex {
        try read { db in
            let columns = try BoardStore.columns(horizons, db)
            var index = CardSearchIndex()
            for bucket in Bucket.allCases {
                let upcoming = bucket == .routines
                let statement = try db.makeStatement(sql: """
                    SELECT rowid, title, labels\(upcoming ? ", COALESCE(occurrence_date, due_date)" : "") FROM tasks
                    WHERE \(columns.rows(in: bucket))
                    ORDER BY \(BoardStore.orderBy(upcoming ? BoardStore.upcomingOrder : BoardStore.positionOrder))
                    """)
                // The columns' bytes read in place: a String for each of 100,000 titles was most of the time.
                let rows = try Row.fetchCursor(statement), sqlite = statement.sqliteStatement
                while try rows.next() != nil {
                    index.append(rowid: sqlite3_column_int64(sqlite, 0), column: bucket,
                                 day: upcoming ? LocalDate(sqliteStatement: sqlite, index: 3) : nil)
                    index.addField(Self.text(sqlite, 1))
                    let labels = Self.text(sqlite, 2)
                    guard !labels.elementsEqual("[]".utf8) else { continue }
                    for var label in try JSONColumn.strings(String(decoding: labels, as: UTF8.self), column: "labels") {
                        label.withUTF8 { index.addField($0) }
                    }
                }
            }
            return index
        }
    }

    /// Column `column`'s text as UTF-8, valid until the statement steps on.
    private static func text(_ statement: SQLiteStatement, _ column: Int32) -> UnsafeBufferPointer<UInt8> {
        guard let bytes = sqlite3_column_text(statement, column) else { return UnsafeBufferPointer(start: nil, count: 0) }
        return UnsafeBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(statement, column)))
    }

    /// The cards of `bucket` at `rowids`, in that order; a card gone since the index was read is left out.
    public func cardSummaries(in bucket: Bucket, rowids: [Int64]) throws -> [CardSummary] {
        guard !rowids.isEmpty else { return [] }
        let cards = try read { db in
            // One statement text for every window, prepared once: the rows come as one JSON array.
            try BoardStore.cardSummaries(in: bucket, "WHERE rowid IN (SELECT value FROM json_each(?))",
                                         arguments: ["[" + rowids.map(String.init).joined(separator: ",") + "]"], db)
        }
        let byRow = Dictionary(uniqueKeysWithValues: cards.map { ($0.rowid, $0) })
        return rowids.compactMap { byRow[$0] }
    }
}

extension BoardStore {
    /// The cards `tail` (a WHERE clause and its order) picks, shown as `bucket`'s, without decoding
    /// whole records: the one way a column's window is read.
    static func cardSummaries(in bucket: Bucket, _ tail: String, arguments: StatementArguments, _ db: Database) throws -> [CardSummary] {
        // Kept prepared on the connection: a keystroke of the filter reads five windows.
        let rows = try Row.fetchCursor(db.cachedStatement(sql: """
            SELECT id, title, '\(bucket.rawValue)' AS bucket, position, due_date, due_time, priority, labels,
                   (length(checklist) - length(replace(checklist, '"done":true', ''))) / 11 AS checklist_done,
                   json_array_length(checklist) AS checklist_total, is_completed, template_id, occurrence_date, exception_mask,
                   description, duration_min, rowid
            FROM tasks \(tail)
            """), arguments: arguments)
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
                description: row["description"], durationMin: row["duration_min"], rowid: row["rowid"]))
        }
        return cards
    }
}
