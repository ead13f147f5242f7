/// A checklist as one day shows it (ARCHITECTURE.md §5): each step with its tick and the habit it
/// is linked to. An occurrence owns its ticks for good; a routine without a schedule has a
/// fresh list every local day.
public struct RoutineChecklist: Hashable, Sendable {
    /// Whose ticks these are.
    public enum Owner: Hashable, Sendable {
        /// A scheduled occurrence (or any card): ticks stored on the card, never reset.
        case card(id: String)
        /// A routine without a schedule on one local day: ticks kept for 30 days, local to this device.
        case routine(templateId: String, day: LocalDate)
    }

    public struct Step: Hashable, Sendable {
        public var text: String
        public var done: Bool
        /// The habit the template links this step to; finishing a run of the routine suggests it.
        public var habitId: String?
        public var habitName: String?
        /// Reminds at its time (a timed step of a routine's template).
        public var reminds: Bool

        public init(text: String, done: Bool, habitId: String? = nil, habitName: String? = nil, reminds: Bool = false) {
            self.text = text
            self.done = done
            self.habitId = habitId
            self.habitName = habitName
            self.reminds = reminds
        }
    }

    public let owner: Owner
    public let title: String
    /// The template the steps come from, when there is one.
    public let templateId: String?
    public var steps: [Step]
    /// The day the list is of (an occurrence's, or a routine's day); nil for a card without one.
    public var day: LocalDate?

    public init(owner: Owner, title: String, templateId: String?, steps: [Step], day: LocalDate? = nil) {
        self.owner = owner
        self.title = title
        self.templateId = templateId
        self.steps = steps
        if case .routine(_, let routineDay) = owner { self.day = routineDay } else { self.day = day }
    }

    /// The timed step to do next on the list's day at `now`: the first not done whose time has not
    /// passed; nil on any other day, or when none is left (ARCHITECTURE.md §5).
    public func nextTimedStep(at now: LocalDateTime) -> Int? {
        guard day == now.date else { return nil }
        return steps.indices.first { i in
            !steps[i].done && (Checklist.time(of: steps[i].text).map { $0 >= now.time } ?? false)
        }
    }

    public var doneCount: Int { steps.filter(\.done).count }
    public var isFull: Bool { steps.count >= Checklist.maxSteps }

    /// How long ticks of a routine without a schedule are kept (ARCHITECTURE.md §5).
    public static let keptDays = 30
}
