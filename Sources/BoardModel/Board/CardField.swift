/// A field that a template gives its occurrences and that one occurrence may override.
/// The exception mask of an occurrence is a set of these.
public enum CardField: String, CaseIterable, Hashable, Comparable, Sendable, Codable {
    case title, description, labels, checklist, bucket, time, priority, duration

    public static func < (a: CardField, b: CardField) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }

    public init(parsing text: String) throws(BoardError) {
        guard let field = CardField(rawValue: text.lowercased()) else {
            throw BoardError("field", "'\(text)' is not a template field; use \(CardField.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        self = field
    }
}
