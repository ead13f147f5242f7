import BoardModel

/// The template editor (`t` new, `e` on a template): the template's fields, its schedule, and
/// where the focus is. Nothing is written until the form is valid and saved.
public struct TemplateForm: Hashable, Sendable {
    /// How the template repeats: three presets, the advanced patterns, or plain words.
    public enum Repeat: String, CaseIterable, Hashable, Sendable {
        case daily = "Daily", weekdays = "Weekdays", weekly = "Weekly", everyNWeeks = "Every N weeks"
        case monthlyOnDay = "Monthly on a day", monthlyOnWeekday = "Monthly on a weekday", yearly = "Yearly"
        case afterCompletion = "After completion"
        /// A reusable checklist ("Bedtime"): no occurrences, a fresh list every day.
        case none = "No schedule"
        case phrase = "In words"
    }

    public enum Ending: String, CaseIterable, Hashable, Sendable {
        case never = "Never", onDate = "On a date", afterCount = "After N times"
    }

    /// How saving leaves the template.
    public enum Save: String, CaseIterable, Hashable, Sendable {
        case activate = "Save and activate", draft = "Save as draft", pause = "Save and pause"

        /// The status the template has once saved this way.
        public var status: TemplateStatus {
            switch self {
            case .activate: .active
            case .draft: .draft
            case .pause: .paused
            }
        }
    }

    /// One line of the form.
    public enum Row: Hashable, Sendable {
        case title, description, labels, step(Int), addStep, bucket, time, priority, duration
        case repeats, interval, weekdays, monthDay, ordinal, weekday, phrase, starts, ending, endDate, endCount
        case save(Save)
    }

    /// The row of the field a refusal names, if the form has one (ARCHITECTURE.md §10).
    public static func row(of field: Field) -> Row? {
        switch field {
        case .title: .title
        case .description: .description
        case .labels: .labels
        case .bucket: .bucket
        case .time: .time
        case .priority: .priority
        case .duration: .duration
        case .phrase, .every: .phrase
        case .start: .starts
        case .until: .endDate
        case .count: .endCount
        default: nil
        }
    }

    /// The values a user types and toggles.
    public struct Fields: Hashable, Sendable {
        public var title = ""
        public var description = ""
        public var labels = ""
        public var steps: [String] = []
        /// The habit each step is linked to, index-aligned with `steps`.
        public var stepHabits: [String?] = []
        public var newStep = ""
        public var time = ""
        public var priority = "0"
        public var duration = ""
        public var repeats = Repeat.daily
        public var interval = "2"
        public var weekdays: Set<Weekday> = []
        public var monthDay = "1"
        /// 1…4 for first…fourth, -1 for last.
        public var ordinal = 1
        public var weekday = Weekday.monday
        public var phrase = ""
        public var starts = ""
        public var ending = Ending.never
        public var endDate = ""
        public var endCount = "10"
        public init() {}
    }

    /// The template being edited; nil for a new one.
    public let templateId: String?
    /// The edited template's status, for the save rows it offers.
    public let status: TemplateStatus?
    public var fields: Fields {
        // The focused row's text changed other than by typing (a step added or removed): its field follows.
        didSet { if input.text != text(of: focus) { input = TextField(text(of: focus)) } }
    }
    /// The fields as they were opened, to know whether leaving drops anything.
    public let initial: Fields
    public var focus = Row.title {
        didSet {
            guard focus != oldValue else { return }
            input = Self.field(text(of: focus), selected: Self.isNumber(focus))
        }
    }
    /// The focused row's text being typed — its string, cursor and selection — in the one text
    /// field (ARCHITECTURE.md §6). A row is entered at its end; a number row with its value
    /// selected, so that typing replaces it.
    public private(set) var input = TextField()

    private static func field(_ text: String, selected: Bool) -> TextField {
        var field = TextField(text)
        if selected { field.selectAll() }
        return field
    }

    /// Types into the focused row (a character, a paste, Backspace, an edit); false for another action.
    public mutating func type(_ action: Action) -> Bool {
        guard input.handle(action) else { return false }
        setText(input.text, of: focus)
        return true
    }
    /// The weekday the cursor is on in the weekdays row.
    public var weekdayCursor = Weekday.monday
    /// Shown on their rows after a save was refused.
    public var errors: [Row: String] = [:]
    /// Esc with unsaved changes asks first.
    public var confirmingDiscard = false
    /// The user's now, for the preview's first occurrence and for phrases without a year.
    public let now: LocalDateTime
    public var today: LocalDate { now.date }
    /// The first day of the week for phrases (config.toml's week_start).
    public let weekStart: Weekday
    /// The habits a step can be linked to (Ctrl-G on a step cycles through them).
    public let habits: [HabitChoice]

    public init(templateId: String? = nil, status: TemplateStatus? = nil, fields: Fields = Fields(), now: LocalDateTime,
                weekStart: Weekday = .monday, habits: [HabitChoice] = []) {
        self.templateId = templateId
        self.status = status
        self.habits = habits
        var fields = fields
        if fields.starts.isEmpty { fields.starts = now.date.iso }
        self.fields = fields
        self.initial = fields
        self.now = now
        self.weekStart = weekStart
        input = TextField(fields.title)
    }

