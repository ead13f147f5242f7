/// What an edit does to a field that may be empty: leave it, set it, or clear it. Said in words
/// rather than as `T??`, whose `.some(nil)` ("clear") reads like nothing at all.
public enum FieldEdit<Value: Hashable & Sendable>: Hashable, Sendable {
    case keep
    case set(Value)
    case clear

    /// The edit that leaves the field as `value`: set to it, or cleared for nil.
    public init(_ value: Value?) { self = value.map(FieldEdit.set) ?? .clear }

    /// The field's value after the edit.
    public func applied(to current: Value?) -> Value? {
        switch self {
        case .keep: current
        case .set(let value): value
        case .clear: nil
        }
    }

    /// Whether the edit changes anything.
    public var isKeep: Bool { self == .keep }
}
