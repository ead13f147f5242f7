/// Times of day inside phrases (ARCHITECTURE.md §3): "at 8am and 8pm", "every 3 hours from 8am
/// to 8pm", "every mon at 18:00 and thu at 8:00".
extension PhraseParser {
    /// The weekdays a word names: a weekday, "weekday(s)" or "weekend(s)".
    static func weekdays(of word: String) -> [Weekday]? {
        if let day = Vocabulary.weekdayNames[word] { return [day] }
        if ["weekday", "weekdays", "workday", "workdays"].contains(word) { return Weekday.workdays }
        if ["weekend", "weekends"].contains(word) { return Weekday.weekend }
        return nil
    }

    /// "… and thu at 8:00": weekdays, then the times they take.
    mutating func parseDayTimes() throws(BoardError) {
        var days: [Weekday] = []
        repeat {
            guard let word = current, let named = Self.weekdays(of: word) else { throw unexpected(context: "expected a weekday") }
            index += 1
            days += named
        } while acceptSeparator(before: { Self.weekdays(of: $0) != nil })
        guard accept("at") else { throw unexpected(context: "expected 'at' and a time after \(PhraseVocabulary.list(days.map(\.name)))") }
        var given: [LocalTime] = []
        repeat { given.append(try parseTime()) } while acceptTimeSeparator()
        dayTimes.append((days, given))
    }

    /// Consumes "," / "and" when another time of day follows: "8am", "20:00", "noon"; not the
    /// "10" of "and 10 times".
    mutating func acceptTimeSeparator() -> Bool {
        var look = index
        while look < tokens.count, tokens[look] == "," || tokens[look] == "and" { look += 1 }
        guard look > index, look < tokens.count else { return false }
        let word = tokens[look]
        let startsTime = word == "noon" || word == "midnight"
            || (word.unicodeScalars.first.map { ("0"..."9").contains($0) } ?? false
                && !["times", "time"].contains(look + 1 < tokens.count ? tokens[look + 1] : ""))
        guard startsTime else { return false }
        index = look
        return true
    }

    /// The times "at" names, or those "every N hours" reaches in its window (all day without one,
    /// from the first "at" time when there is one).
    func timesOfDay() throws(BoardError) -> TimesOfDay? {
        if !dayTimes.isEmpty {
            if hourInterval != nil { throw BoardError("phrase", "say 'every N hours' or times on weekdays, not both") }
            // The first times fall on the rule's own days (all of a weekly rule's first list);
            // each later list keeps its times to its days. A time on every rule day is kept to none.
            let head = frequency == .weekly ? Set(weekdays.filter { $0.ordinal == nil }.map(\.weekday)) : []
            let ruleDays = head.union(dayTimes.flatMap(\.days))
            var kept: [LocalTime: Set<Weekday>] = [:]
            for time in times { kept[time, default: []].formUnion(head.isEmpty ? Set(Weekday.allCases) : head) }
            for group in dayTimes { for time in group.times { kept[time, default: []].formUnion(group.days) } }
            let everyDay = frequency == .weekly ? ruleDays : Set(Weekday.allCases)
            let free = kept.filter { everyDay.isSubset(of: $0.value) }.map(\.key)
            return try TimesOfDay(free, days: kept.filter { !everyDay.isSubset(of: $0.value) })
        }
        guard let hourInterval else { return times.isEmpty ? nil : try TimesOfDay(times) }
        guard (1...12).contains(hourInterval) else {
            throw BoardError("phrase", "every \(hourInterval) hours is not a time of day; say every 1 to 12 hours")
        }
        if hourWindow != nil && !times.isEmpty {
            throw BoardError("phrase", "say 'from … to …' or 'at …' for every \(hourInterval) hours, not both")
        }
        if times.count > 1 { throw BoardError("phrase", "say one time to count every \(hourInterval) hours from") }
        let from = hourWindow?.from ?? times.first ?? .midnight
        let to = hourWindow?.to ?? LocalTime(hour: 23, minute: 59)!
        guard from <= to else { throw BoardError("phrase", "the window from \(from) to \(to) ends before it begins") }
        let reached = stride(from: from.minuteOfDay, through: to.minuteOfDay, by: hourInterval * 60)
            .map { LocalTime(hour: $0 / 60, minute: $0 % 60)! }
        return try TimesOfDay(reached)
    }
}
