import BoardModel
import BoardStore
@testable import BoardTUI
import Testing

/// The key bar offers what works where the focus is (issue 44): a plain card's detail offers no
/// occurrence's keys, the propagation dialog no overdue toggle when nothing is overdue, and the
/// board's bar fits 120 columns whole.
@Suite struct KeyHintTests {
    @Test func aPlainCardsDetailOffersOnlyItsOwnKeys() throws {
        var state = try TUIFixture().state()
        let plain = try #require(state.focusedCard)
        #expect(!plain.isOccurrence)
        press([.enter], &state)
        #expect(keyHints(state) == ["↑↓ scroll", "e edit", "Esc closes"])
        press([.escape], &state)
        let column = BoardState.columns.count - 1
        state.focus = Focus(column: column, row: state.upcomingEarlier)
        state.clampFocus()
        #expect(state.focusedCard?.isOccurrence == true)
        press([.enter], &state)
        #expect(keyHints(state).contains("r reset field") && keyHints(state).contains("T template"))
    }

    @Test func theBoardsBarFitsOneHundredAndTwentyColumnsWhole() throws {
        let state = try TUIFixture().state(width: 120, height: 40)
        let bar = view(state).text.split(separator: "\n", omittingEmptySubsequences: false)[39]
        for key in ["? help", "u undo", "/ search", "t template", "v calendar", "q quit"] {
            #expect(bar.contains(key), "\(key) in \(bar)")
        }
        #expect(!bar.contains("…"))
    }
}
