import GRDB

/// One row an intent touched: its table, its primary key, and the row before and after (nil: it
/// did not exist), from which each changed field's value before and after is read. The whole
/// rows are kept so that undo and redo can tell whether anyone changed the row since.
/// ARCHITECTURE.md §7.
public struct RowChange: Hashable, Sendable {
    public let table: String
    /// The primary key's columns and values.
    public let key: [String: DatabaseValue]
    public let before: [String: DatabaseValue]?
    public let after: [String: DatabaseValue]?

    /// The columns whose value differs between before and after (all of them for a created or deleted row).
    public var changedColumns: [String] {
        guard let before, let after else { return (after ?? before ?? [:]).keys.sorted() }
        return after.keys.filter { after[$0] != before[$0] }.sorted()
    }

    public init(table: String, key: [String: DatabaseValue], before: [String: DatabaseValue]?, after: [String: DatabaseValue]?) {
        self.table = table
        self.key = key
        self.before = before
        self.after = after
    }

    /// The same change the other way round.
    public var inverse: RowChange { RowChange(table: table, key: key, before: after, after: before) }

    /// What the row is called in a message: its title or name as it is `now` (else as the change
    /// left it), or its table.
    func name(now: [String: DatabaseValue]?) -> String {
        for values in [now, after, before].compactMap({ $0 }) {
            for column in ["title", "name", "step"] { if let text = String.fromDatabaseValue(values[column] ?? .null) { return text } }
        }
        return "a row of \(table)"
    }
}

/// The one record of what an intent did: every row it touched, in the order it touched them,
/// computed inside the intent's own write transaction. Undo applies its inverse, redo applies it
/// again; sync sends it as field changes (ARCHITECTURE.md §13).
public struct ChangeSet: Hashable, Sendable {
    public var rows: [RowChange]

    public init(rows: [RowChange] = []) { self.rows = rows }

    public var isEmpty: Bool { rows.isEmpty }

    /// Undoes this change set when applied: each row change reversed, last one first.
    public var inverse: ChangeSet { ChangeSet(rows: rows.reversed().map(\.inverse)) }

    /// The ids of the cards it touched, in order.
    public var cardIds: [String] {
        rows.filter { $0.table == "tasks" }.compactMap { String.fromDatabaseValue($0.key["id"] ?? .null) }
    }
}
