import Foundation

/// A VTIMEZONE for an IANA zone (RFC 5545 §3.6.5), so a calendar that does not know the zone's
/// name still reads the times right: the zone's daylight-saving rule of `year` as yearly rules
/// from 1970, or one fixed offset for a zone without daylight saving.
public enum VTimeZone {
    public static func lines(_ zone: TimeZone, year: Int) -> String {
        var out = ContentLine.write("BEGIN", "VTIMEZONE") + ContentLine.write("TZID", zone.identifier)
        let start = Date(timeIntervalSince1970: Double(LocalDate(year: year, month: 1, day: 1)!.dayNumber * 86_400))
        var transitions: [Date] = []
        var cursor = start
        while transitions.count < 2, let next = zone.nextDaylightSavingTimeTransition(after: cursor),
              LocalDateTime(instant: next, in: .gmt).date.year == year {
            transitions.append(next)
            cursor = next
        }
        guard transitions.count == 2 else {
            let offset = offsetText(zone.secondsFromGMT(for: start))
            return out + ContentLine.write("BEGIN", "STANDARD") + ContentLine.write("DTSTART", "19700101T000000")
                + ContentLine.write("TZOFFSETFROM", offset) + ContentLine.write("TZOFFSETTO", offset)
                + ContentLine.write("END", "STANDARD") + ContentLine.write("END", "VTIMEZONE")
        }
        for instant in transitions {
            let before = zone.secondsFromGMT(for: instant.addingTimeInterval(-1)), after = zone.secondsFromGMT(for: instant)
            // The wall time the change happens at, read with the offset before it.
            let wall = LocalDateTime(instant: instant, in: TimeZone(secondsFromGMT: before)!)
            let day = wall.date
            let last = day.day + 7 > LocalDate.daysIn(month: day.month, year: day.year)
            let ordinal = last ? -1 : (day.day - 1) / 7 + 1
            let kind = after > before ? "DAYLIGHT" : "STANDARD"
            out += ContentLine.write("BEGIN", kind)
                + ContentLine.write("DTSTART", firstIn1970(month: day.month, weekday: day.weekday, ordinal: ordinal).basicISO
                                    + "T" + wall.time.hour.zeroPadded(2) + wall.time.minute.zeroPadded(2) + "00")
                + ContentLine.write("RRULE", "FREQ=YEARLY;BYMONTH=\(day.month);BYDAY=\(ordinal)\(day.weekday.code)")
                + ContentLine.write("TZOFFSETFROM", offsetText(before)) + ContentLine.write("TZOFFSETTO", offsetText(after))
                + ContentLine.write("END", kind)
        }
        return out + ContentLine.write("END", "VTIMEZONE")
    }

    /// The `ordinal`th (or last, -1) `weekday` of `month` in 1970: where the yearly rule starts.
    private static func firstIn1970(month: Int, weekday: Weekday, ordinal: Int) -> LocalDate {
        let first = LocalDate(year: 1970, month: month, day: 1)!
        let firstMatch = first.adding(days: weekday.daysSince(first.weekday))
        guard ordinal < 0 else { return firstMatch.adding(days: 7 * (ordinal - 1)) }
        var day = firstMatch
        while day.adding(days: 7).month == month { day = day.adding(days: 7) }
        return day
    }

    /// `+0100`, `-0530`.
    static func offsetText(_ seconds: Int) -> String {
        let minutes = abs(seconds) / 60
        return (seconds < 0 ? "-" : "+") + (minutes / 60).zeroPadded(2) + (minutes % 60).zeroPadded(2)
    }
}
