/// Which occurrences a series must have (ARCHITECTURE.md §4): every rule date in the window
/// [today, today + 7) that is not skipped. The past is never backfilled.
public enum Generation {
    public static let windowDays = 7

    /// The window of local days generation fills, starting today.
    public static func window(today: LocalDate) -> ClosedRange<LocalDate> {
        today...today.adding(days: windowDays - 1)
    }

    /// The dates a calendar series needs in the window; the rule's COUNT and UNTIL apply.
    public static func dueDates(_ schedule: Schedule, skipped: Set<LocalDate>, today: LocalDate) -> [LocalDate] {
        schedule.occurrences(in: window(today: today)).filter { !skipped.contains($0) }
    }

    /// The runs a calendar series needs in the window, each a day and (with several times a day)
    /// the time that is part of its key; the rule's COUNT and UNTIL apply.
    public static func dueRuns(_ schedule: Schedule, skipped: SkippedRuns, today: LocalDate) -> [OccurrenceKey] {
        schedule.runs(in: window(today: today)).filter { !skipped.contains($0) }.map { OccurrenceKey($0, of: schedule) }
    }

    /// The next run of a calendar series: the first run not skipped, not completed, whose moment
    /// is still ahead (a run without a time lasts all day). What "next run" shows and "skip next"
    /// skips, so the two never disagree.
    public static func nextRun(_ schedule: Schedule, now: LocalDateTime, skipped: SkippedRuns,
                               completed: Set<OccurrenceKey>) -> LocalDateTime? {
        schedule.runs(atOrAfter: LocalDateTime(date: now.date, time: .midnight)).first { run in
            !skipped.contains(run) && !completed.contains(OccurrenceKey(run, of: schedule))
                && (schedule.times == nil ? run.date >= now.date : run >= now)
        }
    }

    /// How many runs of the rule fall before `date`: what a series has used of an end-after-N
    /// count, which counts runs (skipped ones count, like RFC 5545 EXDATEs).
    public static func used(_ schedule: Schedule, before date: LocalDate) -> Int {
        var n = 0
        for run in schedule.runs() {
            if run.date >= date { break }
            n += 1
        }
        return n
    }

    /// Whether every instance of an end-after-N or end-on-date rule lies before `date`.
    public static func isExhausted(_ schedule: Schedule, before date: LocalDate) -> Bool {
        guard schedule.rule.end != .never else { return false }
        return schedule.next(onOrAfter: date) == nil
    }
}
