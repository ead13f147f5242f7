/// The runs of a routine past what generation has made (generation fills 7-day windows, the rest
/// is computed on demand): computed on read from the rule, never written (ARCHITECTURE.md §15).
public enum PlannedRuns {
    /// The rule's dates in `range` from today on, less the skipped and deleted ones (`skipped`) and
    /// those that already have an occurrence (`made`, by the date it was made for). Exactly what
    /// `board recur expand` gives for the rule, with those dates left out. An after-completion rule
    /// has none: its next date depends on a completion that has not happened.
    public static func dates(_ schedule: Schedule, in range: ClosedRange<LocalDate>, today: LocalDate,
                             skipped: Set<LocalDate>, made: Set<LocalDate>) -> [LocalDate] {
        guard schedule.rule.anchor == .schedule, range.upperBound >= today else { return [] }
        return schedule.occurrences(in: max(range.lowerBound, today)...range.upperBound).filter {
            !skipped.contains($0) && !made.contains($0)
        }
    }

    /// The same for each run of a routine with several times a day: its runs in `range` from today
    /// on, less the skipped ones and those with an occurrence (`made`, by key).
    public static func runs(_ schedule: Schedule, in range: ClosedRange<LocalDate>, today: LocalDate,
                            skipped: SkippedRuns, made: Set<OccurrenceKey>) -> [LocalDateTime] {
        unmade(scheduled(schedule, in: range, today: today), of: schedule, skipped: skipped, made: made)
    }

    /// Every run the schedule plans in `range` from today on, before any is skipped or made: the
    /// same for every routine of the schedule, so routines sharing one plan it once.
    public static func scheduled(_ schedule: Schedule, in range: ClosedRange<LocalDate>, today: LocalDate) -> [LocalDateTime] {
        guard schedule.rule.anchor == .schedule, range.upperBound >= today else { return [] }
        return schedule.runs(in: max(range.lowerBound, today)...range.upperBound)
    }

    /// The `scheduled` runs of one routine less its skipped ones and those with an occurrence.
    public static func unmade(_ scheduled: [LocalDateTime], of schedule: Schedule, skipped: SkippedRuns, made: Set<OccurrenceKey>) -> [LocalDateTime] {
        // Most routines have nothing skipped or made past the generated week: no run to hash.
        guard !(skipped.isEmpty && made.isEmpty) else { return scheduled }
        return scheduled.filter { !skipped.contains($0) && !made.contains(OccurrenceKey($0, of: schedule)) }
    }
}
