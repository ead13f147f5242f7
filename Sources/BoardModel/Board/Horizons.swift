/// How the horizon columns follow the calendar (config.toml's `week_start` and `rollover`).
public struct HorizonRule: Hashable, Sendable {
    public var weekStart: Weekday
    /// false (`rollover = "off"`): every card shows in the bucket it was put in, as before.
    public var follows: Bool

    public init(weekStart: Weekday = .monday, follows: Bool = true) {
        self.weekStart = weekStart
        self.follows = follows
    }

    /// The horizons as they stand on `today`.
    public func on(_ today: LocalDate) -> Horizons { Horizons(today: today, rule: self) }
}

extension Horizons {
    /// Every card in the bucket it was put in, whatever the day: how the board is stored.
    public static let stored = HorizonRule(follows: false).on(LocalDate(dayNumber: 0))
}

/// The board's horizons on one day (ARCHITECTURE.md §15). A card is aimed, not placed: put in
/// Next Week on a day, it is aimed at the week after that day's week; added with a date and no
/// bucket, at its date. Its column follows from its aim and today, so nothing is written as
/// days pass, any gap is crossed at once, and every device shows the same board.
public struct Horizons: Hashable, Sendable {
    public let today: LocalDate
    public let rule: HorizonRule
    /// The first day of this week, of the next, and of the week after it.
    public let thisWeek: LocalDate, nextWeek: LocalDate, weekAfterNext: LocalDate
    /// The coming weekend's Saturday: today's weekend on a Saturday or a Sunday (unless weeks
    /// start on Sunday: then a Sunday begins the week whose weekend is coming).
    public let saturday: LocalDate
    /// A Weekend card put in before this day has had its weekend.
    public let weekendCycleStart: LocalDate
    /// A Next Month card put in before this day is aimed at a month that has come (This Week); one
    /// put in before `monthAimInNextWeek`'s day, at a month whose start is in the next week.
    public let monthAimHasCome: LocalDate, monthAimInNextWeek: LocalDate

    public init(today: LocalDate, rule: HorizonRule = HorizonRule()) {
        self.today = today
        self.rule = rule
        thisWeek = today.startOfWeek(rule.weekStart)
        nextWeek = thisWeek.adding(days: 7)
        weekAfterNext = thisWeek.adding(days: 14)
        saturday = Self.saturday(of: today, weekStart: rule.weekStart)
        weekendCycleStart = saturday.adding(days: rule.weekStart == .sunday ? -6 : -5)
        // The day a Next Month card aims at only grows with the day it was put in, so the first
        // day of each side of a threshold is found by walking back from the threshold itself.
        func firstPutIn(aimingAtOrAfter day: LocalDate) -> LocalDate {
            var put = day
            while Self.monthAim(putIn: put.adding(days: -1), weekStart: rule.weekStart) >= day { put = put.adding(days: -1) }
            return put
        }
        monthAimHasCome = firstPutIn(aimingAtOrAfter: nextWeek)
        monthAimInNextWeek = firstPutIn(aimingAtOrAfter: weekAfterNext)
    }

    /// The Saturday of the weekend `day` belongs to: the coming one, or its own on a weekend day.
    static func saturday(of day: LocalDate, weekStart: Weekday) -> LocalDate {
        day.weekday == .sunday && weekStart != .sunday ? day.adding(days: -1) : day.adding(days: Weekday.saturday.daysSince(day.weekday))
    }

    /// The first day of the month a card put in Next Month on `day` is aimed at: the next month's
    /// first, or the week after next when that month starts sooner (on Saturday Nov 28, Dec 1 is
    /// next week; Next Month then means the week of Dec 7).
    static func monthAim(putIn day: LocalDate, weekStart: Weekday) -> LocalDate {
        let firstOfNextMonth = LocalDate(year: day.year, month: day.month, day: 1)!.adding(months: 1)
        return max(firstOfNextMonth, day.startOfWeek(weekStart).adding(days: 14))
    }

    /// The bucket a card shows in: `bucket` it was put in on `aimedOn`; with no such day, its
    /// `due` date's bucket (added with a date and no bucket), else the day it was created (a card
    /// from before aims were kept). A person's move holds only until the date says sooner: a card
    /// is never in a later bucket than its date's. Routines never move.
    /// (`createdOn` is read only for such a card: `list` asks this of every card it prints.)
    public func bucket(putIn bucket: Bucket, aimedOn: LocalDate?, due: LocalDate?, createdOn: @autoclosure () -> LocalDate) -> Bucket {
        guard rule.follows, bucket != .routines else { return bucket }
        guard let aimedOn else { return due.map(self.bucket(forDate:)) ?? self.bucket(bucket, putOn: createdOn()) }
        let aimed = self.bucket(bucket, putOn: aimedOn)
        return due.map { min(aimed, self.bucket(forDate: $0)) } ?? aimed
    }

    /// The bucket of a card put in `bucket` on `put`, whatever its date.
    private func bucket(_ bucket: Bucket, putOn put: LocalDate) -> Bucket {
        switch bucket {
        case .thisWeek, .routines: return bucket
        case .weekend: return put < weekendCycleStart ? .thisWeek : .weekend
        case .nextWeek: return put < thisWeek ? .thisWeek : .nextWeek
        case .nextMonth: return put < monthAimHasCome ? .thisWeek : put < monthAimInNextWeek ? .nextWeek : .nextMonth
        }
    }

    /// The bucket a date falls in: overdue or before the coming weekend This Week, the weekend
    /// Weekend, the rest of this week This Week, next week Next Week, later Next Month.
    public func bucket(forDate date: LocalDate) -> Bucket {
        if date < today || date < saturday { return .thisWeek }
        if date <= saturday.adding(days: 1) { return .weekend }
        if date < nextWeek { return .thisWeek }
        if date < weekAfterNext { return .nextWeek }
        return .nextMonth
    }
}
