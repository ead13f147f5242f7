extension RecurrencePhrase {
    /// Parses plain words, case-insensitively: "every other tuesday at 7am", "every 15th",
    /// "every! 3 days", "every weekday starting nov 1 until dec 31", "monthly on the last friday, 10 times".
    /// Dates without a year fall on or after `today` (an end: on or after the start); weeks start on
    /// `weekStart` unless the phrase says "weeks start on …".
    public init(parsing text: String, today: LocalDate, weekStart: Weekday = .monday) throws(BoardError) {
        var parser = PhraseParser(text, weekStart: weekStart)
        try parser.parse()
        self = try parser.phrase(today: today)
    }
}

/// A recursive-descent parser over the words of a phrase; `PhraseVocabulary` holds the words.
struct PhraseParser {
    typealias Vocabulary = PhraseVocabulary

    let tokens: [String]
    var index = 0

    var frequency: RecurrenceRule.Frequency?
    private var interval = 1
    var weekdays: [WeekdaySelector] = []
    private var monthDays: [Int] = []
    private var months: [Int] = []
    private var setPositions: [Int] = []
    private var weekStart: Weekday
    private var policy = RecurrenceRule.MonthEndPolicy.clamp
    private var anchor = RecurrenceRule.Anchor.schedule
    private var end = RecurrenceRule.End.never
    var times: [LocalTime] = []
    /// "every 3 hours": the hours between a day's runs, and the window "from 8am to 8pm" they fill.
    var hourInterval: Int?
    var hourWindow: (from: LocalTime, to: LocalTime)?
    /// "every mon at 18:00 and thu at 8:00": the days after the first and the times they take.
    var dayTimes: [(days: [Weekday], times: [LocalTime])] = []
    private var start: PhraseDate?
    private var until: (date: PhraseDate, time: LocalTime?)?
    private var headIsBareInterval = false

