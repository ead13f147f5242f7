/// An occurrence as propagation sees it: its date, whether it is done, its exception
/// mask, and its checklist (whose ticks survive a checklist edit).
public struct OccurrenceState: Hashable, Sendable {
    public let cardId: String
    public let date: LocalDate
    public let isCompleted: Bool
    public let mask: Set<CardField>
    public let checklist: [ChecklistItem]

    public init(cardId: String, date: LocalDate, isCompleted: Bool, mask: Set<CardField>, checklist: [ChecklistItem] = []) {
        self.cardId = cardId
        self.date = date
        self.isCompleted = isCompleted
        self.mask = mask
        self.checklist = checklist
    }
}

/// What a template edit will change, computed before anything is written (ARCHITECTURE.md §4):
/// the changed fields, and for each open occurrence in scope the fields it takes.
/// Completed occurrences and masked fields are never in it.
public struct PropagationPlan: Hashable, Sendable {
    public struct Update: Hashable, Sendable {
        public let cardId: String
        public let date: LocalDate
        /// The changed fields this occurrence takes (changed on the template, not in its mask);
        /// their new values are the plan's `newValues`.
        public let fields: [CardField]
        /// The new checklist when `fields` has it: the template's steps, ticks kept where the text stayed.
        public let checklist: [ChecklistItem]?
    }

    public let templateId: String
    /// The template version the plan was computed against; applying it bumps the version.
    public let baseVersion: Int
    public let changedFields: [CardField]
    public let newValues: CardValues
    public let updates: [Update]
    /// Open occurrences dated before today that the edit would change if included: one whose
    /// changed fields are all its own exceptions is not counted, since nothing would happen to it.
    public let overdueOpen: Int
    public let includesOverdue: Bool

    /// The number of occurrences with at least one field updated.
    public var count: Int { updates.count }

    /// The dialog's impact line (ARCHITECTURE.md §4).
    public var impact: String { Self.impact(updating: count) }

    /// "Will update X non-completed occurrences. …": the one wording of the dialog and the CLI.
    public static func impact(updating count: Int) -> String {
        "Will update \(count) non-completed \(count == 1 ? "occurrence" : "occurrences"). Completed tasks and field exceptions won't change."
    }

    /// Scope: not completed, dated today or later (overdue open ones only when included).
    public init(templateId: String, baseVersion: Int, old: CardValues, new: CardValues,
                occurrences: [OccurrenceState], today: LocalDate, includeOverdue: Bool) {
        self.templateId = templateId
        self.baseVersion = baseVersion
        self.changedFields = old.changedFields(to: new)
        self.newValues = new
        self.includesOverdue = includeOverdue
        let open = occurrences.filter { !$0.isCompleted }
        let changed = changedFields
        self.overdueOpen = open.filter { o in o.date < today && changed.contains { !o.mask.contains($0) } }.count
        self.updates = open
            .filter { includeOverdue || $0.date >= today }
            .sorted { ($0.date, $0.cardId) < ($1.date, $1.cardId) }
            .compactMap { occurrence in
                let fields = changed.filter { !occurrence.mask.contains($0) }
                guard !fields.isEmpty else { return nil }
                let checklist = fields.contains(.checklist)
                    ? Checklist.items(for: new.checklist, keepingTicksFrom: occurrence.checklist) : nil
                return Update(cardId: occurrence.cardId, date: occurrence.date, fields: fields, checklist: checklist)
            }
    }
}

extension CardValues {
    /// Copies one field's value from `source`: what propagation and reapply do.
    public mutating func take(_ field: CardField, from source: CardValues) {
        switch field {
        case .title: title = source.title
        case .description: description = source.description
        case .labels: labels = source.labels
        case .checklist: checklist = source.checklist
        case .time: time = source.time
        case .priority: priority = source.priority
        case .duration: duration = source.duration
        case .bucket: break  // a template's bucket is always Routines; reapply restores it directly
        }
    }
}
