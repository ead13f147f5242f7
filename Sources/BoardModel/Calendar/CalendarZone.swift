import Foundation

/// A TZID this machine knows by name, or failing that, the zone its VTIMEZONE describes
/// (ARCHITECTURE.md §11): Outlook names zones "W. Europe Standard Time" and defines them in the
/// file. The definition's offsets are worked out for every half month of a year and matched
/// against the zone database; the first zone with the same offsets at every sample is the one.
enum CalendarZone {
    /// One STANDARD or DAYLIGHT part of a VTIMEZONE.
    struct Part {
        var start: LocalDateTime
        var offsetFrom: Int
        var offsetTo: Int
        var rule: RecurrenceRule?
    }

    static func resolve(_ tzid: String, definitions: [String: [Part]], year: Int) -> TimeZone? {
        let name = tzid.hasPrefix("/") ? String(tzid.dropFirst()) : tzid
        if let zone = TimeZone(named: name) { return zone }
        guard let parts = definitions[tzid], !parts.isEmpty else { return nil }
        let samples = (1...12).flatMap { month in [1, 15].map { LocalDate(year: year, month: month, day: $0)! } }
            .map { Date(timeIntervalSince1970: Double($0.dayNumber * 86_400 + 12 * 3_600)) }
        let wanted = samples.map { offset(at: $0, parts: parts, year: year) }
        // Among zones that agree, one of the big regions first (Europe/Amsterdam rather than Africa/Ceuta).
        let regions = ["Europe/", "America/", "Asia/", "Australia/", "Pacific/", "Africa/"]
        func rank(_ id: String) -> Int { regions.firstIndex { id.hasPrefix($0) } ?? regions.count }
        let candidates = TimeZone.knownTimeZoneIdentifiers.sorted { (rank($0), $0) < (rank($1), $1) }
        return candidates.lazy.compactMap(TimeZone.init(identifier:)).first { zone in
            zip(samples, wanted).allSatisfy { zone.secondsFromGMT(for: $0) == $1 }
        }
    }

    /// The offset the definition gives at `instant`: that of its last change before it.
    static func offset(at instant: Date, parts: [Part], year: Int) -> Int {
        var changes: [(at: Date, offset: Int)] = []
        for part in parts {
            var starts = [part.start.date]
            if let rule = part.rule, let schedule = try? Schedule(rule: rule, start: part.start.date) {
                let from = LocalDate(year: year - 1, month: 1, day: 1)!, to = LocalDate(year: year, month: 12, day: 31)!
                starts = schedule.occurrences(in: from...to)
            }
            for day in starts {
                let wall = Double(day.dayNumber * 86_400 + part.start.time.minuteOfDay * 60)
                changes.append((Date(timeIntervalSince1970: wall - Double(part.offsetFrom)), part.offsetTo))
            }
        }
        let before = changes.filter { $0.at <= instant }.max { $0.at < $1.at }
        return before?.offset ?? parts.min { $0.start < $1.start }!.offsetFrom
    }

    /// `+0100`, `-0530`, `+053000` in seconds.
    static func seconds(_ text: String) -> Int? {
        let sign = text.hasPrefix("-") ? -1 : 1
        let digits = text.drop { $0 == "+" || $0 == "-" }
        guard digits.count == 4 || digits.count == 6, digits.allSatisfy(\.isNumber),
              let h = Int(digits.prefix(2)), let m = Int(digits.dropFirst(2).prefix(2)) else { return nil }
        let s = digits.count == 6 ? Int(digits.suffix(2)) ?? 0 : 0
        return sign * (h * 3_600 + m * 60 + s)
    }
}
