/// The times of day a schedule's runs fall at (ARCHITECTURE.md §3): "8:00 and 20:00" makes two runs
/// on every day the rule names. Sorted, without repeats, at least one and at most `maxPerDay`.
public struct TimesOfDay: Hashable, Sendable, CustomStringConvertible {
    public let times: [LocalTime]

    /// More than one run an hour is a timer, not a routine; 24 also bounds a day's cards.
    public static let maxPerDay = 24

    /// Refuses an empty list and more than `maxPerDay` times; a repeated time counts once.
    public init(_ times: [LocalTime], field: Field = .time) throws(BoardError) {
        let unique = Array(Set(times)).sorted()
        guard !unique.isEmpty else { throw BoardError(field, "needs at least one time of day") }
        guard unique.count <= Self.maxPerDay else {
            throw BoardError(field, "at most \(Self.maxPerDay) times a day, got \(unique.count)")
        }
        self.times = unique
    }

    /// Reads "8:00, 20:00", "08:00 20:00" or "8:00 and 20:00" (HH:MM each, 00:00 to 23:59).
    public init(parsing text: String, field: Field = .time) throws(BoardError) {
        let words = text.replacingOccurrences(of: ",", with: " ").split(whereSeparator: { $0 == " " || $0 == "\t" })
            .filter { $0 != "and" }
        var times: [LocalTime] = []
        for word in words {
            guard let time = LocalTime(iso: word) else {
                throw BoardError(field, "'\(String(word).echoed)' is not a time HH:MM (00:00 to 23:59)")
            }
            times.append(time)
        }
        try self.init(times, field: field)
    }

    /// `08:00, 20:00`: what the editor and the store write, and `init(parsing:)` reads back.
    public var description: String { times.map(\.description).joined(separator: ", ") }

    /// The first time: where a day's runs begin.
    public var first: LocalTime { times[0] }

    /// The times as RRULE's BYHOUR and BYMINUTE, which name every hour with every minute; nil
    /// when the times are not such a product (8:00 and 20:30), or are one time (DTSTART says it).
    public var byHourAndMinute: (hours: [Int], minutes: [Int])? {
        guard times.count > 1 else { return nil }
        let hours = Array(Set(times.map(\.hour))).sorted(), minutes = Array(Set(times.map(\.minute))).sorted()
        return hours.count * minutes.count == times.count ? (hours, minutes) : nil
    }

    /// "08:00 and 20:00": how summaries say the times.
    public var display: String { PhraseVocabulary.list(times.map(\.display)) }
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
    public init(_ time: LocalTime) { times = [time] }
}
