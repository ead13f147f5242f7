import BoardModel
import Testing
import TestSupport

/// The horizon columns follow the calendar (ARCHITECTURE.md §15): each row of issue 39's week of use.
@Suite struct HorizonsTests {
    func column(_ bucket: Bucket, putOn: String?, due: String? = nil, on today: String, weekStart: Weekday = .monday) -> Bucket {
        Horizons(today: date(today), rule: HorizonRule(weekStart: weekStart))
            .bucket(putIn: bucket, aimedOn: putOn.map(date), due: due.map(date), createdOn: date("2026-11-01"))
    }

    @Test func aNextWeekCardIsThisWeeksOnceItsWeekComes() {
        // Put in Next Week on Friday Nov 20; opened on Monday Nov 23 and on the Monday after.
        #expect(column(.nextWeek, putOn: "2026-11-20", on: "2026-11-20") == .nextWeek)
        #expect(column(.nextWeek, putOn: "2026-11-20", on: "2026-11-22") == .nextWeek)
        #expect(column(.nextWeek, putOn: "2026-11-20", on: "2026-11-23") == .thisWeek)
        #expect(column(.nextWeek, putOn: "2026-11-20", on: "2026-11-30") == .thisWeek)
        // A person's move back on Monday wins for that week, and the card comes the week after.
        #expect(column(.nextWeek, putOn: "2026-11-23", on: "2026-11-29") == .nextWeek)
        #expect(column(.nextWeek, putOn: "2026-11-23", on: "2026-11-30") == .thisWeek)
    }

    @Test func aWeekendCardIsThisWeeksOnceItsWeekendHasPassed() {
        #expect(column(.weekend, putOn: "2026-11-18", on: "2026-11-21") == .weekend)
        #expect(column(.weekend, putOn: "2026-11-18", on: "2026-11-22") == .weekend)
        #expect(column(.weekend, putOn: "2026-11-18", on: "2026-11-23") == .thisWeek)
        // Put in Weekend on a Sunday: that weekend, over on Monday.
        #expect(column(.weekend, putOn: "2026-11-22", on: "2026-11-22") == .weekend)
        #expect(column(.weekend, putOn: "2026-11-22", on: "2026-11-23") == .thisWeek)
    }

    @Test func aNextMonthCardComesIntoNextWeekThenThisWeekAsItsMonthComes() {
        // Put in Next Month on Nov 10: aimed at December, whose first day is in the week of Nov 30.
        #expect(column(.nextMonth, putOn: "2026-11-10", on: "2026-11-20") == .nextMonth)
        #expect(column(.nextMonth, putOn: "2026-11-10", on: "2026-11-23") == .nextWeek)
        #expect(column(.nextMonth, putOn: "2026-11-10", on: "2026-11-30") == .thisWeek)
        // Put in on Saturday Nov 28, when Dec 1 is next week: Next Month means after next week.
        #expect(column(.nextMonth, putOn: "2026-11-28", on: "2026-11-28") == .nextMonth)
        #expect(column(.nextMonth, putOn: "2026-11-28", on: "2026-11-30") == .nextWeek)
        #expect(column(.nextMonth, putOn: "2026-11-28", on: "2026-12-07") == .thisWeek)
    }

    @Test func anUnfinishedThisWeekCardStays() {
        #expect(column(.thisWeek, putOn: "2026-11-02", on: "2027-03-01") == .thisWeek)
        #expect(column(.routines, putOn: nil, due: "2027-01-01", on: "2026-11-20") == .routines)
    }

    /// `board add "Dentist" --due 2026-12-02` on Friday Nov 20, weeks from Monday.
    @Test func aDatedCardWithoutABucketFollowsItsDate() {
        #expect(column(.thisWeek, putOn: nil, due: "2026-12-02", on: "2026-11-20") == .nextMonth)
        #expect(column(.thisWeek, putOn: nil, due: "2026-12-02", on: "2026-11-23") == .nextWeek)
        #expect(column(.thisWeek, putOn: nil, due: "2026-12-02", on: "2026-11-30") == .thisWeek)
        #expect(column(.thisWeek, putOn: nil, due: "2026-11-21", on: "2026-11-20") == .weekend)
        #expect(column(.thisWeek, putOn: nil, due: "2026-11-19", on: "2026-11-20") == .thisWeek, "overdue")
    }

    /// Issue 52: added Mon Nov 23 due Tue Dec 1 and moved to Next Month, the card is in This Week
    /// from the week its date falls in and never overdue in a later column; the move holds until then.
    @Test func aMovedCardIsNeverLaterThanItsDate() {
        #expect(column(.nextMonth, putOn: "2026-11-23", due: "2026-12-01", on: "2026-11-23") == .nextWeek)
        #expect(column(.nextMonth, putOn: "2026-11-23", due: "2026-12-01", on: "2026-11-30") == .thisWeek)
        #expect(column(.nextMonth, putOn: "2026-11-23", due: "2026-12-01", on: "2026-12-02") == .thisWeek, "overdue")
        // Moved to Next Week with a date in this week's weekend: the weekend, then overdue in This Week.
        #expect(column(.nextWeek, putOn: "2026-11-23", due: "2026-11-28", on: "2026-11-24") == .weekend)
        #expect(column(.nextWeek, putOn: "2026-11-23", due: "2026-11-28", on: "2026-11-29") == .thisWeek)
        // A move to a sooner column than the date's holds.
        #expect(column(.thisWeek, putOn: "2026-11-23", due: "2027-02-01", on: "2026-11-23") == .thisWeek)
        #expect(column(.weekend, putOn: "2026-11-23", due: "2027-02-01", on: "2026-11-24") == .weekend)
    }

