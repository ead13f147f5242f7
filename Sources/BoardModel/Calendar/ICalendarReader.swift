import Foundation

/// A calendar file as an import plan (`board import ics`, ARCHITECTURE.md §11): each VTODO or
/// VEVENT with an RRULE a template, without one a card; EXDATE skipped dates; TZID honoured.
/// What Board can't keep (RDATE, BYHOUR, alarms, …) is reported by name per component, never
/// dropped in silence; a file that is not a calendar is refused by its line number.
public enum ICalendarReader {
    /// Properties read into the plan.
    static let read: Set<String> = ["UID", "SUMMARY", "DESCRIPTION", "CATEGORIES", "PRIORITY", "DTSTART", "DTEND", "DUE", "DURATION",
                                    "RRULE", "EXDATE", "STATUS", "COMPLETED", "X-BOARD-BUCKET"]
    /// Bookkeeping a calendar writes that says nothing about the routine or the card.
    static let bookkeeping: Set<String> = ["DTSTAMP", "CREATED", "LAST-MODIFIED", "SEQUENCE", "TRANSP", "CLASS", "PERCENT-COMPLETE"]

    struct Component {
        var kind: String
        var line: Int
        var properties: [ContentLine] = []
        var nested: [String] = []

        func first(_ name: String) -> ContentLine? { properties.first { $0.name == name } }
        func all(_ name: String) -> [ContentLine] { properties.filter { $0.name == name } }
    }

    public static func plan(_ text: String, zone: TimeZone, today: LocalDate, now: String) throws(BoardError) -> ImportPlan {
        let lines = try ContentLine.lines(of: text)
        guard let first = lines.first, first.name == "BEGIN", first.value.uppercased() == "VCALENDAR" else {
            throw BoardError("line \(lines.first?.line ?? 1)", "a calendar starts with BEGIN:VCALENDAR")
        }
        var plan = ImportPlan()
        var stack: [(kind: String, line: Int)] = []
        var current: Component?
        // VTIMEZONE definitions, for a TZID the zone database doesn't know by name.
        var zones = Zones(year: today.year)
        var zoneId: String?, part: [String: ContentLine] = [:]
        // Each item's first component by UID: rows take ids from UIDs, and two components writing one
        // row in turn would change the board on every import of the file.
        var firstLines: [String: Int] = [:]
        for line in lines {
            switch line.name {
            case "BEGIN":
                let kind = line.value.uppercased()
                if kind == "STANDARD" || kind == "DAYLIGHT" { part = [:] }
                if current != nil { current!.nested.append(kind) }
                else if kind == "VTODO" || kind == "VEVENT" { current = Component(kind: kind, line: line.line) }
                else if stack.count == 1 && kind != "VTIMEZONE" { plan.notes.append("line \(line.line): \(kind) left out (Board reads VTODO and VEVENT)") }
                stack.append((kind, line.line))
            case "END":
                let kind = line.value.uppercased()
                guard let open = stack.last else { throw BoardError("line \(line.line)", "END:\(kind.echoed) without a BEGIN:\(kind.echoed)") }
                guard open.kind == kind else { throw BoardError("line \(line.line)", "END:\(kind.echoed) closes BEGIN:\(open.kind.echoed) of line \(open.line)") }
                stack.removeLast()
                if (kind == "STANDARD" || kind == "DAYLIGHT"), let zoneId { zones.define(zoneId, part) }
                if let component = current, component.line == open.line {
                    try add(component, to: &plan, zone: zone, today: today, now: now, zones: &zones, firstLines: &firstLines)
                    current = nil
                }
            default:
                guard !stack.isEmpty else { throw BoardError("line \(line.line)", "\(line.name.echoed) is outside BEGIN:VCALENDAR … END:VCALENDAR") }
                if stack.count == 2, current != nil { current!.properties.append(line) }
                if stack.last?.kind == "VTIMEZONE", line.name == "TZID" { zoneId = line.value }
                if stack.last?.kind == "STANDARD" || stack.last?.kind == "DAYLIGHT" { part[line.name] = line }
            }
        }
        if let open = stack.last { throw BoardError("line \(open.line)", "BEGIN:\(open.kind.echoed) has no END:\(open.kind.echoed)") }
        plan.templates = mergingRuns(plan.templates)
        return plan
    }

