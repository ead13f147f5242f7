/// The first-occurrence rules (ARCHITECTURE.md §4): when a schedule is
/// created at `now`, its first occurrence is the first one not already in the past.
public enum FirstOccurrence {
    /// Daily at 08:00 created at 07:00 is due today, created at 22:00 tomorrow; weekdays
    /// created Friday night start Monday. `start` defaults to the day of `now`.
    public static func of(_ rule: RecurrenceRule, time: LocalTime?, now: LocalDateTime,
                          start: LocalDate? = nil) throws(BoardError) -> LocalDateTime? {
        let schedule = try Schedule(rule: rule, start: start ?? now.date, time: time)
        return schedule.next(atOrAfter: now)
    }

    /// The day a new schedule starts on, for the store that saves it and the preview that shows
    /// it alike: the start the user asked for, kept as given; without one, now, so a time of today
    /// already past is skipped (daily at 07:00 made at 09:00 starts tomorrow).
    public static func startDay(_ rule: RecurrenceRule, time: LocalTime?, now: LocalDateTime,
                                requested: LocalDate?) throws(BoardError) -> LocalDate {
        if let requested { return requested }
        guard time != nil, let next = try of(rule, time: time, now: now) else { return now.date }
        return next.date
    }

    /// A one-time task may not be due in the past: a date before today, or today at a time already gone.
    public static func checkOneTime(date: LocalDate, time: LocalTime?, now: LocalDateTime) throws(BoardError) {
        // A date alone is refused for its date: "a time in the past" would name a time nobody gave.
        guard let time else {
            if date < now.date { throw BoardError("due", "cannot create a card with a date in the past: \(date.iso) is before today, \(now.date.iso)") }
            return
        }
        let due = LocalDateTime(date: date, time: time)
        if due < now { throw BoardError.timeInPast(due, now: now) }
    }
}
