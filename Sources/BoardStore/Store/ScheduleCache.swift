import BoardModel
import Foundation
import GRDB

/// Schedules parsed from their stored rule text, kept between reads: the Calendar reads a month's
/// planned runs at every month it shows, and parsing 1,000 routines' RRULEs again each time was most
/// of a read, and so was parsing their times of day. Keyed by the stored text of everything a
/// schedule is made of, so an edited rule is a new entry and a hit parses nothing.
final class ScheduleCache: @unchecked Sendable {
    private let lock = NSLock()
    private var schedules: [String: Schedule] = [:]
    /// Past this many the cache starts afresh: edits leave stale entries behind.
    private let limit = 20_000

    /// `times`: a template's `default_time` as stored, read as its record reads it.
    func schedule(rrule: String, anchor: String, start: LocalDate, times: String?) throws -> Schedule {
        let key = "\(rrule)\u{1F}\(anchor)\u{1F}\(start.dayNumber)\u{1F}\(times ?? "")"
        if let schedule = lock.withLock({ schedules[key] }) { return schedule }
        let rule = try RecurrenceRule(rrule: rrule, anchor: RecurrenceRule.Anchor(rawValue: anchor) ?? .schedule)
        let schedule = try Schedule(rule: rule, start: start, times: times.flatMap { TimesOfDay.fromDatabaseValue($0.databaseValue) })
        lock.withLock {
            if schedules.count >= limit { schedules.removeAll(keepingCapacity: true) }
            schedules[key] = schedule
        }
        return schedule
    }
}
