/// RRULE text in and out for the RFC 5545 subset Board supports (ARCHITECTURE.md §3).
extension RecurrenceRule {
    /// The parts Board reads; any other is refused by name.
    public static let supportedParts = ["FREQ", "INTERVAL", "COUNT", "UNTIL", "WKST", "BYDAY", "BYMONTHDAY", "BYMONTH", "BYSETPOS",
                                        "BYHOUR", "BYMINUTE"]
    static let knownUnsupportedParts = ["BYSECOND", "BYYEARDAY", "BYWEEKNO", "BYEASTER", "RSCALE", "SKIP"]
    /// The parts that say times of day, which a schedule keeps beside its rule (`TimesOfDay`).
    static let timeParts = ["BYHOUR", "BYMINUTE"]

    /// Reads `FREQ=…;…`, with or without a leading `RRULE:`. The clamp form
    /// `BYMONTHDAY=28,29,30,31;BYSETPOS=-1` reads back as the 31st with the clamp policy;
    /// every other rule read from text has RFC 5545's skip policy. Times of day (BYHOUR,
    /// BYMINUTE, FREQ=HOURLY) are refused here: `RecurrencePhrase(rrule:startTime:)` reads them.
    public init(rrule text: String, anchor: Anchor = .schedule) throws(BoardError) {
        let parts = try Self.parts(of: text)
        if let part = Self.timeParts.first(where: { parts[$0] != nil }) {
            throw BoardError(Field(part), "is a time of day, kept beside the rule; a stored rule has none")
        }
        try self.init(parts: parts, anchor: anchor)
    }

    /// The NAME=VALUE parts of RRULE text, each known, none twice, values upper-cased.
    static func parts(of text: String) throws(BoardError) -> [String: String] {
        var body = Substring(text.trimmingSpaces)
        if body.uppercased().hasPrefix("RRULE:") { body = body.dropFirst(6) }
        var parts: [String: String] = [:]
        for piece in body.split(separator: ";") where !piece.isEmpty {
            let kv = piece.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let key = kv[0].trimmingSpaces.uppercased()
            guard kv.count == 2, !key.isEmpty else {
                throw BoardError("RRULE", "'\(String(piece).echoed)' is not a NAME=VALUE part")
            }
            if Self.knownUnsupportedParts.contains(key) {
                throw BoardError(Field(key), "is not supported (Board reads \(Self.supportedParts.joined(separator: ", ")))")
            }
            guard Self.supportedParts.contains(key) else {
                throw BoardError("RRULE", "'\(key.echoed)' is not a part Board knows (it reads \(Self.supportedParts.joined(separator: ", ")))")
            }
            guard parts[key] == nil else { throw BoardError(Field(key), "is given twice") }
            parts[key] = kv[1].trimmingSpaces.uppercased()
        }
        return parts
    }

    /// The rule the date parts say; `parts` holds no time of day.
    init(parts: [String: String], anchor: Anchor) throws(BoardError) {
        guard let freqText = parts["FREQ"] else {
            throw BoardError("FREQ", "is missing; a rule starts with FREQ=DAILY, WEEKLY, MONTHLY or YEARLY")
        }
        guard let frequency = Frequency(rawValue: freqText) else {
            throw BoardError("FREQ", "\(freqText.echoed) is not supported; use DAILY, WEEKLY, MONTHLY or YEARLY")
        }
        if parts["COUNT"] != nil && parts["UNTIL"] != nil {
            throw BoardError("COUNT", "and UNTIL can't both be given: a rule ends after a count or on a date")
        }
        let interval = try parts["INTERVAL"].map { v throws(BoardError) in try Self.integer(v, part: "INTERVAL") } ?? 1
        var end = End.never
        if let v = parts["COUNT"] { end = .count(try Self.integer(v, part: "COUNT")) }
        if let v = parts["UNTIL"] { end = try Self.until(v) }
        var weekStart = Weekday.monday
        if let v = parts["WKST"] {
            guard let day = Weekday(code: v) else { throw BoardError("WKST", "must be MO, TU, WE, TH, FR, SA or SU, got \(v.echoed)") }
            weekStart = day
        }
        let weekdays = try Self.list(parts["BYDAY"], part: "BYDAY") { item throws(BoardError) in
            guard let selector = WeekdaySelector(rrule: item) else {
                throw BoardError("BYDAY", "'\(item.echoed)' is not a weekday such as MO, 1MO or -1FR")
            }
            return selector
        }
        var monthDays = try Self.list(parts["BYMONTHDAY"], part: "BYMONTHDAY") { v throws(BoardError) in try Self.integer(v, part: "BYMONTHDAY", signed: true) }
        let months = try Self.list(parts["BYMONTH"], part: "BYMONTH") { v throws(BoardError) in try Self.integer(v, part: "BYMONTH") }
        var setPositions = try Self.list(parts["BYSETPOS"], part: "BYSETPOS") { v throws(BoardError) in try Self.integer(v, part: "BYSETPOS", signed: true) }
        var policy = MonthEndPolicy.skip
        if let day = Self.clampedDay(frequency: frequency, monthDays: monthDays, months: months,
                                     weekdays: weekdays, setPositions: setPositions) {
            monthDays = [day]
            setPositions = []
            policy = .clamp
        }
        try self.init(frequency, interval: interval, weekdays: weekdays, monthDays: monthDays, months: months,
                      setPositions: setPositions, weekStart: weekStart, monthEndPolicy: policy, anchor: anchor, end: end)
    }

