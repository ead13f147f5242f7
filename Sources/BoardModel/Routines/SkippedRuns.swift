/// What a series has skipped for good (ARCHITECTURE.md §4): whole days (`2026-11-28`, a routine
/// with one time) and single runs of a routine with several times (`2026-11-28T08:00`).
/// A run is skipped when its day or the run itself is.
public struct SkippedRuns: Hashable, Sendable {
    public private(set) var days: Set<LocalDate> = []
    public private(set) var runs: Set<LocalDateTime> = []

    public init(days: Set<LocalDate> = [], runs: Set<LocalDateTime> = []) {
        self.days = days
        self.runs = runs
    }

    /// Reads the series' stored entries; one that is neither form is left out (the field rule
    /// refused it on the way in).
    public init(entries: [String]) {
        for entry in entries {
            if let day = LocalDate(iso: entry) { days.insert(day) } else if let run = LocalDateTime(iso: entry) { runs.insert(run) }
        }
    }

    /// Whether a stored entry is a day or a run.
    public static func isEntry(_ text: String) -> Bool { LocalDate(iso: text) != nil || LocalDateTime(iso: text) != nil }

    public func contains(_ run: LocalDateTime) -> Bool { days.contains(run.date) || runs.contains(run) }

    public func contains(day: LocalDate) -> Bool { days.contains(day) }

    /// Whether nothing is skipped.
    public var isEmpty: Bool { days.isEmpty && runs.isEmpty }

    /// The entry that skips `run`: its day when the schedule has one run a day, else the run.
    public static func entry(for run: LocalDateTime, runsPerDay: Int) -> String {
        runsPerDay > 1 ? run.description : run.date.iso
    }

    /// The dates a calendar excludes from the runs at `time` (nil: a routine of one run a day,
    /// whose skips are days): the days skipped whole, and the days of those runs skipped alone.
    public func dates(at time: LocalTime?) -> Set<LocalDate> {
        days.union(runs.filter { $0.time == time }.map(\.date))
    }

    /// Every entry in order, as the series stores them.
    public var entries: [String] { (days.map(\.iso) + runs.map(\.description)).sorted() }
}