    init(_ text: String, weekStart: Weekday = .monday) {
        self.weekStart = weekStart
        let spaced = text.lowercased()
            .replacingOccurrences(of: "-to-last", with: " to last")
            .replacingOccurrences(of: ",", with: " , ")
            .replacingOccurrences(of: "&", with: " and ")
            .replacingOccurrences(of: "every !", with: "every!")
        tokens = spaced.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).map(String.init)
    }

    // MARK: Token access

    var current: String? { index < tokens.count ? tokens[index] : nil }
    func peek(_ offset: Int = 0) -> String? { index + offset < tokens.count ? tokens[index + offset] : nil }
    mutating func take() -> String? {
        defer { index += 1 }
        return current
    }
    mutating func accept(_ words: String...) -> Bool {
        guard let c = current, words.contains(c) else { return false }
        index += 1
        return true
    }
    private mutating func expect(_ word: String, after context: String) throws(BoardError) {
        guard accept(word) else { throw unexpected(context: "expected '\(word.echoed)' after '\(context.echoed)'") }
    }
    func unexpected(context: String? = nil) -> BoardError {
        guard let word = current else {
            return BoardError("phrase", "ends too early" + (context.map { ": \($0)" } ?? ""))
        }
        return BoardError("phrase", "unknown word '\(word.echoed)'" + (context.map { ": \($0)" } ?? ""))
    }

    // MARK: Grammar

    mutating func parse() throws(BoardError) {
        guard current != nil else {
            throw BoardError("phrase", "is empty; try 'every day', 'every monday' or 'every 15th'")
        }
        try parseHead()
        while current != nil {
            if accept(",") || accept("and") { continue }
            try parseClause()
        }
    }

    private mutating func parseHead() throws(BoardError) {
        let word = current!
        switch word {
        case "daily": index += 1; frequency = .daily
        case "weekly": index += 1; frequency = .weekly
        case "monthly": index += 1; frequency = .monthly
        case "yearly", "annually": index += 1; frequency = .yearly
        case "hourly":
            index += 1
            frequency = .daily
            hourInterval = 1
        case "every!", "ev!":
            index += 1
            anchor = .completion
            try parseEveryBody()
        case "every", "ev", "each":
            index += 1
            try parseEveryBody()
        default:
            if let n = Vocabulary.cardinal(word), let unit = peek(1).flatMap({ Vocabulary.units[$0] }) {
                index += 2
                interval = n
                frequency = unit
                headIsBareInterval = true
            } else if word == "the" || word == "last" || Vocabulary.ordinal(word) != nil {
                // "last friday of the month", "the 15th of every month": days of the month without 'every'.
                if word == "the" { index += 1 }
                let found = try parseDayItems(context: "after '\(word.echoed)'")
                frequency = found.hasMonthAndDay ? .yearly : found.hasMonthLevelItem ? .monthly : .weekly
            } else {
                throw BoardError("phrase", "unknown word '\(word.echoed)': start with 'every', 'daily', 'weekly', 'monthly' or 'yearly'")
            }
        }
    }

    private mutating func parseEveryBody() throws(BoardError) {
        guard let word = current else { throw unexpected(context: "say what repeats after 'every'") }
        if word == "hour" || (Vocabulary.cardinal(word) != nil && ["hour", "hours"].contains(peek(1) ?? "")) {
            index += word == "hour" ? 1 : 2
            hourInterval = word == "hour" ? 1 : Vocabulary.cardinal(word)!
            frequency = .daily
            return
        }
        if let n = Vocabulary.cardinal(word), let unit = peek(1).flatMap({ Vocabulary.units[$0] }) {
            index += 2
            interval = n
            frequency = unit
            return
        }
        if word == "other" {
            index += 1
            interval = 2
            if let unit = current.flatMap({ Vocabulary.units[$0] }) {
                index += 1
                frequency = unit
                return
            }
            guard let c = current, Vocabulary.weekdayNames[c] != nil else {
                throw unexpected(context: "after 'every other' say day, week, month, year or a weekday")
            }
        }
        if let unit = Vocabulary.units[word], !word.hasSuffix("s") {
            index += 1
            frequency = unit
            return
        }
        // A list of days: weekdays, days of the month, nth weekdays, month and day.
        let found = try parseDayItems(context: "after 'every'")
        frequency = found.hasMonthAndDay ? .yearly : found.hasMonthLevelItem ? .monthly : .weekly
    }

    private struct DayItems {
        var hasMonthAndDay = false
        var hasMonthLevelItem = false
    }

    /// Items joined by commas and "and": "mon, wed and fri", "the 1st and last day",
    /// "the first monday", "the last workday", "weekdays", "march 14".
    private mutating func parseDayItems(context: String) throws(BoardError) -> DayItems {
        var found = DayItems()
        repeat {
            _ = accept("the")
            guard let word = current else { throw unexpected(context: context) }
            if let day = Vocabulary.weekdayNames[word] {
                index += 1
                weekdays.append(WeekdaySelector(day))
            } else if ["weekday", "weekdays", "workday", "workdays"].contains(word) {
                index += 1
                weekdays += Weekday.workdays.map { WeekdaySelector($0) }
            } else if ["weekend", "weekends"].contains(word) {
                index += 1
                weekdays += Weekday.weekend.map { WeekdaySelector($0) }
            } else if let month = Vocabulary.month(word) {
                index += 1
                guard let dayText = current, let day = Vocabulary.ordinal(dayText) ?? Int.decimal(dayText), day <= 31 else {
                    throw unexpected(context: "expected a day of the month after '\(word.echoed)'")
                }
                index += 1
                months.append(month)
                monthDays.append(day)
                found.hasMonthAndDay = true
            } else if let position = parseOrdinal() {
                found.hasMonthLevelItem = true
                try parseOrdinalNoun(position)
            } else {
                throw unexpected(context: context)
            }
        } while acceptListSeparator()
        return found
    }

    /// "last", "3rd", "third", "2nd to last", "second to last": a position, negative from the end.
    private mutating func parseOrdinal() -> Int? {
        guard let word = current else { return nil }
        if word == "last" {
            index += 1
            return -1
        }
        guard let n = Vocabulary.ordinal(word) else { return nil }
        index += 1
        if current == "to" && peek(1) == "last" {
            index += 2
            return -n
        }
        return n
    }

    /// What follows a position: a weekday (2nd Tuesday), "day" (last day), "workday", or nothing (the 15th).
    private mutating func parseOrdinalNoun(_ position: Int) throws(BoardError) {
        if let word = current, let day = Vocabulary.weekdayNames[word] {
            index += 1
            weekdays.append(WeekdaySelector(day, ordinal: position))
        } else if accept("day") {
            monthDays.append(position)
        } else if accept("workday", "weekday") {
            weekdays += Weekday.workdays.map { WeekdaySelector($0) }
            setPositions.append(position)
        } else if position > 0 {
            monthDays.append(position)
        } else {
            throw unexpected(context: "say 'last day', 'last friday' or 'last workday'")
        }
    }

    /// Consumes "," / "and" / ", and" when what follows them starts another list item.
    mutating func acceptSeparator(before startsItem: (String) -> Bool) -> Bool {
        var look = index
        while look < tokens.count, tokens[look] == "," || tokens[look] == "and" { look += 1 }
        guard look > index, look < tokens.count, startsItem(tokens[look]) else { return false }
        index = look
        return true
    }

    private mutating func acceptListSeparator() -> Bool { acceptSeparator(before: startsListItem) }

    private func startsListItem(_ word: String) -> Bool {
        if word == "the" || word == "last" { return true }
        if Vocabulary.weekdayNames[word] != nil || Vocabulary.month(word) != nil || Vocabulary.ordinal(word) != nil { return true }
        return ["weekday", "weekdays", "workday", "workdays", "weekend", "weekends"].contains(word)
    }

    private mutating func parseClause() throws(BoardError) {
        let word = current!
        switch word {
        case "of":
            // "… of the month", "… of every month": what a day of the month already says.
            index += 1
            if let c = current, ["the", "every", "each"].contains(c) { index += 1 }
            guard frequency == .monthly, interval == 1, current == "month" else {
                throw BoardError("phrase", "'of the month' follows a day of the month, as in 'last friday of the month'")
            }
            index += 1
        case "on":
            index += 1
            _ = try parseDayItems(context: "after 'on'")
        case "in":
            index += 1
            repeat {
                guard let c = current, let month = Vocabulary.month(c) else { throw unexpected(context: "expected a month after 'in'") }
                index += 1
                months.append(month)
            } while acceptSeparator(before: { Vocabulary.month($0) != nil })
        case "at":
            index += 1
            repeat { times.append(try parseTime()) } while acceptTimeSeparator()
        case "from" where hourInterval != nil && hourWindow == nil:
            // "every 3 hours from 8am to 8pm": the window the hours fill.
            index += 1
            let from = try parseTime()
            guard accept("to", "until", "till") else { throw unexpected(context: "expected 'to' after 'from \(from)'") }
            hourWindow = (from, try parseTime())
        case "starting", "from", "starts", "beginning":
            index += 1
            start = try parseDate(context: word)
        case "until", "till", "ending":
            index += 1
            let date = try parseDate(context: word)
            var untilTime: LocalTime?
            if let c = current, c.contains(":"), let t = LocalTime(iso: c) {
                index += 1
                untilTime = t
            }
            until = (date, untilTime)
        case "for":
            index += 1
            try parseCount()
        case "after":
            index += 1
            guard accept("completion", "done", "completed") else { throw unexpected(context: "expected 'after completion'") }
            anchor = .completion
        case "only":
            index += 1
            _ = accept("the")
            repeat {
                guard let position = parseOrdinal() else { throw unexpected(context: "expected a position such as 'first' or 'last' after 'only the'") }
                setPositions.append(position)
            } while acceptSeparator(before: { $0 == "last" || Vocabulary.ordinal($0) != nil })
            if accept("of") {
                _ = accept("each", "every", "the")
                guard accept("month", "year", "period") else { throw unexpected(context: "expected 'of each month' or 'of each year'") }
            }
        case "weeks", "week":
            index += 1
            _ = accept("start", "starts")
            _ = accept("on")
            guard let c = current, let day = Vocabulary.weekdayNames[c] else { throw unexpected(context: "expected a weekday after 'weeks start on'") }
            index += 1
            weekStart = day
        case "skipping", "skip":
            index += 1
            guard accept("short") && accept("months") else { throw unexpected(context: "expected 'skipping short months'") }
            policy = .skip
        default:
            if Vocabulary.cardinal(word) != nil, ["times", "time"].contains(peek(1) ?? "") {
                try parseCount()
            } else if !times.isEmpty, Self.weekdays(of: word) != nil {
                try parseDayTimes()
            } else {
                throw unexpected()
            }
        }
    }

    private mutating func parseCount() throws(BoardError) {
        guard let c = current, let n = Vocabulary.cardinal(c) else { throw unexpected(context: "expected a number of times") }
        index += 1
        guard accept("times", "time") else { throw unexpected(context: "expected 'times' after \(n)") }
        end = .count(n)
    }

    // MARK: Result

    func phrase(today: LocalDate) throws(BoardError) -> RecurrencePhrase {
        guard let frequency else { throw BoardError("phrase", "says nothing that repeats") }
        if headIsBareInterval && anchor != .completion {
            throw BoardError("phrase", "say 'every \(interval) \(Vocabulary.unit(frequency, plural: interval != 1))' or add 'after completion'")
        }
        let startDate = try start.map { d throws(BoardError) in
            guard let date = d.resolve(onOrAfter: today, today: today) else { throw BoardError("starting", "no such date") }
            return date
        }
        var end = self.end
        if let until {
            if case .count = end { throw BoardError("until", "a rule ends after a number of times or on a date, not both") }
            guard let date = until.date.resolve(onOrAfter: startDate ?? today, today: today) else {
                throw BoardError("until", "no such date")
            }
            if let startDate, date < startDate {
                throw BoardError("until", "the end \(date) is before the start \(startDate)")
            }
            end = .until(date, until.time)
        }
        // Weekdays named with later times are days of a weekly rule too.
        var weekdays = self.weekdays
        if frequency == .weekly { weekdays += dayTimes.flatMap(\.days).map { WeekdaySelector($0) } }
        let rule = try RecurrenceRule(frequency, interval: interval, weekdays: weekdays, monthDays: monthDays,
                                      months: months, setPositions: setPositions, weekStart: weekStart,
                                      monthEndPolicy: policy, anchor: anchor, end: end)
        let times = try timesOfDay()
        try Schedule.check(times, with: rule)
        return RecurrencePhrase(rule: rule, times: times, start: startDate)
    }

}
