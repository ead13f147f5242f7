import BoardModel
import BoardStore
import Foundation
import GRDB
import Testing
import TestSupport

/// The store reads the columns the horizons show (ARCHITECTURE.md §15): the SQL and the Swift
/// rule agree, a move re-aims, a dated card follows its date, and a new period is said once.
@Suite struct HorizonStoreTests {
    /// The column's SQL equals `Horizons.bucket(putIn:…)` on random cards, days and week starts.
    @Test func theSQLColumnIsTheSwiftColumn() throws {
        let board = try StoreFixture()
        var random = SeededGenerator(seed: 1539)
        let buckets: [Bucket] = [.thisWeek, .weekend, .nextWeek, .nextMonth, .routines]
        for i in 0..<400 {
            let put = date("2026-01-01").adding(days: Int.random(in: 0..<500, using: &random))
            let card = try board.store.cards.add(CardValues(title: "Card \(i)"), bucket: buckets.randomElement(using: &random),
                                               clock: clock(put.iso + "T12:00"))
            // Some dated, some following their date, some from before aims were kept.
            let due: LocalDate?? = Bool.random(using: &random) ? .some(put.adding(days: Int.random(in: 0..<120, using: &random))) : nil
            if let due { try board.store.cards.edit(card.id, CardEdit(), due: FieldEdit(due), clock: clock(put.iso + "T12:00")) }
        }
        // Cards from before aims were kept (a document without `aimed_on`): by their creation, or their date.
        let legacy = (0..<100).map { i in
            let created = date("2026-01-01").adding(days: Int.random(in: 0..<500, using: &random))
            let due = Bool.random(using: &random) ? #", "due_date": "\#(created.adding(days: Int.random(in: 0..<60, using: &random)).iso)""# : ""
            return #"{"title": "Old \#(i)", "bucket": "\#(buckets.randomElement(using: &random)!.cliName)", "created_at": "\#(created.iso)T23:30:00.000Z"\#(due)}"#
        }
        _ = try board.store.exchange.importDocument(Data(("[" + legacy.joined(separator: ",") + "]").utf8), clock: clock("2027-06-01T12:00"))
        #expect(try board.store.cards.list().filter { $0.aimedOn == nil && $0.dueDate == nil && $0.bucket != .routines }.count > 20)
        var settled = 0
        for round in 0..<80 {
            // Half the rounds read the store's own rule with its kept columns settled for the day, and
            // write cards after settling (the schema's triggers keep theirs); the others compute them.
            let own = round % 2 == 0
            let rule = own ? board.store.horizonRule
                : HorizonRule(weekStart: Weekday.allCases.randomElement(using: &random)!, follows: Int.random(in: 0..<10, using: &random) > 0)
            let horizons = rule.on(date("2026-01-01").adding(days: Int.random(in: 0..<640, using: &random)))
            if own {
                let now = clock(horizons.today.iso + "T12:00")
                try board.store.settleHorizons(clock: now)
                let added = try board.store.cards.add(CardValues(title: "Later \(round)"), bucket: buckets.randomElement(using: &random), clock: now)
                try board.store.cards.move(added.id, to: buckets.randomElement(using: &random)!, clock: clock(horizons.today.adding(days: -3).iso + "T12:00"))
                settled += 1
            }
            var shown: [Bucket: [String]] = [:]
            for task in try board.store.cards.list() { shown[task.column(horizons), default: []].append(task.id) }
            let counts = try board.store.reader.cardCounts(horizons)
            for bucket in Bucket.allCases {
                let read = try board.store.reader.cardSummaries(in: bucket, horizons).map(\.id)
                #expect(Set(read) == Set(shown[bucket] ?? []), "\(bucket) on \(horizons.today), weeks from \(rule.weekStart)")
                #expect(counts[bucket] ?? 0 == read.count)
            }
        }
        #expect(settled == 40)
    }

