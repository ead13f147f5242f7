/// The rules of a card's priority, time and duration, read from what a user typed: one place for
/// the command line, the card form and the template editor, so their limits and words agree.
public enum FieldRules {
    public static let priorities = 0...3
    /// A week, in minutes.
    public static let durations = 1...(24 * 60 * 7)

    /// "0" to "3"; empty is 0.
    public static func priority(_ text: String) throws(BoardError) -> Int {
        let text = text.trimmingSpaces
        guard let p = text.isEmpty ? 0 : Int(text) else { throw priorityError(text) }
        try check(priority: p)
        return p
    }

    /// "21:00", "9am", "6:30pm", "noon" (`DateWords.time`); empty or "none" is no time.
    public static func time(_ text: String) throws(BoardError) -> LocalTime? {
        let text = text.trimmingSpaces
        if text.isEmpty || text.lowercased() == "none" { return nil }
        guard let time = try? DateWords.time(text) else {
            throw BoardError(.time, "must be a time of day such as \(DateWords.timeForms) (00:00 to 23:59), got '\(text.echoed)'")
        }
        return time
    }

    /// A routine's times of day: one time as `time` reads it, or several joined by commas or
    /// "and" ("8:00, 20:00", "8am and 8pm"), each perhaps kept to weekdays ("mon 18:00, thu
    /// 8am", "sat/sun 10:00"); empty or "none" is no time (ARCHITECTURE.md §3).
    public static func timesOfDay(_ text: String) throws(BoardError) -> TimesOfDay? {
        let pieces = text.replacingOccurrences(of: " and ", with: ",").split(separator: ",", omittingEmptySubsequences: false)
        if pieces.count == 1, !pieces[0].contains(where: \.isLetter) || (try? time(text)) != nil { return try time(text).map(TimesOfDay.init) }
        var times: [LocalTime] = [], days: [LocalTime: Set<Weekday>] = [:]
        for piece in pieces {
            var words = piece.split(separator: " ")
            var kept: Set<Weekday> = []
            while let first = words.first, let named = TimesOfDay.weekdays(first) {
                kept.formUnion(named)
                words.removeFirst()
            }
            guard let time = try time(words.joined(separator: " ")) else {
                throw BoardError(.time, "has an empty time in '\(text.echoed)'; give times such as 8:00, 20:00 or mon 18:00")
            }
            if kept.isEmpty { times.append(time) } else { days[time, default: []].formUnion(kept) }
        }
        return try TimesOfDay(times, days: days)
    }


    /// Whole minutes; empty or "none" is no duration.
    public static func duration(_ text: String) throws(BoardError) -> Int? {
        let text = text.trimmingSpaces
        if text.isEmpty || text.lowercased() == "none" { return nil }
        guard let d = Int(text) else { throw durationError(text) }
        try check(duration: d)
        return d
    }

    public static func check(priority: Int) throws(BoardError) {
        guard priorities.contains(priority) else { throw priorityError("\(priority)") }
    }

    public static func check(duration: Int) throws(BoardError) {
        guard durations.contains(duration) else { throw durationError("\(duration)") }
    }

    private static func priorityError(_ text: String) -> BoardError {
        BoardError(.priority, "must be 0, 1, 2 or 3, got '\(text)'")
    }

    private static func durationError(_ text: String) -> BoardError {
        BoardError(.duration, "must be a whole number of minutes from \(durations.lowerBound) to \(durations.upperBound), got '\(text)'")
    }
}

extension BoardError {
    /// "Time must be HH:MM …": the error as a sentence on a form's row.
    public var sentence: String { field.name.prefix(1).uppercased() + field.name.dropFirst() + " " + problem }
}
