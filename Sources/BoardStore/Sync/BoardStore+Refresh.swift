import BoardModel
import GRDB

/// Occurrences generated before a template edit arrived (ARCHITECTURE.md §13): a device that
/// generated a day offline gave it the template's values as it knew them. A field of an open
/// occurrence that only generation ever wrote follows its template, so when the edit arrives the
/// field is brought up to date — as generation, which never wins over a person or a propagation.
extension BoardStore {
    /// The occurrence columns that come from a template column (of template `p` and card `t`).
    /// A run's time is its own of several a day, else the template's one time (ARCHITECTURE.md §4).
    private static let followed: [(card: String, template: String)] = [
        ("title", "p.title"), ("description", "p.description"), ("labels", "p.labels"), ("priority", "p.priority"),
        ("due_time", "CASE WHEN t.occurrence_time IS NOT NULL THEN t.occurrence_time WHEN instr(p.default_time, ',') = 0 THEN p.default_time ELSE t.due_time END"),
        ("duration_min", "p.default_duration_min"),
    ]

    /// Brings open occurrences from `today` on up to date where only generation wrote the field; returns how many it changed.
    @discardableResult
    func refreshGenerated(today: LocalDate, _ db: Database) throws -> Int {
        let differs = Self.followed.map { "t.\($0.card) IS NOT \($0.template)" }.joined(separator: " OR ")
        let rows = try Row.fetchAll(db, sql: """
            SELECT t.id, \(Self.followed.map { "\($0.template) AS \($0.card), t.\($0.card) AS old_\($0.card)" }.joined(separator: ", "))
            FROM tasks t JOIN templates p ON p.id = t.template_id
            WHERE t.series_id IS NOT NULL AND t.is_completed = 0 AND t.occurrence_date >= ? AND t.exception_mask = '[]' AND (\(differs))
            """, arguments: [today])
        guard !rows.isEmpty else { return 0 }
        let written = try db.cachedStatement(sql: """
            SELECT 1 FROM sync_changes WHERE entity = 'tasks' AND entity_id = ? AND field IN (?, 'row') AND origin <> 'generation' LIMIT 1
            """)
        var changed = 0
        for row in rows {
            let id: String = row["id"]
            var updates: [(String, DatabaseValue)] = []
            for column in Self.followed.map(\.card) where row[column] as DatabaseValue != row["old_" + column] as DatabaseValue {
                if try Row.fetchOne(written, arguments: [id, column]) == nil { updates.append((column, row[column])) }
            }
            guard !updates.isEmpty else { continue }
            try db.execute(sql: "UPDATE tasks SET " + updates.map { "\($0.0) = ?" }.joined(separator: ", ") + " WHERE id = ?",
                           arguments: StatementArguments(updates.map(\.1) + [id.databaseValue]))
            changed += 1
        }
        return changed
    }
}
