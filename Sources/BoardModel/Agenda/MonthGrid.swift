/// The days a month's calendar shows: whole weeks from the week holding the 1st, in the board's
/// week start, six rows so the grid never changes height between months (ARCHITECTURE.md §15).
public struct MonthGrid: Hashable, Sendable {
    /// The 1st of the month shown.
    public let first: LocalDate
    public let weekStart: Weekday

    public static let rows = 6

    /// The grid of the month holding `date`.
    public init(holding date: LocalDate, weekStart: Weekday) {
        first = LocalDate(year: date.year, month: date.month, day: 1)!
        self.weekStart = weekStart
    }

    /// The first day drawn: the week start on or before the 1st.
    public var start: LocalDate { first.startOfWeek(weekStart) }

    /// Every day drawn, six weeks of them.
    public var days: ClosedRange<LocalDate> { start...start.adding(days: Self.rows * 7 - 1) }

    /// Row and column of `date` in the grid, if drawn.
    public func cell(of date: LocalDate) -> (row: Int, column: Int)? {
        guard days.contains(date) else { return nil }
        let n = start.days(until: date)
        return (n / 7, n % 7)
    }

    /// "November 2026".
    public var title: String { "\(MonthName.full[first.month - 1]) \(first.year)" }

    /// The weekday letters of the header row, from the week start: "Mo Tu We Th Fr Sa Su".
    public var weekdayHeads: [String] {
        (0..<7).map { Weekday(rawValue: (weekStart.rawValue + $0) % 7)!.shortName.prefix(2).description }
    }
}
