import Foundation

/// A VCALENDAR of templates and dated cards (`board export ics`, ARCHITECTURE.md §11): per
/// template a VTODO (or VEVENT) with its RRULE, DTSTART in its zone and EXDATE for skipped
/// dates; per card a single VTODO (or VEVENT); a VTIMEZONE for each zone used.
public enum ICalendarWriter {
    /// Each component's DTSTAMP is when its row last changed (RFC 5545: when the information was
    /// last revised), so exporting an unchanged board twice gives the same bytes; `stamp`
    /// (UTC, `20261121T090000Z`, the moment of the export) stands in for a row without one.
    public static func calendar(_ items: [CalendarItem], events: Bool, stamp: String, year: Int) -> String {
        var out = ContentLine.write("BEGIN", "VCALENDAR") + ContentLine.write("VERSION", "2.0")
            + ContentLine.write("PRODID", "-//Board//Board//EN") + ContentLine.write("CALSCALE", "GREGORIAN")
        let zones = Set(items.filter { $0.values.time != nil }.map(\.timeZone)).sorted()
        for name in zones {
            if let zone = TimeZone(identifier: name) { out += VTimeZone.lines(zone, year: year) }
        }
        for item in items { out += component(item, events: events, stamp: stamp) }
        return out + ContentLine.write("END", "VCALENDAR")
    }

    /// A person's calendar feed (ARCHITECTURE.md §22): a VEVENT per dated card and per routine (with
    /// its RRULE, and its made runs as instances), each with LAST-MODIFIED and a SEQUENCE that move
    /// only when its row does, and a VALARM where it reminds; named `name`, and polled again every
    /// 15 minutes by calendars that listen.
    public static func feed(_ items: [CalendarItem], name: String, stamp: String, year: Int) -> String {
        var out = ContentLine.write("BEGIN", "VCALENDAR") + ContentLine.write("VERSION", "2.0")
            + ContentLine.write("PRODID", "-//Board//Board//EN") + ContentLine.write("CALSCALE", "GREGORIAN")
            + ContentLine.write("METHOD", "PUBLISH") + ContentLine.write("X-WR-CALNAME", CalendarText.escape(name))
            + ContentLine.write("REFRESH-INTERVAL", [("VALUE", "DURATION")], "PT15M") + ContentLine.write("X-PUBLISHED-TTL", "PT15M")
        let zones = Set(items.filter { $0.values.time != nil }.map(\.timeZone)).sorted()
        for name in zones {
            if let zone = TimeZone(identifier: name) { out += VTimeZone.lines(zone, year: year) }
        }
        for item in items { out += component(item, events: true, stamp: stamp, revisions: true) }
        return out + ContentLine.write("END", "VCALENDAR")
    }

    /// The first moment a SEQUENCE counts from: a revision's SEQUENCE is its seconds since then,
    /// so it grows with each change of the row and stays put while the row does.
    static let sequenceEpoch = 1_735_689_600.0 // 2025-01-01T00:00:00Z