    /// Moved back to Next Week on Monday, a card stays there that week and comes the week after;
    /// put back at a place in its column, it lands there.
    @Test func aPersonsMoveWinsForItsPeriod() throws {
        let board = try StoreFixture()
        let friday = clock("2026-11-20T09:00"), monday = clock("2026-11-23T09:00")
        let card = try board.store.cards.add(CardValues(title: "Plan trip"), bucket: .nextWeek, clock: friday)
        let other = try board.store.cards.add(CardValues(title: "Already here"), bucket: .thisWeek, clock: friday)
        #expect(try board.store.reader.cardSummaries(in: .nextWeek, board.store.horizons(friday)).map(\.id) == [card.id])
        #expect(Set(try board.store.reader.cardSummaries(in: .thisWeek, board.store.horizons(monday)).map(\.id)) == [card.id, other.id])
        try board.store.cards.move(card.id, to: .nextWeek, clock: monday)
        #expect(try board.store.reader.cardSummaries(in: .nextWeek, board.store.horizons(clock("2026-11-29T20:00"))).map(\.id) == [card.id])
        #expect(try board.store.reader.cardSummaries(in: .thisWeek, board.store.horizons(clock("2026-11-30T08:00"))).map(\.id).contains(card.id))
        // Reordering within a column that holds a card come from another lands at the asked place.
        let thirdMonday = clock("2026-11-30T08:00")
        try board.store.cards.move(card.id, to: .thisWeek, position: 0, clock: thirdMonday)
        #expect(try board.store.reader.cardSummaries(in: .thisWeek, board.store.horizons(thirdMonday)).map(\.id) == [card.id, other.id])
    }

    /// A card added with a date and no bucket goes where its date says; with a bucket, where the person says.
    @Test func aDatedCardWithoutABucketFollowsItsDate() throws {
        let board = try StoreFixture()
        let friday = clock("2026-11-20T09:00")
        let dentist = try board.store.cards.add(CardValues(title: "Dentist"), due: date("2026-12-02"), clock: friday)
        let pinned = try board.store.cards.add(CardValues(title: "Pinned"), bucket: .thisWeek, due: date("2026-12-02"), clock: friday)
        for (day, column) in [("2026-11-20", Bucket.nextMonth), ("2026-11-23", .nextWeek), ("2026-11-30", .thisWeek)] {
            let horizons = board.store.horizons(clock(day + "T09:00"))
            #expect(try board.store.cards.find(dentist.id).column(horizons) == column, "\(day)")
            #expect(try board.store.cards.find(pinned.id).column(horizons) == .thisWeek, "\(day)")
        }
    }

    /// Issue 52: added Mon Nov 23 due Dec 1 and moved to Next Month; opened Nov 30, Dec 2 and Dec 7,
    /// the settled file shows it in This Week each time (it was in Next Week, overdue, on Dec 2).
    @Test func aMovedCardComesWithItsDate() throws {
        let board = try StoreFixture()
        let monday = clock("2026-11-23T09:00")
        let card = try board.store.cards.add(CardValues(title: "D"), due: date("2026-12-01"), clock: monday)
        try board.store.cards.move(card.id, to: .nextMonth, clock: monday)
        for (day, column) in [("2026-11-23", Bucket.nextWeek), ("2026-11-30", .thisWeek), ("2026-12-02", .thisWeek), ("2026-12-07", .thisWeek)] {
            let now = clock(day + "T09:00")
            try board.store.settleHorizons(clock: now)
            #expect(try board.store.reader.cardSummaries(in: column, board.store.horizons(now)).map(\.id).contains(card.id), "\(day)")
            #expect(try board.store.reader.cardCounts(board.store.horizons(now))[column] == 1, "\(day)")
        }
    }

    /// The first screen in a new period hears what moved, once; three weeks away, each card moves once.
    @Test func aNewPeriodIsSaidOnceAndAfterAGapEachCardMovesOnce() throws {
        let board = try StoreFixture()
        let friday = clock("2026-11-20T09:00")
        for title in ["A", "B", "C"] { try board.store.cards.add(CardValues(title: title), bucket: .nextWeek, clock: friday) }
        try board.store.cards.add(CardValues(title: "Sat"), bucket: .weekend, clock: friday)
        try board.store.cards.add(CardValues(title: "Dec"), bucket: .nextMonth, clock: friday)
        #expect(try board.store.rollover(clock: friday) == nil, "the first time there is nothing to compare with")
        #expect(try board.store.rollover(clock: clock("2026-11-21T09:00")) == nil, "nothing moved on Saturday")
        let monday = try #require(try board.store.rollover(clock: clock("2026-11-23T08:00")))
        #expect(monday.sentence == "New week: This Week +4 (1 from Weekend, 3 from Next Week), Next Week +1 (from Next Month); H/L moves any back")
        #expect(try board.store.rollover(clock: clock("2026-11-23T20:00")) == nil, "said once")
        // Three weeks away: each card is where the calendar says, counted once.
        let gap = try #require(try board.store.rollover(clock: clock("2026-12-14T08:00")))
        #expect(gap.moves == [HorizonRollover.Move(from: .nextWeek, to: .thisWeek, count: 1)])
        let counts = try board.store.reader.cardCounts(board.store.horizons(clock("2026-12-14T08:00")))
        #expect(counts[.thisWeek] == 5 && counts[.nextWeek] == 0 && counts[.weekend] == 0 && counts[.nextMonth] == 0)
    }
}
