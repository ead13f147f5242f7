/// A template's or a habit's figures in one sentence: what `board stats` prints under a chart and
/// what the Stats view's status line says for the focused row, so a chart is never the only way
/// to read a figure (ARCHITECTURE.md §12).
public enum StatsWords {
    public static func adherence(_ s: TemplateStats) -> String {
        guard let a = s.adherence else { return "no adherence yet (nothing was due before today)" }
        return "adherence \(StatsDefinitions.percent(a)) (\(s.completedDue) of \(s.due) due completed)"
    }

    public static func counts(_ s: TemplateStats) -> String {
        "generated \(s.generated), completed \(s.completed), skipped \(s.skipped), deleted \(s.deleted), open \(s.open)"
    }

    public static func exceptions(_ s: TemplateStats) -> String {
        guard !s.exceptions.isEmpty else { return "no field customised" }
        return "customised: " + orderedExceptions(s).map { "\($0.field) \($0.count)" }.joined(separator: ", ")
    }

    /// Exceptions, most frequent first, then in the template's field order.
    public static func orderedExceptions(_ s: TemplateStats) -> [(field: String, count: Int)] {
        func rank(_ field: String) -> Int { CardField.allCases.firstIndex { $0.rawValue == field } ?? CardField.allCases.count }
        return s.exceptions.map { (field: $0.key, count: $0.value) }.sorted { a, b in
            a.count != b.count ? a.count > b.count : (rank(a.field), a.field) < (rank(b.field), b.field)
        }
    }

    /// "by week, oldest first: none due ×8, 100%, 67%": a run of weeks with nothing due said once.
    public static func weeks(_ values: [Double?]) -> String {
        var parts: [String] = [], empty = 0
        func flush() {
            if empty > 0 { parts.append(empty == 1 ? "none due" : "none due ×\(empty)") }
            empty = 0
        }
        for value in values {
            guard let value else { empty += 1; continue }
            flush()
            parts.append(StatsDefinitions.percent(value))
        }
        flush()
        return "by week, oldest first: " + parts.joined(separator: ", ")
    }

    public static func times(_ n: Int) -> String { n == 1 ? "once" : "\(n) times" }

    /// Everything about a template, in words.
    public static func template(_ s: TemplateStats) -> String {
        var parts = [adherence(s), counts(s), exceptions(s), "paused \(times(s.pauses)), resumed \(times(s.resumes))"]
        if let remaining = s.remainingByWeek, let last = remaining.last { parts.append("\(last) left") }
        parts.append(weeks(s.completionByWeek))
        return s.title.escapedForTerminal + ": " + parts.joined(separator: "; ")
    }

    /// Everything about a habit, in words.
    public static func habit(_ h: HabitStats) -> String {
        let total = h.checkinsByWeek.reduce(0, +)
        let target = h.target == .daily ? "" : ", " + h.target.summary
        return h.name.escapedForTerminal + target + ": current streak \(streak(h.currentStreak, h.target.period)), "
            + "longest \(streak(h.longestStreak, h.target.period)); "
            + "\(total) check-\(total == 1 ? "in" : "ins") in \(h.checkinsByWeek.count) weeks, by week: "
            + h.checkinsByWeek.map(String.init).joined(separator: ", ")
    }

    /// A streak in its periods' words: "1 day", "3 weeks".
    public static func streak(_ n: Int, _ period: HabitTarget.Period) -> String { "\(n) \(period.rawValue)\(n == 1 ? "" : "s")" }

    /// 1.5, 2, 0.33.
    public static func decimal(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        if hundredths % 100 == 0 { return "\(hundredths / 100)" }
        if hundredths % 10 == 0 { return "\(hundredths / 100).\(hundredths % 100 / 10)" }
        return "\(hundredths / 100).\((hundredths % 100) < 10 ? "0" : "")\(hundredths % 100)"
    }
}
