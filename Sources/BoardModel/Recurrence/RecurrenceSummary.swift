extension RecurrencePhrase {
    /// A human summary that the phrase parser reads back as the same rule, time and start:
    /// "Every 2 weeks on Tuesday and Thursday at 7:30, until Dec 31, 2026".
    public var summary: String {
        var text = rule.pattern
        if let times, times.keepsDays {
            text = Self.dayTimes(rule, times)
        } else if let times {
            text += " at " + times.display
        }
        if let start { text += ", starting " + MonthName.display(start) }
        switch rule.end {
        case .never: break
        case .count(let n): text += ", \(n) \(n == 1 ? "time" : "times")"
        case .until(let date, let time): text += ", until " + MonthName.display(date) + (time.map { " " + $0.description } ?? "")
        }
        return text
    }
}

extension RecurrencePhrase {
    /// "Every Monday at 18:00 and Thursday at 08:00", "Every day at 08:00 and Saturday at 10:00":
    /// the rule's days with the times on every one of them, then each set of weekdays with the
    /// times kept to it, as the phrase parser reads them back.
    static func dayTimes(_ rule: RecurrenceRule, _ times: TimesOfDay) -> String {
        typealias V = PhraseVocabulary
        func days(_ set: Set<Weekday>) -> String {
            let sorted = set.sorted()
            return sorted == Weekday.workdays ? "weekday" : sorted == Weekday.weekend ? "weekend" : V.list(sorted.map(\.name))
        }
        var groups: [(days: Set<Weekday>, times: [LocalTime])] = []
        for time in times.times {
            guard let set = times.days[time] else { continue }
            if let i = groups.firstIndex(where: { $0.days == set }) { groups[i].times.append(time) } else { groups.append((set, [time])) }
        }
        groups.sort { ($0.days.min()!, $0.times[0]) < ($1.days.min()!, $1.times[0]) }
        let free = times.times.filter { times.days[$0] == nil }
        var text: String
        if !free.isEmpty || rule.frequency != .weekly {
            text = rule.pattern + (free.isEmpty ? "" : " at " + V.list(free.map(\.display)))
        } else {
            let first = groups.removeFirst()
            text = (rule.interval == 1 ? "Every " : "Every \(rule.interval) weeks on ") + days(first.days)
                + " at " + V.list(first.times.map(\.display))
        }
        for group in groups { text += " and " + days(group.days) + " at " + V.list(group.times.map(\.display)) }
        if free.isEmpty && rule.frequency == .weekly && rule.weekStart != .monday { text += ", weeks start on " + rule.weekStart.name }
        return text
    }
}

extension RecurrenceRule {
    /// The summary of the rule alone: no time of day, no start.
    public var summary: String { RecurrencePhrase(rule: self).summary }

    /// The repeating part of the summary, without time, start and end.
    var pattern: String {
        typealias V = PhraseVocabulary
        if anchor == .completion {
            return "\(interval) \(V.unit(frequency, plural: interval != 1)) after completion"
        }
        var weekdays = self.weekdays, monthDays = self.monthDays, months = self.months, setPositions = self.setPositions
        var onClauses: [String] = []
        var head: String

        let plain = weekdays.filter { $0.ordinal == nil }.map(\.weekday)
        if frequency == .weekly && interval == 1 && !plain.isEmpty {
            head = plain == Weekday.workdays ? "Every weekday"
                : plain == Weekday.weekend ? "Every weekend"
                : "Every " + V.list(plain.map(\.name))
            weekdays = []
        } else {
            head = interval == 1 ? "Every " + V.unit(frequency, plural: false)
                : "Every \(interval) " + V.unit(frequency, plural: true)
        }
        if frequency == .yearly && months.count == 1 && monthDays.count == 1 && monthDays[0] > 0 {
            onClauses.append("on \(MonthName.full[months[0] - 1]) \(monthDays[0])")
            months = []
            monthDays = []
        }
        if plain == Weekday.workdays && weekdays.count == 5 && setPositions.count == 1 && monthDays.isEmpty {
            onClauses.append("on the \(V.ordinalWord(setPositions[0])) workday")
            weekdays = []
            setPositions = []
        }
        if !weekdays.isEmpty {
            if weekdays[0].ordinal == nil {
                onClauses.append("on " + V.list(weekdays.map(\.weekday.name)))
            } else {
                onClauses.append("on the " + V.list(weekdays.map { V.ordinalWord($0.ordinal!) + " " + $0.weekday.name }))
            }
        }
        if !monthDays.isEmpty {
            onClauses.append("on the " + V.list(monthDays.map { $0 > 0 ? ordinalSuffix($0) : V.ordinalWord($0) + " day" }))
        }
        if frequency == .monthly && interval == 1 && !onClauses.isEmpty { head = "Monthly" }

        var text = head
        if !onClauses.isEmpty { text += " " + onClauses.joined(separator: ", ") }
        if !months.isEmpty { text += " in " + V.list(months.map { MonthName.full[$0 - 1] }) }
        if !setPositions.isEmpty {
            text += ", only the " + V.list(setPositions.map(V.ordinalWord)) + " of each " + V.unit(frequency, plural: false)
        }
        if weekStart != .monday { text += ", weeks start on " + weekStart.name }
        if monthEndPolicy == .skip && monthEndMatters { text += ", skipping short months" }
        return text
    }
}