    /// The components Board writes for a routine several times a day (one per time, UIDs
    /// `ID-T0800`, `ID-T2000`) read back as the one routine they are: two or more with the same
    /// routine id, rule, start, zone and values but the time. A day skipped at every time stays
    /// skipped; any other set stays as it is (ARCHITECTURE.md §11).
    static func mergingRuns(_ templates: [ImportPlan.Template]) -> [ImportPlan.Template] {
        var groups: [String: [Int]] = [:]
        for (i, t) in templates.enumerated() {
            if let routine = t.runOf { groups[routine, default: []].append(i) }
        }
        var merged: [Int: ImportPlan.Template] = [:], gone: Set<Int> = []
        for (id, members) in groups where members.count > 1 {
            let parts = members.map { templates[$0] }
            var sameValues = parts[0].values
            sameValues.time = nil
            // The rule but its weekdays: a time kept to some of them is written with those alone.
            func weekless(_ rule: RecurrenceRule) -> String {
                rule.rrule().split(separator: ";").filter { !$0.hasPrefix("BYDAY=") }.joined(separator: ";")
            }
            let weekly = parts.allSatisfy { $0.rule.frequency == .weekly && $0.rule.weekdays.allSatisfy { $0.ordinal == nil } }
            let alike = parts.allSatisfy { p in
                var v = p.values
                v.time = nil
                let sameRule = p.rule == parts[0].rule || (weekly && weekless(p.rule) == weekless(parts[0].rule))
                return v == sameValues && sameRule && p.timeZone == parts[0].timeZone
            }
            guard alike, !templates.contains(where: { $0.id == id }) else { continue }
            let allDays = Set(parts.flatMap { $0.rule.weekdays.map(\.weekday) })
            var free: [LocalTime] = [], kept: [LocalTime: Set<Weekday>] = [:]
            for p in parts {
                guard let time = p.values.time else { continue }
                let days = Set(p.rule.weekdays.map(\.weekday))
                if !weekly || days == allDays { free.append(time) } else { kept[time, default: []].formUnion(days) }
            }
            guard let times = try? TimesOfDay(free, days: kept) else { continue }
            var one = parts.min { $0.start < $1.start }!
            if weekly, let rule = try? one.rule.weekly(on: allDays) { one.rule = rule }
            one.id = id
            one.runOf = nil
            one.times = times
            one.values.time = times.first
            one.skipped = parts.dropFirst().reduce(Set(parts[0].skipped)) { $0.intersection($1.skipped) }.sorted()
            merged[members[0]] = one
            gone.formUnion(members.dropFirst())
        }
        return templates.indices.filter { !gone.contains($0) }.map { merged[$0] ?? templates[$0] }
    }

    /// One VTODO or VEVENT into the plan, or a note saying why not.
    /// The VTIMEZONEs of the file, and the zone each TZID resolves to (said once in a note).
    struct Zones {
        let year: Int
        var definitions: [String: [CalendarZone.Part]] = [:]
        var resolved: [String: TimeZone?] = [:]

        init(year: Int) { self.year = year }

        mutating func define(_ tzid: String, _ lines: [String: ContentLine]) {
            guard let start = lines["DTSTART"]?.value, let from = lines["TZOFFSETFROM"].flatMap({ CalendarZone.seconds($0.value) }),
                  let to = lines["TZOFFSETTO"].flatMap({ CalendarZone.seconds($0.value) }) else { return }
            let parts = start.split(separator: "T")
            guard let first = parts.first, parts.count <= 2, let day = LocalDate(basicISO: first) else { return }
            let clock = parts.count == 2 ? parts[1] : "000000"
            let time = LocalTime(hour: Int(clock.prefix(2)) ?? 0, minute: Int(clock.dropFirst(2).prefix(2)) ?? 0) ?? LocalTime(hour: 0, minute: 0)!
            let rule = lines["RRULE"].flatMap { try? RecurrenceRule(rrule: $0.value.replacingOccurrences(of: "Z", with: "")) }
            definitions[tzid, default: []].append(CalendarZone.Part(start: LocalDateTime(date: day, time: time), offsetFrom: from, offsetTo: to, rule: rule))
        }

