import BoardModel
@testable import BoardStore
import Foundation
import Testing

/// A timed step's reminder in the store (ARCHITECTURE.md §5): claimed apart from its run's, and
/// reported like a card's when a process stopped between claiming and sending it.
@Suite struct StepReminderStoreTests {
    @Test func aStepReminderClaimedByAProcessThatStoppedIsReportedAsInterrupted() throws {
        let f = try StoreFixture()
        let made = clock("2026-11-20T20:00")
        let sitter = try f.store.routines.add(CardValues(title: "Sitter", checklist: ["07:30 Meds"]), rule: try rule("every day"),
                                              start: date("2026-11-21"), clock: made)
        try f.store.checklists.remind(0, ofTemplate: sitter.id, true, clock: made)
        try f.store.routines.generate(clock: made)
        // 07:30: claimed to send, and the process stops before saying how the sending ended.
        let pass = try f.store.reminders.claimDue(clock: clock("2026-11-21T07:30"), grace: 3600)
        #expect(pass.deliver.map(\.reminder.title) == ["07:30 Meds · Sitter"])
        #expect(pass.deliver.first?.reminder.claimKey != pass.deliver.first?.reminder.cardId)
        // Ten minutes on, the next pass says it may not have been sent, once.
        let later = try f.store.reminders.claimDue(clock: clock("2026-11-21T07:45"), grace: 3600)
        #expect(later.interrupted.map(\.title) == ["07:30 Meds · Sitter"])
        #expect(later.deliver.isEmpty)
        #expect(try f.store.reminders.claimDue(clock: clock("2026-11-21T07:50"), grace: 3600).interrupted.isEmpty)
    }
}
