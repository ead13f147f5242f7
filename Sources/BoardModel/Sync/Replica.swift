/// What one device holds of the change log, and the board that follows from it (ARCHITECTURE.md
/// §13). The board is a pure function of the set of changes: the same changes in any order, any of
/// them delivered twice, give the same rows.
public struct Replica: Sendable {
    /// A row: its table and id.
    public struct RowKey: Hashable, Comparable, Sendable {
        public let entity: String
        public let id: String
        public init(_ entity: String, _ id: String) {
            self.entity = entity
            self.id = id
        }
        public static func < (a: RowKey, b: RowKey) -> Bool { (a.entity, a.id) < (b.entity, b.id) }
    }

    /// The visible rows: each field's winning value (nil: SQL NULL). Tombstoned rows are absent.
    public typealias State = [RowKey: [String: String?]]

    public private(set) var changes: [String: FieldChange] = [:]

    public init() {}

    /// Takes changes in; one already here (by id) changes nothing. Returns the ones that were new.
    @discardableResult
    public mutating func receive(_ incoming: some Sequence<FieldChange>) -> [FieldChange] {
        var new: [FieldChange] = []
        for change in incoming where changes[change.id] == nil {
            changes[change.id] = change
            new.append(change)
        }
        return new
    }

    public var state: State { Self.state(of: changes.values) }

    /// One row as `changes` (every change held for it) make it: `state(of:)` for that row, reading
    /// a row made by one change (a first pull is 100,000 of them) straight from that change.
    /// `created` is the only change's fields when the caller has read them already.
    public static func row(_ key: RowKey, of changes: [FieldChange], created: [String: String?]? = nil) -> [String: String?]? {
        guard changes.count == 1, let only = changes.first, only.field == FieldChange.row else { return state(of: changes)[key] }
        guard let fields = created ?? only.value.flatMap(JSONText.flatObject) else { return nil }
        // Most created rows set no register: they are their fields as they came, not copied.
        guard fields.keys.contains(where: { $0.hasPrefix("exception.") }) else { return fields }
        return fields.filter { !$0.key.hasPrefix("exception.") || $0.value == "true" }
    }

    /// The rules, applied to any set of changes:
    /// - per (row, field) the winner is the highest (stamp, device); a `generation` change is a
    ///   row's first values and wins only over other generation changes;
    /// - an occurrence field whose exception register (`exception.FIELD`) is set shows the last
    ///   value not written by propagation: a propagation, even a later one, never replaces it;
    /// - propagation never touches a row completed (`is_completed` = 1) by a change stamped before it;
    /// - a row whose `deleted` register is set is gone, and generation never clears a person's
    ///   tombstone; a row only generation touched is removed and made again by generation alone.
    public static func state(of changes: some Sequence<FieldChange>) -> State {
        var byRow: [RowKey: [String: [FieldChange]]] = [:]
        for change in changes.lazy.flatMap(\.expanded) {
            byRow[RowKey(change.entity, change.entityId), default: [:]][change.field, default: []].append(change)
        }
        var state: State = [:]
        for (row, fields) in byRow {
            func winner(_ candidates: [FieldChange]) -> FieldChange? {
                candidates.max { a, b in
                    let ga = a.origin == .generation, gb = b.origin == .generation
                    if ga != gb { return ga }  // generation loses to anything else
                    return b.wins(over: a)
                }
            }
            // A person's last word on the row wins over generation's, whenever it came; a row only
            // generation ever made or removed (an undone resume) is as generation last left it.
            let deletions = fields[FieldChange.deleted] ?? []
            let persons = deletions.filter { $0.origin != .generation }
            if let tombstone = winner(persons.isEmpty ? deletions : persons), tombstone.value == "true" { continue }
            let completion = winner(fields["is_completed"] ?? [])
            let completedAt = completion?.value == "1" ? completion?.stamp : nil
            var values: [String: String?] = [:]
            for (field, candidates) in fields where field != FieldChange.deleted && !field.hasPrefix("exception.") {
                let excepted = winner(fields[FieldChange.exception(field)] ?? [])?.value == "true"
                let allowed = candidates.filter { change in
                    guard change.origin == .propagation else { return true }
                    if excepted { return false }
                    if let completedAt, completedAt < change.stamp, field != "is_completed" { return false }
                    return true
                }
                if let win = winner(allowed) { values[field] = win.value }
            }
            for (field, candidates) in fields where field.hasPrefix("exception.") {
                if winner(candidates)?.value == "true" { values[field] = "true" }
            }
            if !values.isEmpty { state[row] = values }
        }
        return state
    }
}
