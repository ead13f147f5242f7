import TestSupport
import BoardModel
@testable import BoardStore
import Foundation
import Testing

/// What `/` finds: the search index read from the file matches what `CardSearch.matches` decides
/// for each card, keeps the board's order, and narrowing finds what a whole scan finds.
/// Issue: labels were matched against their JSON text (`/[` matched every card), and SQL's LIKE
/// folded case for ASCII only while the screen's filter folded every letter.
@Suite struct CardSearchTests {
    @Test func searchMatchesTitlesAndEachLabelFoldedAlike() throws {
        let f = try StoreFixture()
        let now = clock("2026-11-21T09:00")
        try f.store.cards.add(CardValues(title: "Éclairs for Zoë", labels: ["bakery"]), clock: now)
        try f.store.cards.add(CardValues(title: "Pay rent", labels: ["home", "money"]), clock: now)
        let index = try f.store.reader.searchIndex()
        for (query, count) in [("[", 0), ("\"", 0), (",", 0), ("éclair", 1), ("ÉCLAIR", 1), ("ZOË", 1), ("MONEY", 1), ("e", 2),
                               ("home\",\"m", 0), ("homemoney", 0), ("rentbakery", 0)] {
            #expect(index.matches(query).count(in: .thisWeek) == count, "\(query)")
            let summaries = try f.store.reader.cardSummaries(in: .thisWeek)
            let inMemory = summaries.filter { CardSearch.matches(title: $0.title, labels: $0.labels, query: query) }.count
            #expect(inMemory == count, "the screen's filter agrees for \(query)")
        }
    }

    /// On random titles, labels and queries with the hard characters (folding that changes length,
    /// JSON's escapes, LIKE's wildcards), in several columns: the index's matches are exactly the
    /// cards `CardSearch.matches` picks, in the order the column shows them; a query grown by a
    /// keystroke narrows the last matches to the same; Upcoming's cards before a day are counted.
    @Test func theIndexAgreesWithTheFoldOnRandomCards() throws {
        let f = try StoreFixture()
        let now = clock("2026-11-21T09:00")
        let pieces = ["a", "B", "é", "É", "ß", "SS", "%", "_", "\\", "\"", "[", ",", " ", "ı", "İ", "ǅ", "ﬀ", "Ω", "x"]
        var random = SeededGenerator(seed: 3030)
        func text(_ n: ClosedRange<Int>) -> String { (0..<Int.random(in: n, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined() }
        let buckets: [Bucket] = [.thisWeek, .weekend, .nextMonth, .routines]
        for _ in 0..<300 {
            let labels = (0..<Int.random(in: 0...2, using: &random)).map { _ in text(1...3) }.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            let bucket = buckets.randomElement(using: &random)!
            let due = bucket == .routines && Bool.random(using: &random) ? LocalDate(iso: "2026-11-21")!.adding(days: Int.random(in: 0...5, using: &random)) : nil
            try f.store.cards.add(CardValues(title: "t" + text(0...6), labels: labels), bucket: bucket, due: due, clock: now)
        }
        let index = try f.store.reader.searchIndex()
        #expect(index.count == 300)
        let columns = try Dictionary(uniqueKeysWithValues: buckets.map { ($0, try f.store.reader.cardSummaries(in: $0)) })
        let day = LocalDate(iso: "2026-11-24")!
        for _ in 0..<200 {
            let query = text(1...3)
            let matches = index.matches(query)
            let grown = query + text(1...1)
            let narrowed = index.matches(grown, narrowing: matches), whole = index.matches(grown)
            for bucket in buckets {
                let expected = columns[bucket]!.filter { CardSearch.matches(title: $0.title, labels: $0.labels, query: query) }
                #expect(matches.rowids(in: bucket, 0..<Int.max) == expected.map(\.rowid), "\(query.debugDescription) in \(bucket)")
                #expect(try f.store.reader.cardSummaries(in: bucket, rowids: matches.rowids(in: bucket, 2..<7)).map(\.id)
                        == Array(expected.dropFirst(2).prefix(5)).map(\.id))
                #expect(narrowed.rowids(in: bucket, 0..<Int.max) == whole.rowids(in: bucket, 0..<Int.max), "\(grown.debugDescription)")
            }
            let earlier = columns[.routines]!.filter {
                ($0.occurrenceDate ?? $0.dueDate).map { $0 < day } ?? false && CardSearch.matches(title: $0.title, labels: $0.labels, query: query)
            }
            #expect(matches.count(in: .routines, before: day) == earlier.count)
        }
        #expect(index.matches("").count(in: .thisWeek) == columns[.thisWeek]!.count)
    }
}
