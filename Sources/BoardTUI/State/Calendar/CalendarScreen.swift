import BoardModel

/// The Calendar (`v`; ARCHITECTURE.md §15): a month grid with each day's count, beside the focused
/// day's agenda, a cursor on one of its items. What it shows is read from the store's agenda, planned
/// runs included; the screen keeps no state of its own but where it looks.
public struct CalendarScreen: Hashable, Sendable {
    /// The focused day.
    public var day: LocalDate
    public let weekStart: Weekday
    /// The agenda of `loaded`'s days by day, in the agenda's order.
    public private(set) var items: [LocalDate: [AgendaItem]] = [:]
    /// The grid the items were read for.
    public private(set) var loaded: MonthGrid
    /// The focused item among the day's.
    public var cursor = 0
    /// The date typed after `g`, and why the last one was refused.
    public var goTo: TextField?
    public var goToError: String?

    public init(day: LocalDate, weekStart: Weekday, items: [AgendaItem]) {
        self.day = day
        self.weekStart = weekStart
        loaded = MonthGrid(holding: day, weekStart: weekStart)
        show(items, for: day)
    }

    /// Takes the agenda read for the grid holding `day`.
    public mutating func show(_ agenda: [AgendaItem], for day: LocalDate) {
        loaded = MonthGrid(holding: day, weekStart: weekStart)
        items = Dictionary(grouping: agenda, by: \.date)
        clampCursor()
    }

    /// The grid the focused day needs.
    public var grid: MonthGrid { MonthGrid(holding: day, weekStart: weekStart) }

    /// Whether the focused day's month is read (else the runtime reads it).
    public var isLoaded: Bool { loaded == grid }

    /// The focused day's items, in the agenda's order.
    public var dayItems: [AgendaItem] { items[day] ?? [] }

    public var focusedItem: AgendaItem? {
        let items = dayItems
        return items.indices.contains(cursor) ? items[cursor] : nil
    }

    /// How many items `date` has, if its month is read.
    public func count(on date: LocalDate) -> Int { items[date]?.count ?? 0 }

    /// Moves to `date`: the cursor on its first item.
    public mutating func go(to date: LocalDate) {
        if date != day { cursor = 0 }
        day = date
    }

    /// The same day of the month `months` away, or its last day when it has fewer (Jan 31 → Feb 28).
    public mutating func moveMonths(_ months: Int) {
        go(to: day.adding(months: months))
    }

    public mutating func clampCursor() {
        cursor = min(max(0, cursor), max(0, dayItems.count - 1))
    }
}
