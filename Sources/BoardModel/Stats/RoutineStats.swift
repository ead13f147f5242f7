/// What a template's history says (`board stats`, the Stats view; ARCHITECTURE.md §12), computed
/// from the board's rows and its event log only. Every figure is defined in `StatsDefinitions`.
public struct TemplateStats: Hashable, Sendable, Encodable {
    public var id: String
    public var title: String
    public var completed = 0
    public var skipped = 0
    public var deleted = 0
    public var open = 0
    /// Occurrences dated before today (still there, or deleted) and how many of them were completed.
    public var due = 0
    public var completedDue = 0
    public var exceptions: [String: Int] = [:]
    public var pauses = 0
    public var resumes = 0
    /// End-after-N templates: occurrences left at the end of each counted week.
    public var remainingByWeek: [Int]?
    /// Per counted week: completed ÷ occurrences dated that week up to today; nil for a week with none.
    public var completionByWeek: [Double?] = []
    // No figure counts a routine's ticked steps: routines suggest, users confirm, only entries
    // count (ARCHITECTURE.md §12).

    public init(id: String, title: String) {
        self.id = id
        self.title = title
    }

    /// The dates the routine gave, each now completed, skipped, deleted or open: a sum, so the
    /// figures always add up (an occurrence a reopen took back was never given).
    public var generated: Int { completed + skipped + deleted + open }

    /// Completed ÷ due, past days only; nil while nothing has been due.
    public var adherence: Double? { due == 0 ? nil : Double(completedDue) / Double(due) }

    enum CodingKeys: String, CodingKey {
        case id, title, generated, completed, skipped, deleted, open, due, adherence, exceptions, pauses, resumes
        case remainingByWeek = "remaining_by_week", completionByWeek = "completion_by_week"
        case completedDue = "completed_due"
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(title, forKey: .title)
        try c.encode(generated, forKey: .generated)
        try c.encode(completed, forKey: .completed)
        try c.encode(skipped, forKey: .skipped)
        try c.encode(deleted, forKey: .deleted)
        try c.encode(open, forKey: .open)
        try c.encode(due, forKey: .due)
        try c.encode(completedDue, forKey: .completedDue)
        try c.encode(adherence.map(StatsDefinitions.rounded), forKey: .adherence)
        try c.encode(exceptions, forKey: .exceptions)
        try c.encode(pauses, forKey: .pauses)
        try c.encode(resumes, forKey: .resumes)
        try c.encode(remainingByWeek, forKey: .remainingByWeek)
        try c.encode(completionByWeek.map { $0.map(StatsDefinitions.rounded) }, forKey: .completionByWeek)
    }
}

/// What a habit's entries say: entries per counted week and its streaks of met periods (days,
/// weeks or months, as its target counts). Entries only (ARCHITECTURE.md §12), never routines,
/// runs or suggestions.
public struct HabitStats: Hashable, Sendable, Encodable {
    public var id: String
    public var name: String
    public var target: HabitTarget
    public var checkinsByWeek: [Int]
    /// The periods met in each counted week (a day's target: days; a week's: 0 or 1; a month's:
    /// 1 in the week it was met).
    public var metByWeek: [Int]
    public var currentStreak: Int
    public var longestStreak: Int
    /// The days with an entry within the counted weeks: the heatmap.
    public var days: Set<LocalDate>

    public init(id: String, name: String, target: HabitTarget = .daily, entries: [LocalDate: Int], weeks: StatsWeeks, weekStart: Weekday) {
        self.id = id
        self.name = name
        self.target = target
        let progress = HabitProgress(counts: entries, target: target, weekStart: weekStart)
        var perWeek = Array(repeating: 0, count: weeks.starts.count)
        for (day, n) in progress.counts { if let w = weeks.index(of: day) { perWeek[w] += n } }
        checkinsByWeek = perWeek
        var met = Array(repeating: 0, count: weeks.starts.count)
        for day in progress.daysMet { if let w = weeks.index(of: day) { met[w] += 1 } }
        metByWeek = met
        currentStreak = progress.currentStreak(today: weeks.today)
        longestStreak = progress.longestStreak
        days = Set(progress.counts.keys.filter { weeks.index(of: $0) != nil })
    }

    enum CodingKeys: String, CodingKey {
        case id, name, target, checkinsByWeek = "checkins_by_week", metByWeek = "met_by_week", currentStreak = "current_streak"
        case longestStreak = "longest_streak"
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(name, forKey: .name)
        try c.encode(target.text, forKey: .target)
        try c.encode(checkinsByWeek, forKey: .checkinsByWeek)
        try c.encode(metByWeek, forKey: .metByWeek)
        try c.encode(currentStreak, forKey: .currentStreak)
        try c.encode(longestStreak, forKey: .longestStreak)
    }
}

/// The whole report: the weeks counted, each template, each habit, and the templates' totals.
public struct BoardStats: Hashable, Sendable, Encodable {
    public var weeks: StatsWeeks
    public var templates: [TemplateStats]
    public var habits: [HabitStats]

    public init(weeks: StatsWeeks, templates: [TemplateStats], habits: [HabitStats]) {
        self.weeks = weeks
        self.templates = templates
        self.habits = habits
    }

    /// Every template's figures added up (adherence from the sums).
    public var totals: TemplateStats {
        var t = TemplateStats(id: "", title: "All templates")
        for s in templates {
            t.completed += s.completed; t.skipped += s.skipped; t.deleted += s.deleted
            t.open += s.open; t.due += s.due; t.completedDue += s.completedDue; t.pauses += s.pauses; t.resumes += s.resumes
            t.exceptions.merge(s.exceptions, uniquingKeysWith: +)
        }
        return t
    }

    enum CodingKeys: String, CodingKey { case today, weekStarts = "week_starts", templates, habits, totals }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(weeks.today.iso, forKey: .today)
        try c.encode(weeks.starts.map(\.iso), forKey: .weekStarts)
        try c.encode(templates, forKey: .templates)
        try c.encode(habits, forKey: .habits)
        // The totals in the templates' shape; a weekly share of all templates is not a sum, so none.
        var totals = self.totals
        totals.completionByWeek = []
        try c.encode(totals, forKey: .totals)
    }
}

/// Each figure in one line: `board stats --help` prints these, and the Stats view's words use them.
public enum StatsDefinitions {
    public static let lines: [(String, String)] = [
        ("generated", "the dates the routine gave: completed + skipped + deleted + open"),
        ("completed", "occurrences completed"),
        ("skipped", "dates skipped with skip-next"),
        ("deleted", "occurrences deleted (their dates are never made again)"),
        ("open", "occurrences not completed, of any date"),
        ("due", "occurrences dated before today, deleted ones included"),
        ("adherence", "completed ÷ due: of the occurrences dated before today, the share completed"),
        ("exceptions", "per field, how many occurrences an edit made that field their own (each occurrence counted once)"),
        ("pauses, resumes", "how many times the template was paused, and resumed from a pause"),
        ("remaining_by_week", "templates that end after N: occurrences left at the end of each week"),
        ("completion_by_week", "per week, completed ÷ occurrences dated that week up to today"),
        ("checkins_by_week", "a habit's check-ins per week (its entries only: routines never count)"),
        ("current_streak", "days in a row with a check-in, up to today (or yesterday while today is open)"),
        ("longest_streak", "the most days in a row with a check-in, ever"),
    ]

    /// Three decimals: enough for a percentage with a decimal, and stable text.
    static func rounded(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }

    /// "71%" — a share in words.
    public static func percent(_ value: Double) -> String { "\(Int((value * 100).rounded()))%" }
}
