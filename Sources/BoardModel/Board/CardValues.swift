/// The values a template gives each occurrence, and that an edit of a card changes.
public struct CardValues: Hashable, Sendable {
    public var title: String
    public var description: String
    public var labels: [String]
    public var checklist: [String]
    public var time: LocalTime?
    public var priority: Int
    public var duration: Int?

    public init(title: String, description: String = "", labels: [String] = [], checklist: [String] = [],
                time: LocalTime? = nil, priority: Int = 0, duration: Int? = nil) {
        self.title = title
        self.description = description
        self.labels = labels
        self.checklist = checklist
        self.time = time
        self.priority = priority
        self.duration = duration
    }

    /// Refuses an empty or overlong title, a priority outside 0–3, a negative duration, an 11th step
    /// and control characters in any text.
    public func validate() throws(BoardError) {
        if title.isBlank { throw BoardError(.title, "must not be empty") }
        try TextLimits.check(title, field: .title, limit: TextLimits.title)
        try TextLimits.check(description, field: .description, limit: TextLimits.description, multiline: true)
        if labels.count > TextLimits.labels { throw BoardError(.labels, "at most \(TextLimits.labels) labels, got \(labels.count)") }
        for label in labels { try TextLimits.check(label, field: .labels, limit: TextLimits.label) }
        try FieldRules.check(priority: priority)
        if let duration { try FieldRules.check(duration: duration) }
        if labels.contains(where: { $0.isBlank }) { throw BoardError(.labels, "a label needs some text") }
        try Checklist.validate(checklist)
    }

    /// The template fields whose values differ between `self` and `other` (the bucket is not a value here).
    public func changedFields(to other: CardValues) -> [CardField] {
        var fields: [CardField] = []
        if title != other.title { fields.append(.title) }
        if description != other.description { fields.append(.description) }
        if labels != other.labels { fields.append(.labels) }
        if checklist != other.checklist { fields.append(.checklist) }
        if time != other.time { fields.append(.time) }
        if priority != other.priority { fields.append(.priority) }
        if duration != other.duration { fields.append(.duration) }
        return fields
    }
}