    public var isDirty: Bool { fields != initial }
    public static let maxSteps = Checklist.maxSteps

    /// The rows shown, in order: only those the chosen repeat and ending need.
    public var rows: [Row] {
        var rows: [Row] = [.title, .description, .labels]
        rows += fields.steps.indices.map { Row.step($0) }
        // At 10 steps the Add step row stays, saying the limit is reached.
        rows.append(.addStep)
        guard fields.repeats != .none else { return rows + [.bucket, .priority, .duration, .repeats] + saveRows.map { Row.save($0) } }
        rows += [.bucket, .time, .priority, .duration, .repeats]
        switch fields.repeats {
        case .weekly: rows.append(.weekdays)
        case .everyNWeeks: rows += [.interval, .weekdays]
        case .monthlyOnDay: rows.append(.monthDay)
        case .monthlyOnWeekday: rows += [.ordinal, .weekday]
        case .afterCompletion: rows.append(.interval)
        case .phrase: rows.append(.phrase)
        case .daily, .weekdays, .yearly, .none: break
        }
        rows += [.starts, .ending]
        // The phrase's own end shows on the Ends row; the rows for another end are not offered.
        if fields.ending == .onDate && !isSetByPhrase(.ending) { rows.append(.endDate) }
        if fields.ending == .afterCount && !isSetByPhrase(.ending) { rows.append(.endCount) }
        return rows + saveRows.map { Row.save($0) }
    }

    /// New templates and drafts may stay drafts; an active or paused one can't go back to draft.
    public var saveRows: [Save] {
        status == nil || status == .draft ? Save.allCases : [.activate, .pause]
    }

    /// Whether a routine has a schedule is chosen when it is created: an edit keeps that choice.
    public var repeatChoices: [Repeat] {
        guard templateId != nil else { return Repeat.allCases }
        return initial.repeats == .none ? [.none] : Repeat.allCases.filter { $0 != .none }
    }

    /// The name of the habit step `i` is linked to.
    public func habitName(ofStep i: Int) -> String? {
        guard fields.stepHabits.indices.contains(i), let id = fields.stepHabits[i] else { return nil }
        return habits.first { $0.id == id }?.name ?? "a habit"
    }

    /// Rows the focus skips: the bucket is fixed, and rows the phrase sets show its value.
    public func isFocusable(_ row: Row) -> Bool { row != .bucket && !isSetByPhrase(row) }

    /// Rows whose value is typed (Space types a space there); the others toggle or cycle.
    public static func isText(_ row: Row) -> Bool {
        switch row {
        case .repeats, .weekdays, .ordinal, .weekday, .ending, .bucket, .save: false
        default: true
        }
    }

    /// Rows that hold a number.
    public static func isNumber(_ row: Row) -> Bool {
        [.priority, .duration, .interval, .monthDay, .endCount].contains(row)
    }

    /// The text of a typed row.
    public func text(of row: Row) -> String {
        switch row {
        case .title: fields.title
        case .description: fields.description
        case .labels: fields.labels
        case .step(let i): fields.steps.indices.contains(i) ? fields.steps[i] : ""
        case .addStep: fields.newStep
        case .time: fields.time
        case .priority: fields.priority
        case .duration: fields.duration
        case .interval: fields.interval
        case .monthDay: fields.monthDay
        case .phrase: fields.phrase
        case .starts: fields.starts
        case .endDate: fields.endDate
        case .endCount: fields.endCount
        default: ""
        }
    }

    public mutating func setText(_ text: String, of row: Row) {
        switch row {
        case .title: fields.title = text
        case .description: fields.description = text
        case .labels: fields.labels = text
        case .step(let i): if fields.steps.indices.contains(i) { fields.steps[i] = text }
        case .addStep: fields.newStep = text
        case .time: fields.time = text
        case .priority: fields.priority = text
        case .duration: fields.duration = text
        case .interval: fields.interval = text
        case .monthDay: fields.monthDay = text
        case .phrase: fields.phrase = text
        case .starts: fields.starts = text
        case .endDate: fields.endDate = text
        case .endCount: fields.endCount = text
        default: break
        }
    }

    /// Moves the focus `step` rows, skipping the fixed ones, wrapping around.
    public mutating func moveFocus(_ step: Int) {
        let rows = self.rows.filter(isFocusable)
        let index = rows.firstIndex(of: focus) ?? 0
        focus = rows[((index + step) % rows.count + rows.count) % rows.count]
    }

    /// Keeps the focus on a row that still exists after the rows changed.
    public mutating func clampFocus() {
        if rows.contains(focus) { return }
        if case .step = focus { focus = fields.steps.isEmpty ? .addStep : .step(fields.steps.count - 1) }
        if !rows.contains(focus) { focus = .repeats }
    }
}

/// A habit a checklist step can be linked to.
public struct HabitChoice: Hashable, Sendable {
    public let id: String
    public let name: String
    public init(id: String, name: String) {
        self.id = id
        self.name = name
    }
}
