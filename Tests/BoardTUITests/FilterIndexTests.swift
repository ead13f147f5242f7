import BoardModel
import BoardStore
@testable import BoardTUI
import Foundation
import Testing

/// The filter's search index (read on its own thread from `/` on, then matched in memory) never
/// answers for a board older than the one on screen: a write from elsewhere between `/` and the
/// first keystroke, a card added through the screen while filtered, and a card deleted are all
/// seen in the counts and the cards.
@Suite struct FilterIndexTests {
    @Test func theIndexFollowsEveryChangeToTheBoard() throws {
        let f = try TUIFixture()
        let app = try BoardApp(store: f.store, path: f.path) { demoClock }
        _ = try app.firstFrame(width: 120, height: 40)
        // Each keystroke as a person sees it settle: the index read, the counts in full.
        func type(_ text: String) throws {
            for character in text {
                _ = try app.handle(.character(character))
                try FilterIndexTests.settle(app)
            }
        }
        func titles() -> [String] { (0..<5).flatMap { c in app.state.cards(in: c).map(\.title) } }

        _ = try app.handle(.character("/"))
        // Written by another process after the prompt opened, while the index may be being read.
        let other = try BoardStore.open(path: f.path)
        try other.cards.add(CardValues(title: "Zebra crossing", labels: ["walk"]), bucket: .weekend, clock: demoClock)
        #expect(try app.noticeChanges())
        try type("zeb")
        #expect(titles() == ["Zebra crossing"])
        #expect(app.state.snapshot.columns[.weekend]?.count == 1)

        // Kept as the filter; a card the screen adds that matches is counted at once.
        _ = try app.handle(.enter)
        app.perform(.write(.add(title: "Zebu stew", bucket: .nextMonth)))
        #expect(Set(titles()) == ["Zebra crossing", "Zebu stew"])
        #expect(app.state.snapshot.columns[.nextMonth]?.count == 1)

        // A label matches; a card deleted elsewhere is gone from the matches.
        let zebra = try #require(try f.store.cards.list().first { $0.title == "Zebra crossing" })
        try other.cards.delete(zebra.id, clock: demoClock)
        #expect(try app.noticeChanges())
        #expect(titles() == ["Zebu stew"])
        #expect(app.state.snapshot.columns[.weekend]?.count == 0)
    }

    /// Each keystroke's matches agree with `CardSearch` over the whole board, as the query grows
    /// (narrowed from the last keystroke's) and shrinks (matched afresh).
    @Test func growingAndShrinkingTheQueryFindsWhatTheRuleFinds() throws {
        let f = try TUIFixture()
        for title in ["Pay rent", "Paint the door", "Pack for Paris", "PAPER", "repair bike"] {
            _ = try f.store.cards.add(CardValues(title: title), bucket: .nextMonth, clock: demoClock)
        }
        let app = try BoardApp(store: f.store, path: f.path) { demoClock }
        _ = try app.firstFrame(width: 120, height: 40)
        let every = try Bucket.allCases.flatMap { try f.store.reader.cardSummaries(in: $0) }
        _ = try app.handle(.character("/"))
        var typed = ""
        for key in "pa".map(Key.character) + [.character("i")] + [Key.backspace, .backspace, .character("r")] {
            _ = try app.handle(key)
            try Self.settle(app)
            if case .character(let c) = key { typed.append(c) } else { typed.removeLast() }
            let expected = every.filter { CardSearch.matches(title: $0.title, labels: $0.labels, query: typed) }.count
            let counted = app.state.snapshot.columns.values.map(\.count).reduce(0, +)
            #expect(app.state.snapshot.query == typed)
            #expect(counted == expected, "\(typed)")
        }
    }

    /// A keystroke that comes before the index is read is not held back: its frame filters the
    /// cards in hand and says the counts are still coming ("…/N"); when the index is read the loop
    /// wakes and the counts and cards are the whole board's.
    @Test func aKeystrokeBeforeTheIndexIsReadIsDrawnAtOnceAndCompletedAfter() throws {
        let f = try TUIFixture()
        let app = try BoardApp(store: f.store, path: f.path) { demoClock }
        _ = try app.firstFrame(width: 120, height: 40)
        let gate = DispatchSemaphore(value: 0)
        app.readSearchIndex = { store, horizons in
            gate.wait()
            return try store.reader.searchIndex(horizons)
        }
        // Should the keystroke wait for the index after all, this lets it go on (and the test fail).
        DispatchQueue.global().asyncAfter(deadline: .now() + 3) { gate.signal() }
        _ = try app.handle(.character("/"))
        _ = try app.handle(.character("p"))
        #expect(app.state.snapshot.query == "", "the keystroke did not wait for the index")
        #expect(view(app.state).text.contains("This Week (…/"))
        gate.signal()
        try Self.settle(app)
        #expect(app.state.snapshot.query == "p")
        let every = try Bucket.allCases.flatMap { try f.store.reader.cardSummaries(in: $0) }
        #expect(app.state.snapshot.columns.values.map(\.count).reduce(0, +)
                == every.filter { CardSearch.matches(title: $0.title, labels: $0.labels, query: "p") }.count)
        #expect(!view(app.state).text.contains("…/"))
    }

    /// Defect: on a board larger than the windows in hand, a query whose only match lay past them
    /// said "No card matches" and left the focus on nothing, though the read that followed found it.
    @Test func aMatchPastTheCardsInHandIsLandedOnAndTheNoMatchWordsGo() throws {
        let f = try TUIFixture()
        for i in 1...400 { _ = try f.store.cards.add(CardValues(title: "Card \(i)"), bucket: .thisWeek, clock: demoClock) }
        let needle = try f.store.cards.add(CardValues(title: "ζ functions, read"), bucket: .thisWeek, clock: demoClock)
        let app = try BoardApp(store: f.store, path: f.path) { demoClock }
        _ = try app.firstFrame(width: 120, height: 40)
        _ = try app.handle(.character("/"))
        _ = try app.handle(.character("ζ"))
        try Self.settle(app)
        #expect(app.state.focusedCard?.id == needle.id)
        #expect(app.state.message == nil, "\(app.state.message ?? "")")
        #expect(app.state.snapshot.columns[.thisWeek]?.count == 1)
    }

    /// Lets the loop take the search index's arrival, as it does between keys (at most 5 s).
    static func settle(_ app: BoardApp) throws {
        for _ in 0..<500 where app.state.snapshot.query != app.state.activeQuery {
            Thread.sleep(forTimeInterval: 0.01)
            try app.noticeChanges()
        }
    }
}