        /// The zone a TZID names; a note when it was found by its definition, or not at all.
        mutating func zone(_ tzid: String, notes: inout [String], board: TimeZone) -> TimeZone? {
            if let known = resolved[tzid] { return known }
            let zone = CalendarZone.resolve(tzid, definitions: definitions, year: year)
            resolved[tzid] = zone
            let plain = tzid.hasPrefix("/") ? String(tzid.dropFirst()) : tzid
            if let zone, zone.identifier != plain {
                notes.append("TZID \(tzid.escapedForTerminal) read as \(zone.identifier), the zone with the same offsets as its VTIMEZONE")
            } else if zone == nil {
                let why = definitions[tzid] == nil ? "is neither a zone this machine knows nor defined by a VTIMEZONE"
                    : "is not a zone this machine knows, and no zone has the offsets its VTIMEZONE gives"
                notes.append("TZID \(tzid.escapedForTerminal) \(why); its times read in \(board.identifier)")
            }
            return zone
        }
    }

    private static func add(_ c: Component, to plan: inout ImportPlan, zone: TimeZone, today: LocalDate, now: String, zones: inout Zones,
                            firstLines: inout [String: Int]) throws(BoardError) {
        let summary = c.first("SUMMARY").map { CalendarText.unescape($0.value) } ?? ""
        let name = "\(c.kind) “\(summary.escapedForTerminal)” (line \(c.line))"
        var unkept = Set(c.properties.map(\.name)).subtracting(read).subtracting(bookkeeping).filter { !$0.hasPrefix("X-") }.sorted()
        unkept += c.nested.map { "\($0) (nested)" }
        if c.first("STATUS")?.value.uppercased() == "CANCELLED" {
            plan.notes.append("\(name): cancelled; left out")
            return
        }
        let uid = c.first("UID")?.value ?? "\(summary)|\(c.first("DTSTART")?.value ?? "")|\(c.line)"
        // By the id the UID becomes: a UID that is not one (spaces, controls) becomes `ics-…`,
        // which another component may give as its UID.
        let id = ImportPlan.boardId(for: uid, prefix: "ics")
        if let first = firstLines[id] {
            plan.notes.append("\(name): the same UID as line \(first), which is kept; left out (one item per UID)")
            return
        }
        firstLines[id] = c.line
        guard let startLine = c.first("DTSTART") ?? c.first("DUE") else {
            plan.notes.append("\(name): no DTSTART or DUE, so no date; left out")
            return
        }
        func moment(_ line: ContentLine) throws(BoardError) -> (date: LocalDate, time: LocalTime?, zone: TimeZone?) {
            let read = try Self.moment(line, zone: zone)
            guard let tzid = line.parameters["TZID"], read.time != nil else { return read }
            return (read.date, read.time, zones.zone(tzid, notes: &plan.notes, board: zone))
        }
        let start = try moment(startLine)
        let itemZone = start.zone ?? zone
        var duration: Int?
        if let text = c.first("DURATION") {
            duration = try minutes(text)
        } else if c.kind == "VEVENT", let endLine = c.first("DTEND") {
            let end = try moment(endLine)
            let span: Int
            if let t0 = start.time, let t1 = end.time {
                span = Int(LocalDateTime(date: end.date, time: t1).instant(in: end.zone ?? zone).timeIntervalSince(
                    LocalDateTime(date: start.date, time: t0).instant(in: itemZone)) / 60)
            } else {
                span = start.date.days(until: end.date) * 1440
            }
            // An all-day event's one day is no duration; a longer span is, if Board can hold it.
            if !(start.time == nil && span == 1440) && span > 0 { duration = span }
        }
        if let d = duration, !FieldRules.durations.contains(d) {
            plan.notes.append("\(name): a duration of \(d) minutes is more than Board keeps (a week); left out")
            duration = nil
        }
        let labels = c.all("CATEGORIES").flatMap { CalendarText.list($0.value) }.map(\.trimmingSpaces).filter { !$0.isEmpty }
        let priority = try c.first("PRIORITY").map { (line) throws(BoardError) -> Int in
            guard let p = Int(line.value.trimmingSpaces), (0...9).contains(p) else {
                throw BoardError("line \(line.line)", "PRIORITY must be a number from 0 to 9, got '\(line.value.echoed)'")
            }
            return CalendarItem.boardPriority(p)
        } ?? 0
        let values = CardValues(title: summary.isEmpty ? "(no title)" : summary,
                                description: c.first("DESCRIPTION").map { CalendarText.unescape($0.value) } ?? "",
                                labels: labels, time: start.time, priority: priority, duration: duration)
        do { try values.validate() } catch {
            let property = [Field.title: "SUMMARY", .description: "DESCRIPTION", .labels: "CATEGORIES", .priority: "PRIORITY", .duration: "DURATION"][error.field] ?? error.field.name
            throw BoardError("line \(c.first(property)?.line ?? c.line)", "\(property): \(error.problem)")
        }
        if !unkept.isEmpty { plan.notes.append("\(name): \(unkept.joined(separator: ", ")) not kept (Board has no place for \(unkept.count == 1 ? "it" : "them"))") }

        guard let ruleLine = c.first("RRULE") else {
            var completedAt: String?
            if c.first("STATUS")?.value.uppercased() == "COMPLETED" {
                completedAt = try c.first("COMPLETED").map { (line) throws(BoardError) in
                    let done = try Self.moment(line, zone: zone)
                    return BoardClock(local: LocalDateTime(date: done.date, time: done.time ?? LocalTime(hour: 0, minute: 0)!), zone: done.zone ?? zone).timestamp
                } ?? now
            }
            // Board's own X-BOARD-BUCKET is where the card showed: the store places it there where that
            // is not its date's column (a person put it there), else it follows its date.
            let given = c.first("X-BOARD-BUCKET").flatMap { try? Bucket(parsing: $0.value) }
            let bucket = given ?? Bucket.forDue(start.date, today: today)
            let placed = given != nil && bucket != .routines
            var cardValues = values
            if bucket == .routines { plan.notes.append("\(name): a card can't be put in Routines; put in This Week") }
            if start.time != nil && start.zone != nil && start.zone != zone {
                // A card's time is the board's: the same moment, read in the board's zone.
                let instant = LocalDateTime(date: start.date, time: start.time!).instant(in: itemZone)
                let local = LocalDateTime(instant: instant, in: zone)
                cardValues.time = local.time
                plan.cards.append(ImportPlan.Card(id: id, values: cardValues, bucket: bucket == .routines ? .thisWeek : bucket, due: local.date, completedAt: completedAt,
                                                       placed: placed))
                return
            }
            plan.cards.append(ImportPlan.Card(id: id, values: cardValues, bucket: bucket == .routines ? .thisWeek : bucket, due: start.date, completedAt: completedAt,
                                                   placed: placed))
            return
        }
        let rule: RecurrenceRule, times: TimesOfDay?
        do {
            // BYHOUR and BYMINUTE are times of day, defaulting to DTSTART's (ARCHITECTURE.md §3).
            let phrase = try RecurrencePhrase(rrule: try localUntil(ruleLine, zone: itemZone), startTime: start.time)
            (rule, times) = (phrase.rule, phrase.times ?? start.time.map(TimesOfDay.init))
        } catch {
            plan.notes.append("\(name): RRULE \(error.field) \(error.problem); left out")
            return
        }
        let schedule = try Schedule(rule: rule, start: start.date, times: times)
        if schedule.next(onOrAfter: start.date) != start.date {
            plan.notes.append("\(name): DTSTART \(start.date.iso) is not one of the rule's days; the routine starts on the first one that is")
        }
        var skipped: [LocalDate] = []
        for line in c.all("EXDATE") {
            for value in CalendarText.list(line.value) {
                let day = try moment(ContentLine(name: "EXDATE", parameters: line.parameters, value: value, line: line.line))
                if let t = day.time, let z = day.zone, z != itemZone {
                    skipped.append(LocalDateTime(instant: LocalDateTime(date: day.date, time: t).instant(in: z), in: itemZone).date)
                } else {
                    skipped.append(day.date)
                }
            }
        }
        var runValues = values
        runValues.time = times?.first
        var template = ImportPlan.Template(id: id, values: runValues, rule: rule, start: start.date, timeZone: itemZone.identifier,
                                           skipped: Array(Set(skipped)).sorted(), times: times)
        if let uid = c.first("UID")?.value, let run = CalendarItem.run(ofUID: uid), ImportPlan.boardId(for: run.templateId, prefix: "ics") == run.templateId,
           run.time == times?.first, times?.times.count == 1 {
            template.runOf = run.templateId
        }
        plan.templates.append(template)
    }

