extension RecurrencePhrase {
    /// RRULE text with its times of day: BYHOUR and BYMINUTE, each defaulting to `startTime`
    /// (DTSTART's, midnight without one), and FREQ=HOURLY, read as the hours it reaches in a day
    /// from DTSTART's hour. That is the same set every day only when the interval divides 24,
    /// so any other hourly interval is refused (ARCHITECTURE.md §3).
    public init(rrule text: String, startTime: LocalTime? = nil, anchor: RecurrenceRule.Anchor = .schedule) throws(BoardError) {
        typealias R = RecurrenceRule
        var parts = try R.parts(of: text)
        let hours = try R.list(parts.removeValue(forKey: "BYHOUR"), part: "BYHOUR") { v throws(BoardError) in
            let n = try R.integer(v, part: "BYHOUR")
            guard n <= 23 else { throw BoardError("BYHOUR", "must be an hour from 0 to 23, got \(n)") }
            return n
        }
        let minutes = try R.list(parts.removeValue(forKey: "BYMINUTE"), part: "BYMINUTE") { v throws(BoardError) in
            let n = try R.integer(v, part: "BYMINUTE")
            guard n <= 59 else { throw BoardError("BYMINUTE", "must be a minute from 0 to 59, got \(n)") }
            return n
        }
        var times: TimesOfDay?
        if parts["FREQ"] == "HOURLY" {
            let interval = try parts.removeValue(forKey: "INTERVAL").map { v throws(BoardError) in try R.integer(v, part: "INTERVAL") } ?? 1
            guard interval >= 1, 24 % interval == 0 else {
                throw BoardError("INTERVAL", "with FREQ=HOURLY must divide 24 (1, 2, 3, 4, 6, 8 or 12), so every day has the same times; got \(interval)")
            }
            let from = (startTime ?? .midnight).hour
            var reached = (0..<(24 / interval)).map { (from + $0 * interval) % 24 }
            if !hours.isEmpty { reached = reached.filter(hours.contains) }
            guard !reached.isEmpty else {
                throw BoardError("BYHOUR", "names no hour reached every \(interval) hours from \(from.zeroPadded(2)):00")
            }
            times = try TimesOfDay(hours: reached, minutes: minutes, start: startTime)
            parts["FREQ"] = "DAILY"
            parts["WKST"] = nil
        } else if !hours.isEmpty || !minutes.isEmpty {
            times = try TimesOfDay(hours: hours, minutes: minutes, start: startTime)
        }
        // BYSETPOS picks among a period's date-times, so with several times it would pick times
        // too; Board keeps times beside the rule and cannot say that.
        if let times, times.times.count > 1, parts["BYSETPOS"] != nil {
            throw BoardError("BYSETPOS", "can't be combined with several times of day (BYHOUR, BYMINUTE, FREQ=HOURLY)")
        }
        let rule = try RecurrenceRule(parts: parts, anchor: anchor)
        try Schedule.check(times, with: rule)
        self.init(rule: rule, times: times)
    }
}

extension RecurrenceRule {
    /// The RRULE text of the rule at `times`: BYHOUR and BYMINUTE when there are several and
    /// they are every hour with every minute; nil when they are not, or when the rule's own
    /// BYSETPOS (a clamped month end) would pick among them.
    public func rrule(start: LocalDate? = nil, times: TimesOfDay?) -> String? {
        let text = rrule(start: start)
        guard let times, times.times.count > 1 else { return text }
        guard let (hours, minutes) = times.byHourAndMinute, !text.contains("BYSETPOS") else { return nil }
        return text + ";BYHOUR=" + hours.map(String.init).joined(separator: ",")
            + ";BYMINUTE=" + minutes.map(String.init).joined(separator: ",")
    }
}