    /// The RRULE text (without `RRULE:`). A clamped day that comes from the start date
    /// is written out only when `start` is given.
    public func rrule(start: LocalDate? = nil) -> String {
        var out = ["FREQ=\(frequency.rawValue)"]
        if interval != 1 { out.append("INTERVAL=\(interval)") }
        if weekStart != .monday { out.append("WKST=\(weekStart.code)") }
        switch end {
        case .never: break
        case .count(let n): out.append("COUNT=\(n)")
        case .until(let date, let time):
            out.append("UNTIL=" + date.basicISO + (time.map { "T" + $0.hour.zeroPadded(2) + $0.minute.zeroPadded(2) + "00" } ?? ""))
        }
        var months = self.months
        var monthDays = self.monthDays.map(String.init)
        var setPositions = self.setPositions.map(String.init)
        if monthEndPolicy == .clamp, let day = clampDay(start: start) {
            if frequency == .yearly && months.isEmpty, let start { months = [start.month] }
            monthDays = (28...day).map(String.init)
            setPositions = ["-1"]
        }
        if !months.isEmpty { out.append("BYMONTH=" + months.map(String.init).joined(separator: ",")) }
        if !monthDays.isEmpty { out.append("BYMONTHDAY=" + monthDays.joined(separator: ",")) }
        if !weekdays.isEmpty { out.append("BYDAY=" + weekdays.map(\.description).joined(separator: ",")) }
        if !setPositions.isEmpty { out.append("BYSETPOS=" + setPositions.joined(separator: ",")) }
        return out.joined(separator: ";")
    }

    /// The day a clamp rule clamps (29…31), explicit or taken from the start; nil when nothing can be clamped.
    private func clampDay(start: LocalDate?) -> Int? {
        guard canClamp else { return nil }
        let day = monthDays.first ?? start?.day
        guard let day, day >= 29 else { return nil }
        return day
    }

    /// Recognizes `BYMONTHDAY=28,…,D;BYSETPOS=-1` as "day D, clamped".
    private static func clampedDay(frequency: Frequency, monthDays: [Int], months: [Int],
                                   weekdays: [WeekdaySelector], setPositions: [Int]) -> Int? {
        guard setPositions == [-1], weekdays.isEmpty, let last = monthDays.max(), last >= 29,
              monthDays.sorted() == Array(28...last) else { return nil }
        switch frequency {
        case .monthly: return last
        case .yearly:
            guard months.count == 1, last <= LocalDate.maxDaysIn(month: months[0]) else { return nil }
            return last
        default: return nil
        }
    }

    // MARK: Value parsing

    static func integer(_ text: String, part: String, signed: Bool = false) throws(BoardError) -> Int {
        var digits = Substring(text), sign = 1
        if signed, let first = digits.first, first == "-" || first == "+" {
            sign = first == "-" ? -1 : 1
            digits = digits.dropFirst()
        }
        guard let n = Int.decimal(digits) else {
            throw BoardError(Field(part), "must be a whole number\(signed ? " (a minus sign counts from the end)" : ""), got '\(text.echoed)'")
        }
        return sign * n
    }

    static func list<T>(_ text: String?, part: String, _ item: (String) throws(BoardError) -> T) throws(BoardError) -> [T] {
        guard let text else { return [] }
        let items = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingSpaces }
        guard !items.contains(where: \.isEmpty) else { throw BoardError(Field(part), "has an empty item in '\(text.echoed)'") }
        var values: [T] = []
        for i in items { values.append(try item(i)) }
        return values
    }

    private static func until(_ text: String) throws(BoardError) -> End {
        if text.hasSuffix("Z") {
            throw BoardError("UNTIL", "a UTC time (ending in Z) is not supported; Board's times are local, write \(String(text.dropLast()).echoed)")
        }
        let pieces = text.split(separator: "T", omittingEmptySubsequences: false)
        guard let date = LocalDate(basicISO: pieces[0]) else {
            throw BoardError("UNTIL", "must be a date YYYYMMDD or a date-time YYYYMMDDTHHMMSS, got '\(text.echoed)'")
        }
        guard pieces.count == 2 else { return .until(date, nil) }
        let t = pieces[1]
        guard pieces.count == 2, t.count == 6, let h = Int.decimal(t.prefix(2)), let m = Int.decimal(t.dropFirst(2).prefix(2)),
              let s = Int.decimal(t.suffix(2)), s < 60, let time = LocalTime(hour: h, minute: m) else {
            throw BoardError("UNTIL", "must be a date YYYYMMDD or a date-time YYYYMMDDTHHMMSS, got '\(text.echoed)'")
        }
        return .until(date, time)
    }
}

extension StringProtocol {
    /// Nothing but spaces, tabs and newlines (or nothing): `trimmingSpaces.isEmpty` without making
    /// the trimmed string, which an import of 100,000 cards did once per title and label.
    public var isBlank: Bool {
        if utf8.contains(where: { $0 > 0x20 && $0 < 0x80 }) { return false }
        return unicodeScalars.allSatisfy(\.properties.isWhitespace)
    }

    /// Without leading and trailing spaces, tabs and newlines.
    public var trimmingSpaces: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return String(String.UnicodeScalarView(scalars[first...last]))
    }
}