    /// A DATE, DATE-TIME with TZID, UTC (…Z, read in the board's zone) or floating (the board's).
    /// `zone` is nil when the value names a zone this machine does not know.
    static func moment(_ line: ContentLine, zone: TimeZone) throws(BoardError) -> (date: LocalDate, time: LocalTime?, zone: TimeZone?) {
        let text = line.value.trimmingSpaces
        let wrong = BoardError("line \(line.line)", "\(line.name.echoed) must be a date YYYYMMDD or a date-time YYYYMMDDTHHMMSS, got '\(text.echoed)'")
        let parts = text.split(separator: "T", omittingEmptySubsequences: false)
        guard let date = LocalDate(basicISO: parts[0]) else { throw wrong }
        guard parts.count == 2 else {
            if line.parameters["VALUE"]?.uppercased() == "DATE-TIME" { throw wrong }
            return (date, nil, zone)
        }
        var clock = parts[1]
        let utc = clock.hasSuffix("Z")
        if utc { clock = clock.dropLast() }
        guard clock.count == 6, let h = Int(clock.prefix(2)), let m = Int(clock.dropFirst(2).prefix(2)), let s = Int(clock.suffix(2)), s < 61,
              let time = LocalTime(hour: h, minute: m) else { throw wrong }
        if utc {
            let local = LocalDateTime(instant: LocalDateTime(date: date, time: time).instant(in: .gmt), in: zone)
            return (local.date, local.time, zone)
        }
        guard let tzid = line.parameters["TZID"] else { return (date, time, zone) }
        let name = tzid.hasPrefix("/") ? String(tzid.dropFirst()) : tzid
        return (date, time, TimeZone(named: name))  // a TZID defined only by a VTIMEZONE: resolved by the caller
    }

