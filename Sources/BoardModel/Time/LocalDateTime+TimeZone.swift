import Foundation

extension LocalDateTime {
    /// The instant this wall time names in `zone`, following RFC 5545 §3.3.5:
    /// a time inside a spring-forward gap moves forward by the length of the gap,
    /// and a time repeated by a fall-back overlap means the first (earlier) one.
    public func instant(in zone: TimeZone) -> Date {
        let wall = Double(date.dayNumber * 86_400 + time.minuteOfDay * 60)
        // The offsets in force a day before and a day after bracket any one transition.
        let before = zone.secondsFromGMT(for: Date(timeIntervalSince1970: wall - 86_400))
        let after = zone.secondsFromGMT(for: Date(timeIntervalSince1970: wall + 86_400))
        let candidates = Set([before, after]).map { offset in
            (offset: offset, instant: wall - Double(offset))
        }
        let valid = candidates
            .filter { zone.secondsFromGMT(for: Date(timeIntervalSince1970: $0.instant)) == $0.offset }
            .map(\.instant)
        if let first = valid.min() { return Date(timeIntervalSince1970: first) }
        // In a gap: read the wall time with the offset from before the gap, which lands
        // the same distance past the transition as the wall time is past the gap's start.
        return Date(timeIntervalSince1970: wall - Double(before))
    }

    /// The wall time in `zone` at `instant`, truncated to the minute.
    public init(instant: Date, in zone: TimeZone) {
        let seconds = Int(instant.timeIntervalSince1970.rounded(.down)) + zone.secondsFromGMT(for: instant)
        let day = seconds.floorDiv(86_400)
        let minute = seconds.floorMod(86_400) / 60
        self.init(date: LocalDate(dayNumber: day), time: LocalTime(hour: minute / 60, minute: minute % 60)!)
    }
}
