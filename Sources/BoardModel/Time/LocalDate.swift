/// A calendar date with no time zone: the unit of scheduling.
///
/// Backed by a day number (days since 1970-01-01) so that adding days and finding
/// weekdays is integer arithmetic; the civil conversions are Howard Hinnant's algorithms.
public struct LocalDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Days since 1970-01-01.
    public let dayNumber: Int

    /// The supported range, the same as python-dateutil's: years 1 through 9999.
    public static let minYear = 1
    public static let maxYear = 9999

    public init(dayNumber: Int) { self.dayNumber = dayNumber }

    /// A date from its parts; nil when the day does not exist (Feb 30) or the year is out of range.
    public init?(year: Int, month: Int, day: Int) {
        guard (Self.minYear...Self.maxYear).contains(year), (1...12).contains(month),
              day >= 1, day <= LocalDate.daysIn(month: month, year: year) else { return nil }
        self.dayNumber = LocalDate.dayNumber(year: year, month: month, day: day)
    }

    public static func < (a: LocalDate, b: LocalDate) -> Bool { a.dayNumber < b.dayNumber }

    // MARK: Parts

    /// Year, month (1–12) and day (1–31).
    public var parts: (year: Int, month: Int, day: Int) { LocalDate.civil(fromDayNumber: dayNumber) }
    public var year: Int { parts.year }
    public var month: Int { parts.month }
    public var day: Int { parts.day }

    /// 1970-01-01 was a Thursday.
    public var weekday: Weekday { Weekday(rawValue: ((dayNumber % 7) + 7 + 3) % 7)! }

    /// Day of the year, 1…366.
    public var dayOfYear: Int { dayNumber - LocalDate.dayNumber(year: year, month: 1, day: 1) + 1 }

    // MARK: Arithmetic

    public func adding(days: Int) -> LocalDate { LocalDate(dayNumber: dayNumber + days) }

    /// Days from `self` to `other` (positive when `other` is later).
    public func days(until other: LocalDate) -> Int { other.dayNumber - dayNumber }

    /// Adds whole months, falling on the last day of a shorter month (Jan 31 + 1 month = Feb 28/29).
    public func adding(months: Int) -> LocalDate {
        let (y, m, d) = parts
        let index = y * 12 + (m - 1) + months
        let year = index.floorDiv(12), month = index.floorMod(12) + 1
        let day = min(d, LocalDate.daysIn(month: month, year: year))
        return LocalDate(dayNumber: LocalDate.dayNumber(year: year, month: month, day: day))
    }

    /// Adds whole years; Feb 29 falls on Feb 28 in common years.
    public func adding(years: Int) -> LocalDate { adding(months: years * 12) }

    /// The first day of the week holding this date, for weeks starting on `weekStart`.
    public func startOfWeek(_ weekStart: Weekday) -> LocalDate {
        adding(days: -weekday.daysSince(weekStart))
    }

    // MARK: Calendar facts

    public static func isLeap(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// The most days a month can have in any year (29 for February).
    public static func maxDaysIn(month: Int) -> Int { month == 2 ? 29 : daysIn(month: month, year: 2001) }

    public static func daysIn(year: Int) -> Int { isLeap(year) ? 366 : 365 }

    /// Days since 1970-01-01 of a valid civil date.
    public static func dayNumber(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = y.floorDiv(400)
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146097 + doe - 719468
    }

    static func civil(fromDayNumber n: Int) -> (year: Int, month: Int, day: Int) {
        let z = n + 719468
        let era = z.floorDiv(146097)
        let doe = z - era * 146097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    // MARK: ISO 8601

    /// `YYYY-MM-DD`.
    public var description: String { iso }

    public var iso: String {
        let (y, m, d) = parts
        // A day number outside years 0–9999 (a sentinel, never a stored date) the slow way.
        guard (0...9999).contains(y) else { return y.zeroPadded(4) + "-" + m.zeroPadded(2) + "-" + d.zeroPadded(2) }
        return String(unsafeUninitializedCapacity: 10) { buffer in
            var i = 0
            Self.writeISO(y, m, d) { buffer[i] = $0; i += 1 }
            return i
        }
    }

    /// Appends `YYYY-MM-DD` as UTF-8: a million dates printed without a string each.
    public func appendISO(to out: inout [UInt8]) {
        let (y, m, d) = parts
        guard (0...9999).contains(y) else { return out.append(contentsOf: iso.utf8) }
        Self.writeISO(y, m, d) { out.append($0) }
    }

    private static func writeISO(_ y: Int, _ m: Int, _ d: Int, _ put: (UInt8) -> Void) {
        func digits(_ value: Int, _ width: Int) {
            var divisor = 1
            for _ in 1..<width { divisor *= 10 }
            while divisor > 0 {
                put(UInt8(ascii: "0") + UInt8((value / divisor) % 10))
                divisor /= 10
            }
        }
        digits(y, 4)
        put(UInt8(ascii: "-"))
        digits(m, 2)
        put(UInt8(ascii: "-"))
        digits(d, 2)
    }

    /// `YYYYMMDD`, the RFC 5545 DATE form.
    public var basicISO: String {
        let (y, m, d) = parts
        return y.zeroPadded(4) + m.zeroPadded(2) + d.zeroPadded(2)
    }

    /// Parses `YYYY-MM-DD`; nil for anything else, including dates that don't exist.
    public init?(iso text: some StringProtocol) {
        // Byte by byte: the store reads thousands of dates at a time.
        var bytes = text.utf8.makeIterator()
        var digits: [Int] = []
        digits.reserveCapacity(8)
        var position = 0
        while let byte = bytes.next() {
            if position == 4 || position == 7 {
                guard byte == UInt8(ascii: "-") else { return nil }
            } else {
                guard byte >= 48 && byte <= 57 else { return nil }
                digits.append(Int(byte - 48))
            }
            position += 1
            if position > 10 { return nil }
        }
        guard position == 10 else { return nil }
        let year = digits[0] * 1000 + digits[1] * 100 + digits[2] * 10 + digits[3]
        self.init(year: year, month: digits[4] * 10 + digits[5], day: digits[6] * 10 + digits[7])
    }

    /// Parses `YYYY-MM-DD` from its bytes: the store reads a date this way straight from SQLite's
    /// column, without making a string (a month of the agenda reads 14,000 of them).
    public init?(isoBytes b: UnsafeBufferPointer<UInt8>) {
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for i in range {
                guard b[i] >= 48 && b[i] <= 57 else { return nil }
                value = value * 10 + Int(b[i] - 48)
            }
            return value
        }
        guard b.count == 10, b[4] == UInt8(ascii: "-"), b[7] == UInt8(ascii: "-"),
              let year = number(0..<4), let month = number(5..<7), let day = number(8..<10) else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// Parses `YYYYMMDD`, the RFC 5545 DATE form.
    public init?(basicISO text: some StringProtocol) {
        let s = Array(text.utf8)
        guard s.count == 8, let y = Int.decimal(text.prefix(4)),
              let m = Int.decimal(text.dropFirst(4).prefix(2)), let d = Int.decimal(text.dropFirst(6))
        else { return nil }
        self.init(year: y, month: m, day: d)
    }
}

extension Int {
    func floorDiv(_ d: Int) -> Int { self >= 0 ? self / d : -((-self + d - 1) / d) }
    func floorMod(_ d: Int) -> Int { self - floorDiv(d) * d }

    func zeroPadded(_ width: Int) -> String {
        let s = String(self)
        return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
    }

    /// Parses ASCII digits only: no sign, no spaces, no underscores.
    static func decimal(_ text: some StringProtocol) -> Int? {
        guard !text.isEmpty, text.count <= 9, text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return nil }
        return Int(text)
    }
}

extension LocalDate: Codable {
    /// Encoded as `YYYY-MM-DD`.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(iso)
    }

    public init(from decoder: Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let date = LocalDate(iso: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a date YYYY-MM-DD: \(text)"))
        }
        self = date
    }
}