    /// Overdue is This Week, even on the weekend's Sunday for a Saturday's date.
    @Test func anOverdueDateIsThisWeek() {
        #expect(column(.thisWeek, putOn: nil, due: "2026-11-28", on: "2026-11-29") == .thisWeek)
        #expect(column(.thisWeek, putOn: nil, due: "2026-11-29", on: "2026-11-29") == .weekend)
    }

    /// Issue 52: "New week: …" was promised as one line and wrapped at 120 columns. Whatever moves,
    /// into every column from every other, it fits in 119 (the status line's width at 120).
    @Test func aNewPeriodIsSaidInOneLineAt120Columns() {
        let seen = HorizonRule().on(date("2026-11-20")), today = HorizonRule().on(date("2026-11-23"))
        let moves: [HorizonRollover.Move] = [.init(from: .weekend, to: .thisWeek, count: 1_234), .init(from: .nextWeek, to: .thisWeek, count: 5_678),
                                             .init(from: .nextMonth, to: .thisWeek, count: 9_012), .init(from: .nextMonth, to: .nextWeek, count: 3_456),
                                             .init(from: .nextWeek, to: .weekend, count: 7_890)]
        let sentence = HorizonRollover(seen: seen, today: today, moves: moves).sentence ?? ""
        #expect(sentence.count <= 119, "\(sentence.count): \(sentence)")
        #expect(sentence == "New week: This Week +15924, Weekend +7890, Next Week +3456; H/L moves any back", "\(sentence)")
    }

    /// A Sunday week turns on Sunday.
    @Test func theWeekStartDecidesWhenAWeekTurns() {
        #expect(column(.nextWeek, putOn: "2026-11-25", on: "2026-11-28", weekStart: .sunday) == .nextWeek)
        #expect(column(.nextWeek, putOn: "2026-11-25", on: "2026-11-29", weekStart: .sunday) == .thisWeek)
        #expect(column(.nextWeek, putOn: "2026-11-25", on: "2026-11-29", weekStart: .monday) == .nextWeek)
        #expect(column(.thisWeek, putOn: nil, due: "2026-12-05", on: "2026-11-25", weekStart: .sunday) == .nextWeek)
        #expect(column(.thisWeek, putOn: nil, due: "2026-12-06", on: "2026-11-25", weekStart: .sunday) == .nextMonth)
    }

    @Test func rolloverOffKeepsEveryCardWhereItWasPut() {
        let off = Horizons(today: date("2027-01-04"), rule: HorizonRule(follows: false))
        #expect(off.bucket(putIn: .nextWeek, aimedOn: date("2026-11-20"), due: nil, createdOn: date("2026-11-20")) == .nextWeek)
        #expect(off.bucket(putIn: .weekend, aimedOn: nil, due: date("2026-11-01"), createdOn: date("2026-11-01")) == .weekend)
    }

    /// Property: a card's column on a day depends on that day alone, never on the days between;
    /// and a card only ever moves towards This Week as days pass.
    @Test func aColumnDependsOnTheDayAloneAndOnlyMovesForward() {
        var random = SeededGenerator(seed: 39)
        let horizons: [Bucket] = [.thisWeek, .weekend, .nextWeek, .nextMonth]
        for _ in 0..<2_000 {
            let put = date("2026-01-01").adding(days: Int.random(in: 0..<700, using: &random))
            let due: LocalDate? = Bool.random(using: &random) ? put.adding(days: Int.random(in: -5..<90, using: &random)) : nil
            let bucket = horizons.randomElement(using: &random)!
            let aimed = due == nil || Bool.random(using: &random)
            let weekStart = Weekday.allCases.randomElement(using: &random)!
            let rule = HorizonRule(weekStart: weekStart)
            var last = Bucket.nextMonth
            for day in 0..<80 {
                let today = put.adding(days: day)
                let shown = rule.on(today).bucket(putIn: bucket, aimedOn: aimed ? put : nil, due: due, createdOn: put)
                // Never later than its date's column; overdue, This Week.
                if let due { #expect(shown <= rule.on(today).bucket(forDate: due)) }
                if let due, due < today { #expect(shown == .thisWeek) }
                // Put on its day, a card shows where it was put (a dated one where its date falls).
                if day == 0, due == nil { #expect(shown == bucket, "\(bucket) put on \(put), weeks from \(weekStart)") }
                #expect(shown <= last,
                        "\(bucket) put on \(put), due \(String(describing: due)), day \(day): \(last) then \(shown)")
                last = shown
            }
        }
    }
}
