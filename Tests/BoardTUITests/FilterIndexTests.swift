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
        func type(_ text: String) throws { for character in text { _ = try app.handle(.character(character)) } }
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
            if case .character(let c) = key { typed.append(c) } else { typed.removeLast() }
            let expected = every.filter { CardSearch.matches(title: $0.title, labels: $0.labels, query: typed) }.count
            let counted = app.state.snapshot.columns.values.map(\.count).reduce(0, +)
            #expect(app.state.snapshot.query == typed)
            #expect(counted == expected, "\(typed)")
        }
    }
}
