/// One field of one row changed (ARCHITECTURE.md §13): what a change set becomes for sync. The
/// state of a board is a pure function of the set of these (`Replica`).
public struct FieldChange: Hashable, Sendable {
    /// Why the value changed: the conflict rules tell a user's edit from a template's propagation.
    public enum Origin: String, Hashable, Sendable, CaseIterable {
        case user, propagation, generation, reapply
    }

    /// Unique per change: a change delivered twice is applied once.
    public let id: String
    /// The table (`tasks`, `templates`, …) and the row's id.
    public let entity: String
    public let entityId: String
    /// A column, or `exception.FIELD` (an occurrence's exception register), or `deleted` (a
    /// tombstone), or `row` (a created row: every field at once).
    public let field: String
    /// The value as JSON text; nil for SQL NULL.
    public let value: String?
    public let stamp: HybridTimestamp
    public let device: String
    public let origin: Origin

    public init(id: String, entity: String, entityId: String, field: String, value: String?, stamp: HybridTimestamp,
                device: String, origin: Origin) {
        self.id = id
        self.entity = entity
        self.entityId = entityId
        self.field = field
        self.value = value
        self.stamp = stamp
        self.device = device
        self.origin = origin
    }

    /// Last writer wins: the higher stamp, then the higher device id.
    public func wins(over other: FieldChange) -> Bool {
        (stamp, device, id) > (other.stamp, other.device, other.id)
    }

    public static let deleted = "deleted"
    public static func exception(_ field: String) -> String { "exception." + field }

    /// A created row in one change: its value is a JSON object from each field to that field's own
    /// value text (or null), and it stands for one change per field plus `deleted` = false, all
    /// with this change's stamp. A board of 100,000 cards is 100,000 changes, not two million.
    public static let row = "row"

    /// This change as the field changes it stands for: a `row` change spread out, any other as it is.
    /// A `row` whose value is not such an object stands for nothing.
    public var expanded: [FieldChange] {
        guard field == Self.row else { return [self] }
        guard let value, let fields = JSONText.flatObject(value) else { return [] }
        var changes = fields.map { FieldChange(id: id, entity: entity, entityId: entityId, field: $0.key, value: $0.value, stamp: stamp, device: device, origin: origin) }
        changes.append(FieldChange(id: id, entity: entity, entityId: entityId, field: Self.deleted, value: "false", stamp: stamp, device: device, origin: origin))
        return changes
    }
}
