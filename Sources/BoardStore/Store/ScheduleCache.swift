import BoardModel
import Foundation

/// Schedules parsed from their stored rule text, kept between reads: the Calendar reads a month's
/// planned runs at every month it shows, and parsing 1,000 routines' RRULEs again each time was most
/// of a read. Keyed by everything a schedule is made of, so an edited rule is a new entry.
final class ScheduleCache: @unchecked Sendable {
    private let lock = NSLock()
    private var schedules: [String: Schedule] = [:]
    /// Past this many the cache starts afresh: edits leave stale entries behind.
    private let limit = 20_000

    func schedule(rrule: String, anchor: String, start: LocalDate, times: TimesOfDay?) throws -> Schedule {
        let key = "\(rrule)\u{1F}\(anchor)\u{1F}\(start.dayNumber)\u{1F}\(times?.description ?? "")"
        if let schedule = lock.withLock({ schedules[key] }) { return schedule }
        let rule = try RecurrenceRule(rrule: rrule, anchor: RecurrenceRule.Anchor(rawValue: anchor) ?? .schedule)
        let schedule = try Schedule(rule: rule, start: start, times: times)
        lock.withLock {
            if schedules.count >= limit { schedules.removeAll(keepingCapacity: true) }
            schedules[key] = schedule
        }
        return schedule
    }
}
