import BoardModel

/// The Calendar (`v`; ARCHITECTURE.md §15): a month grid with each day's count, beside the focused
/// day's agenda, a cursor on one of its items. Both are read from the store's agenda, planned runs
/// included: the grid's counts when its month changes, the focused day's items when the day does.
public struct CalendarScreen: Hashable, Sendable {
    /// The focused day.
    public var day: LocalDate
    public let weekStart: Weekday
    /// How many items each day of `loaded` has, by day from its start.
    public private(set) var counts: [Int] = []
    /// The grid the counts were read for.
    public private(set) var loaded: MonthGrid
    /// The items of `itemsDay`, in the agenda's order.
    public private(set) var dayItems: [AgendaItem] = []
    public private(set) var itemsDay: LocalDate
    /// The focused item among the day's.
    public var cursor = 0
    /// The date typed after `g`, and why the last one was refused.
    public var goTo: TextField?
    public var goToError: String?

    public init(day: LocalDate, weekStart: Weekday, counts: [Int], items: [AgendaItem]) {
        self.day = day
        self.weekStart = weekStart
        loaded = MonthGrid(holding: day, weekStart: weekStart)
        itemsDay = day
        show(counts: counts, items: items, for: day)
    }

    /// Takes what was read for `day`: its items, and the counts of its grid when they were read.
    public mutating func show(counts: [Int]?, items: [AgendaItem], for day: LocalDate) {
        if let counts {
            loaded = MonthGrid(holding: day, weekStart: weekStart)
            self.counts = counts
        }
        itemsDay = day
        dayItems = items
        clampCursor()
    }

    /// The grid the focused day needs.
    public var grid: MonthGrid { MonthGrid(holding: day, weekStart: weekStart) }

    /// Whether the grid's counts are read for the focused day's month (else the runtime reads them).
    public var countsLoaded: Bool { loaded == grid && !counts.isEmpty }

    /// Whether what is shown was read for the focused day.
    public var isLoaded: Bool { countsLoaded && itemsDay == day }

    public var focusedItem: AgendaItem? { dayItems.indices.contains(cursor) ? dayItems[cursor] : nil }

    /// How many items `date` has, if its month is read.
    public func count(on date: LocalDate) -> Int {
        let i = loaded.start.days(until: date)
        return counts.indices.contains(i) ? counts[i] : 0
    }

    /// Moves to `date`: the cursor on its first item.
    public mutating func go(to date: LocalDate) {
        if date != day { cursor = 0 }
        day = date
    }

    public mutating func clampCursor() {
        cursor = min(max(0, cursor), max(0, dayItems.count - 1))
    }
}