    /// `revisions`: a feed's LAST-MODIFIED, SEQUENCE, alarm and a done run's tick.
    static func component(_ item: CalendarItem, events: Bool, stamp: String, revisions: Bool = false) -> String {
        let kind = events ? "VEVENT" : "VTODO"
        let v = item.values
        let instant = item.updatedAt.flatMap { BoardClock.date(fromTimestamp: $0) }
        let revised = instant.map(utc) ?? stamp
        let done = revisions && item.completedAt != nil
        var out = ContentLine.write("BEGIN", kind) + ContentLine.write("UID", item.uid) + ContentLine.write("DTSTAMP", revised)
            + ContentLine.write("SUMMARY", CalendarText.escape(done ? "✓ " + v.title : v.title))
        if let day = item.recurrenceDate {
            let (params, value) = moment(day, item.recurrenceTime, zone: item.timeZone)
            out += ContentLine.write("RECURRENCE-ID", params, value)
        }
        if revisions {
            out += ContentLine.write("LAST-MODIFIED", revised)
                + ContentLine.write("SEQUENCE", String(max(0, Int((instant?.timeIntervalSince1970 ?? sequenceEpoch) - sequenceEpoch))))
        }
        if !v.description.isEmpty { out += ContentLine.write("DESCRIPTION", CalendarText.escape(v.description)) }
        if !v.labels.isEmpty { out += ContentLine.write("CATEGORIES", v.labels.map(CalendarText.escape).joined(separator: ",")) }
        if v.priority > 0 { out += ContentLine.write("PRIORITY", String(CalendarItem.calendarPriority(v.priority))) }
        let (params, value) = moment(item.start, v.time, zone: item.timeZone)
        // A to-do's card is due; with a duration (which DUE excludes) or as an event it starts.
        if item.rule == nil && !events && v.duration == nil {
            out += ContentLine.write("DUE", params, value)
        } else {
            out += ContentLine.write("DTSTART", params, value)
        }
        if let duration = v.duration { out += ContentLine.write("DURATION", durationText(duration)) }
        if let rule = item.rule {
            out += ContentLine.write("RRULE", rrule(rule, start: item.start, time: v.time, zone: item.timeZone))
            if !item.skipped.isEmpty {
                out += ContentLine.write("EXDATE", params, item.skipped.map { moment($0, v.time, zone: item.timeZone).value }.joined(separator: ","))
            }
        }
        if let completedAt = item.completedAt, !events, let instant = BoardClock.date(fromTimestamp: completedAt) {
            out += ContentLine.write("STATUS", "COMPLETED") + ContentLine.write("COMPLETED", utc(instant))
        }
        if let bucket = item.bucket { out += ContentLine.write("X-BOARD-BUCKET", bucket.cliName) }
        if revisions, let before = item.remindBefore {
            out += ContentLine.write("BEGIN", "VALARM") + ContentLine.write("ACTION", "DISPLAY")
                + ContentLine.write("DESCRIPTION", CalendarText.escape(v.title))
                + ContentLine.write("TRIGGER", before == 0 ? "PT0S" : "-" + durationText(before)) + ContentLine.write("END", "VALARM")
        }
        return out + ContentLine.write("END", kind)
    }

    /// A date (VALUE=DATE) or a wall time in its zone (TZID=…).
    static func moment(_ date: LocalDate, _ time: LocalTime?, zone: String) -> (params: [(String, String)], value: String) {
        guard let time else { return ([("VALUE", "DATE")], date.basicISO) }
        return ([("TZID", zone)], date.basicISO + "T" + time.hour.zeroPadded(2) + time.minute.zeroPadded(2) + "00")
    }

    /// The rule as Board writes it, but with UNTIL in UTC when the start has a time and a zone, as
    /// RFC 5545 §3.3.10 requires; an UNTIL without a time means the end of that day.
    static func rrule(_ rule: RecurrenceRule, start: LocalDate, time: LocalTime?, zone: String) -> String {
        let text = rule.rrule(start: start)
        guard time != nil, case .until(let date, let untilTime) = rule.end, let tz = TimeZone(identifier: zone) else { return text }
        let instant = LocalDateTime(date: date, time: untilTime ?? LocalTime(hour: 23, minute: 59)!).instant(in: tz)
            .addingTimeInterval(untilTime == nil ? 59 : 0)
        return text.split(separator: ";").map { $0.hasPrefix("UNTIL=") ? "UNTIL=" + utc(instant) : String($0) }.joined(separator: ";")
    }

    /// `20261121T090000Z`.
    public static func utc(_ instant: Date) -> String {
        let seconds = Int(instant.timeIntervalSince1970.rounded(.down))
        let day = LocalDate(dayNumber: seconds.floorDiv(86_400)), s = seconds.floorMod(86_400)
        return day.basicISO + "T" + (s / 3600).zeroPadded(2) + (s / 60 % 60).zeroPadded(2) + (s % 60).zeroPadded(2) + "Z"
    }

    /// `PT45M`, `PT1H30M`, `P1D`.
    static func durationText(_ minutes: Int) -> String {
        if minutes % 1440 == 0 { return "P\(minutes / 1440)D" }
        let h = minutes / 60, m = minutes % 60
        return "PT" + (h > 0 ? "\(h)H" : "") + (m > 0 ? "\(m)M" : "")
    }
}
