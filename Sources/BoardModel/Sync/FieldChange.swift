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
    /// A column, or `exception.FIELD` (an occurrence's exception register), or `deleted` (a tombstone).
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
}
