/// A change to some fields of a card or a template; nil (or `.keep`) leaves a field as it is.
public struct CardEdit: Hashable, Sendable {
    public var title: String?
    public var description: String?
    public var labels: [String]?
    public var checklist: [String]?
    public var time: FieldEdit<LocalTime>
    public var priority: Int?
    public var duration: FieldEdit<Int>

    public init(title: String? = nil, description: String? = nil, labels: [String]? = nil, checklist: [String]? = nil,
                time: FieldEdit<LocalTime> = .keep, priority: Int? = nil, duration: FieldEdit<Int> = .keep) {
        self.title = title
        self.description = description
        self.labels = labels
        self.checklist = checklist
        self.time = time
        self.priority = priority
        self.duration = duration
    }

    public var isEmpty: Bool { self == CardEdit() }

    /// `values` with this edit applied.
    public func applied(to values: CardValues) -> CardValues {
        var v = values
        if let title { v.title = title }
        if let description { v.description = description }
        if let labels { v.labels = labels }
        if let checklist { v.checklist = checklist }
        v.time = time.applied(to: v.time)
        if let priority { v.priority = priority }
        v.duration = duration.applied(to: v.duration)
        return v
    }
}
