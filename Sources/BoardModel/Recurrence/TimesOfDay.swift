/// The times of day a schedule's runs fall at (ARCHITECTURE.md §3): "8:00 and 20:00" makes two runs
/// on every day the rule names; "mon 18:00, thu 08:00" keeps a time to some weekdays. Sorted,
/// without repeats, at least one and at most `maxPerDay`.
public struct TimesOfDay: Hashable, Sendable, CustomStringConvertible {
    /// Every time, on whichever days it falls.
    public let times: [LocalTime]
    /// The weekdays a time is kept to; a time not here falls on every day the rule names.
    public let days: [LocalTime: Set<Weekday>]

    /// The rule of the runs at `time` alone: `rule` kept to the weekdays that time is kept to, if it is.
    public func rule(_ rule: RecurrenceRule, at time: LocalTime?) throws(BoardError) -> RecurrenceRule {
        guard let time, let kept = days[time] else { return rule }
        return try rule.keeping(kept)
    }

    /// More than one run an hour is a timer, not a routine; 24 also bounds a day's cards.
    public static let maxPerDay = 24

    /// Refuses an empty list and more than `maxPerDay` times; a repeated time counts once.
    /// `days` keeps a time to those weekdays (a time given both kept and not is not kept).
    public init(_ times: [LocalTime], days: [LocalTime: Set<Weekday>] = [:], field: Field = .time) throws(BoardError) {
        let unique = Array(Set(times).union(days.keys)).sorted()
        guard !unique.isEmpty else { throw BoardError(field, "needs at least one time of day") }
        guard unique.count <= Self.maxPerDay else {
            throw BoardError(field, "at most \(Self.maxPerDay) times a day, got \(unique.count)")
        }
        self.times = unique
        self.days = days.filter { !times.contains($0.key) && !$0.value.isEmpty && $0.value.count < 7 }
    }

    /// Reads "8:00, 20:00", "08:00 20:00" or "8:00 and 20:00" (HH:MM each, 00:00 to 23:59), each
    /// time perhaps after the weekdays it is kept to: "mon 18:00, thu 08:00", "sat/sun 10:00".
    public init(parsing text: String, field: Field = .time) throws(BoardError) {
        let words = text.replacingOccurrences(of: ",", with: " ").split(whereSeparator: { $0 == " " || $0 == "\t" })
            .filter { $0 != "and" }
        var times: [LocalTime] = [], days: [LocalTime: Set<Weekday>] = [:], pending: Set<Weekday> = []
        for word in words {
            if let named = Self.weekdays(word) {
                pending.formUnion(named)
                continue
            }
            guard let time = LocalTime(iso: word) else {
                throw BoardError(field, "'\(String(word).echoed)' is not a time HH:MM (00:00 to 23:59)")
            }
            if pending.isEmpty { times.append(time) } else { days[time, default: []].formUnion(pending) }
            pending = []
        }
        guard pending.isEmpty else { throw BoardError(field, "ends with weekdays and no time after them") }
        try self.init(times, days: days, field: field)
    }

    /// "mon", "thu", "sat/sun" (or the days' full names): weekdays as a time's prefix writes them.
    public static func weekdays(_ word: Substring) -> [Weekday]? {
        var found: [Weekday] = []
        for part in word.lowercased().split(separator: "/") {
            guard let day = Weekday.allCases.first(where: { $0.shortName.lowercased() == part || $0.name.lowercased() == part }) else { return nil }
            found.append(day)
        }
        return found.isEmpty ? nil : found
    }

    /// `08:00, 20:00`, `mon 18:00, thu 08:00`: what the editor and the store write, and
    /// `init(parsing:)` reads back.
    public var description: String {
        times.map { time in
            days[time].map { $0.sorted().map { $0.shortName.lowercased() }.joined(separator: "/") + " " + time.description } ?? time.description
        }.joined(separator: ", ")
    }

    /// The times that fall on `date`, in order.
    public func times(on date: LocalDate) -> [LocalTime] {
        days.isEmpty ? times : times.filter { days[$0]?.contains(date.weekday) ?? true }
    }

    /// Whether some time is kept to some weekdays.
    public var keepsDays: Bool { !days.isEmpty }

    /// The first time: where a day's runs begin.
    public var first: LocalTime { times[0] }

    /// The times as RRULE's BYHOUR and BYMINUTE, which name every hour with every minute; nil
    /// when the times are not such a product (8:00 and 20:30), or are one time (DTSTART says it).
    public var byHourAndMinute: (hours: [Int], minutes: [Int])? {
        guard times.count > 1, days.isEmpty else { return nil }
        let hours = Array(Set(times.map(\.hour))).sorted(), minutes = Array(Set(times.map(\.minute))).sorted()
        return hours.count * minutes.count == times.count ? (hours, minutes) : nil
    }

    /// "08:00 and 20:00": how summaries say the times that fall on every day.
    public var display: String { PhraseVocabulary.list(times.filter { days[$0] == nil }.map(\.display)) }
}

extension TimesOfDay {
    /// The times RRULE's BYHOUR and BYMINUTE name, each defaulting to DTSTART's as RFC 5545 says
    /// (midnight when DTSTART has no time).
    public init(hours: [Int], minutes: [Int], start: LocalTime?) throws(BoardError) {
        let hours = hours.isEmpty ? [(start ?? .midnight).hour] : hours
        let minutes = minutes.isEmpty ? [(start ?? .midnight).minute] : minutes
        guard hours.count * minutes.count <= Self.maxPerDay else {
            throw BoardError("BYHOUR", "with BYMINUTE names \(hours.count * minutes.count) times a day; at most \(Self.maxPerDay)")
        }
        try self.init(hours.flatMap { h in minutes.map { m in LocalTime(hour: h, minute: m)! } })
    }
}

extension TimesOfDay: Codable {
    /// Encoded as its text, `08:00, 20:00`: one time is written as a plain `HH:MM`.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    public init(from decoder: Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        do { try self.init(parsing: text) } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: error.description))
        }
    }

    /// One time of day.
    public init(_ time: LocalTime) {
        times = [time]
        days = [:]
    }
}
