/// What identifies an occurrence within its series (ARCHITECTURE.md §4): its date, and its time
/// of day when the routine runs several times a day. A routine with one time keys by date alone,
/// so its occurrences keep the key and id they had before several times existed.
public struct OccurrenceKey: Hashable, Sendable {
    public let date: LocalDate
    /// Nil for a routine with one time (or none).
    public let time: LocalTime?

    public init(date: LocalDate, time: LocalTime?) {
        self.date = date
        self.time = time
    }

    /// The key of `run` of `schedule`.
    public init(_ run: LocalDateTime, of schedule: Schedule) {
        self.init(date: run.date, time: schedule.runsPerDay > 1 ? run.time : nil)
    }
}
