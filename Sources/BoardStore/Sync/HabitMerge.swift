import BoardModel
import GRDB

/// One habit per name, on every device (ARCHITECTURE.md §13). Two devices adding "Read" and "read"
/// offline make two habits that one name may hold only once. Every device resolves it the same
/// way, from the set of changes alone: of the habits whose names are the same (in any case, as the
/// board's unique index compares them), the one with the lowest id is shown, and the check-ins of
/// all of them are its check-ins. So the habits and their entries are made from the log as a whole
/// whenever a received change touches them.
extension BoardStore {
    /// Writes the board's habits and entries as the log says, merged by name; returns the rows that
    /// wait (their fields or their habit still to come, or a rule of the board in the way), and why.
    static func mergeHabits(_ db: Database) throws -> [(entity: String, id: String, reason: String)] {
        let changes = try Row.fetchAll(db, sql: "SELECT \(changeColumns) FROM sync_changes WHERE entity IN ('habits', 'habit_entries')")
            .compactMap { try fieldChange($0, db) }
        let byRow = Dictionary(grouping: changes) { Replica.RowKey($0.entity, $0.entityId) }
        var habits: [String: [String: String?]] = [:]
        var entries: [String: [String: String?]] = [:]
        var lastDeletion: [String: FieldChange] = [:]
        var waiting: [(entity: String, id: String, reason: String)] = []
        for (key, rowChanges) in byRow {
            if key.entity == "habit_entries", let deletion = rowChanges.flatMap(\.expanded).filter({ $0.field == FieldChange.deleted })
                .max(by: { $1.wins(over: $0) }) {
                lastDeletion[key.id] = deletion
            }
            // A row is made once every field of it has arrived (as `materialize` waits for them).
            guard let fields = Replica.row(key, of: rowChanges) else { continue }
            let later = SyncedFields.addedLater[key.entity] ?? [:]
            guard SyncedFields.ordered[key.entity]!.allSatisfy({ fields.keys.contains($0.field) || later[$0.field] != nil }) else {
                waiting.append((key.entity, key.id, "its first values have not arrived"))
                continue
            }
            if key.entity == "habits" { habits[key.id] = fields } else { entries[key.id] = fields }
        }

        // Each name's habit: the lowest id among the habits of that name.
        func text(_ fields: [String: String?], _ column: String) -> String? {
            (fields[column] ?? nil).flatMap { SyncValue.value($0) }.flatMap(String.fromDatabaseValue)
        }
        var shown: [String: String] = [:]  // folded name → habit id
        for (id, fields) in habits {
            guard let name = text(fields, "name") else { continue }
            let folded = Self.foldedName(name)
            if let other = shown[folded], other < id { continue }
            shown[folded] = id
        }
        var canonical: [String: String] = [:]  // every habit id → the id shown for its name
        for (id, fields) in habits {
            if let name = text(fields, "name"), let winner = shown[Self.foldedName(name)] { canonical[id] = winner }
        }

        // Each (shown habit, day, device): the entry whose last word is latest, over every habit of
        // the name — a check-in on either device shows, and an uncheck after it, of either, removes
        // it. An uncheck is a tombstone of the entry's id alone, derived from its habit, day and
        // device, so each day's ids are derived for every habit of the name. Each device counts its
        // own entries, so the day's count is the sum of its devices' rows.
        var members: [String: [String]] = [:]
        for (id, shownId) in canonical { members[shownId, default: []].append(id) }
        var slots: Set<[String]> = []
        for id in entries.keys.sorted() {
            let made = byRow[Replica.RowKey("habit_entries", id)]?.flatMap(\.expanded) ?? []
            func key(_ column: String) -> String? {
                made.first { $0.field == column }.flatMap { SyncValue.value($0.value) }.flatMap(String.fromDatabaseValue)
            }
            guard let habitId = key("habit_id"), let day = key("day").flatMap({ LocalDate(iso: $0) }) else { continue }
            let device = key("device") ?? ""
            guard let shownHabit = canonical[habitId] else {
                // Its habit removed: gone with it. Not arrived yet: it waits.
                if byRow[Replica.RowKey("habits", habitId)] == nil { waiting.append(("habit_entries", id, "its habit has not arrived")) }
                continue
            }
            slots.insert([shownHabit, day.iso, device])
        }
        var days: [(habit: String, fields: [String: String?], id: String)] = []
        for slot in slots.sorted(by: { $0.lexicographicallyPrecedes($1) }) {
            let day = LocalDate(iso: slot[1])!
            let ids = (members[slot[0]] ?? []).map { NameBasedId.habitEntry(habit: $0, day: day, device: slot[2]) }
            guard let latest = ids.filter({ lastDeletion[$0] != nil }).max(by: { lastDeletion[$1]!.wins(over: lastDeletion[$0]!) }),
                  let fields = entries[latest] else { continue }
            days.append((slot[0], fields, latest))
        }

        try db.execute(sql: "DELETE FROM habit_entries")
        try db.execute(sql: "DELETE FROM habits")
        let columnsOfHabits = SyncedFields.ordered["habits"]!.map(\.field)
        let insertHabit = try db.cachedStatement(sql: "INSERT INTO habits (\(columnsOfHabits.joined(separator: ", "))) VALUES (\(columnsOfHabits.map { _ in "?" }.joined(separator: ", ")))")
        // Only this statement is undone when a row breaks a rule of the board; the row waits.
        func insert(_ statement: Statement, _ values: [DatabaseValue], entity: String, id: String) throws {
            do { try statement.execute(arguments: StatementArguments(values)) } catch let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT {
                waiting.append((entity, id, waitingReason(error)))
            }
        }
        for id in Set(shown.values).sorted() {
            guard let fields = habits[id] else { continue }
            try insert(insertHabit, values(fields, columnsOfHabits, of: "habits"), entity: "habits", id: id)
        }
        let columnsOfEntries = SyncedFields.ordered["habit_entries"]!.map(\.field)
        let insertEntry = try db.cachedStatement(sql: "INSERT INTO habit_entries (\(columnsOfEntries.joined(separator: ", "))) VALUES (\(columnsOfEntries.map { _ in "?" }.joined(separator: ", ")))")
        for (habit, entry, id) in days {
            var fields = entry
            fields["habit_id"] = SyncValue.quoted(habit)
            try insert(insertEntry, values(fields, columnsOfEntries, of: "habit_entries"), entity: "habit_entries", id: id)
        }
        return waiting
    }

    /// A row's values in `columns`' order; a field a row from an earlier Board lacks holds what it
    /// holds when left out.
    private static func values(_ fields: [String: String?], _ columns: [String], of table: String) -> [DatabaseValue] {
        let later = SyncedFields.addedLater[table] ?? [:]
        return columns.map { column in
            guard let text = fields[column] else { return later[column] ?? .null }
            return SyncValue.value(text) ?? .null
        }
    }

    /// A name as the board's unique index compares it (SQLite's NOCASE folds ASCII letters only).
    static func foldedName(_ name: String) -> String {
        String(decoding: name.utf8.map { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) ? $0 + 32 : $0 }, as: UTF8.self)
    }
}