    /// The RRULE with a UTC UNTIL turned into the start's wall time, as Board's rules are local;
    /// 23:59:59 (how Board writes "through that day") reads back as the day.
    static func localUntil(_ line: ContentLine, zone: TimeZone) throws(BoardError) -> String {
        try line.value.split(separator: ";").map { (part) throws(BoardError) -> String in
            guard part.uppercased().hasPrefix("UNTIL="), part.hasSuffix("Z") else { return String(part) }
            let value = ContentLine(name: "UNTIL", value: String(part.dropFirst(6)), line: line.line)
            let instant = try moment(value, zone: .gmt)
            guard let time = instant.time else { return String(part) }
            let utc = LocalDateTime(date: instant.date, time: time).instant(in: .gmt)
            let local = LocalDateTime(instant: utc, in: zone)
            if local.time.hour == 23 && local.time.minute == 59 { return "UNTIL=" + local.date.basicISO }
            return "UNTIL=" + local.date.basicISO + "T" + local.time.hour.zeroPadded(2) + local.time.minute.zeroPadded(2) + "00"
        }.joined(separator: ";")
    }

    /// DURATION (`PT45M`, `PT1H30M`, `P1D`, `P1W`) in minutes.
    static func minutes(_ line: ContentLine) throws(BoardError) -> Int {
        let wrong = BoardError("line \(line.line)", "DURATION must be like PT45M, PT1H30M, P1D or P1W, got '\(line.value.echoed)'")
        var text = Substring(line.value.trimmingSpaces.uppercased())
        if text.first == "+" { text = text.dropFirst() }
        guard text.first == "P" else { throw wrong }
        text = text.dropFirst()
        var total = 0, number = "", inTime = false, any = false
        for c in text {
            if c.isASCII && c.isNumber { number.append(c); continue }
            if c == "T" { inTime = true; continue }
            // Nine digits of weeks are 10^13 minutes: the sum can't overflow, and the duration's own
            // rule (at most a week) refuses it after.
            guard number.count <= 9, let n = Int(number) else { throw wrong }
            switch (c, inTime) {
            case ("W", false): total += n * 7 * 1440
            case ("D", false): total += n * 1440
            case ("H", true): total += n * 60
            case ("M", true): total += n
            case ("S", true): total += n / 60
            default: throw wrong
            }
            number = ""
            any = true
        }
        guard any, number.isEmpty else { throw wrong }
        return total
    }
}
