import BoardModel
import BoardStore
@testable import BoardTUI
import Foundation
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

/// Keys that do nothing where the focus is say why (issue 44: x, H and J on a template, and J/K in
/// Upcoming, did nothing and said nothing).
@Suite struct SilentKeyTests {
    @Test func onATemplateRowXHAndJSayWhy() throws {
        var state = try TUIFixture().state()
        state.focus = Focus(column: BoardState.columns.count - 1, row: 0)
        state.templateFocus = 0
        let template = try #require(state.focusedTemplate)
        for (key, words) in [(Key.character("x"), "A template is never done"), (.character("H"), "stays in Routines"), (.character("J"), "in the order they were made")] {
            #expect(press([key], &state).isEmpty)
            #expect(state.message?.contains(words) == true && state.message?.contains(template.title) == true, "\(key): \(state.message ?? "nothing")")
        }
    }

    @Test func jAndKInUpcomingSayWhy() throws {
        var state = try TUIFixture().state()
        state.focus = Focus(column: BoardState.columns.count - 1, row: state.upcomingEarlier)
        state.clampFocus()
        #expect(state.focusedCard?.isOccurrence == true)
        #expect(press([.character("J")], &state).isEmpty)
        #expect(state.message == "Upcoming is in date and time order: J/K reorder the other columns; H moves a run out of Routines.")
    }
}

/// Issue 44: the "Reminder: …" prefix of the status line stayed for its hour whatever was pressed.
/// Esc on the board (with no filter to clear) dismisses the reminders shown; a new one shows again.
@Suite struct ReminderPrefixTests {
    @Test func escDismissesTheRemindersShownAndANewOneShowsAgain() throws {
        var state = try TUIFixture().state()
        let first = Reminder(cardId: "a", title: "Call the bank", bucket: "THIS_WEEK", due: LocalDateTime(iso: "2026-11-21T08:30")!,
                             minutesBefore: 0, zone: demoClock.zone)
        state.snapshot.dueReminders = [first]
        #expect(StatusLine.text(state).hasPrefix("Reminder: Call the bank at 08:30"))
        press([.escape], &state)
        #expect(!StatusLine.text(state).contains("Reminder:"), "\(StatusLine.text(state))")
        let second = Reminder(cardId: "b", title: "Stretch", bucket: "ROUTINES", due: LocalDateTime(iso: "2026-11-21T08:45")!,
                              minutesBefore: 0, zone: demoClock.zone)
        state.snapshot.dueReminders = [first, second]
        #expect(StatusLine.text(state).hasPrefix("Reminder: Stretch at 08:45 │"), "\(StatusLine.text(state))")
    }
}
