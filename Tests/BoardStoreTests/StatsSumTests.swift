import BoardModel
@testable import BoardStore
import Foundation
import TestSupport
import Testing

/// Every template's `generated` is the dates its routine gave, each now completed, skipped,
/// deleted or open (ARCHITECTURE.md §12): after any sequence of what a person does, each of those
/// figures is what the test itself counted (`generated` is their sum by definition, so the test
/// holds the parts, not the sum).
@Suite struct StatsSumTests {
    @Test(arguments: 1...12 as ClosedRange<UInt64>)
    func eachFigureIsWhatWasDone(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let f = try StoreFixture()
        let store = f.store
        var now = clock("2026-10-01T08:00")
        let templates = [
            try store.routines.add(CardValues(title: "Daily"), rule: try rule("every day"), clock: now),
            try store.routines.add(CardValues(title: "Water"), rule: try rule("every 3 days after completion"), clock: now),
            try store.routines.add(CardValues(title: "Course"), rule: try rule("every weekday").with(end: .count(8)), clock: now),
        ].map(\.id)
        var done: [String] = []
        var deleted: [String: Int] = [:], skipped: [String: Int] = [:]
        for step in 0..<60 {
            if step % 4 == 0 { now = BoardClock(instant: now.instant + 86_400, zone: now.zone) }
            let template = templates.randomElement(using: &random)!
            let open = try store.occurrences(of: template).filter { !$0.isCompleted }
            switch Int.random(in: 0..<7, using: &random) {
            case 0, 1:
                guard let card = open.randomElement(using: &random) else { continue }
                try store.cards.complete(card.id, clock: now)
                done.append(card.id)
            case 2:
                guard let id = done.popLast() else { continue }
                try? store.cards.reopen(id, clock: now) // refused once its next occurrence was changed
            case 3:
                guard let card = open.randomElement(using: &random) else { continue }
                try store.cards.delete(card.id, clock: now)
                deleted[template, default: 0] += 1
            case 4:
                if (try? store.routines.skipNext(template, clock: now)) != nil { skipped[template, default: 0] += 1 } // none once a routine ends
            case 5:
                let plan = try store.routines.planEdit(template, TemplateEditRequest(rule: try rule(["every day", "every 2 days", "every weekday"].randomElement(using: &random)!)), clock: now)
                _ = try? store.routines.applyEdit(plan, clock: now)
            default:
                try store.routines.generate(clock: now)
            }
            let stats = try store.stats.report(weeks: 8, weekStart: .monday, clock: now)
            for s in stats.templates {
                let occurrences = try store.occurrences(of: s.id)
                let counted = (occurrences.filter(\.isCompleted).count, skipped[s.id] ?? 0, deleted[s.id] ?? 0, occurrences.filter { !$0.isCompleted }.count)
                #expect(s.completed == counted.0 && s.skipped == counted.1 && s.deleted == counted.2 && s.open == counted.3,
                        "seed \(seed), step \(step): \(s) against \(counted)")
            }
            // The totals are each template's figures added up.
            let t = stats.totals
            #expect(t.open == stats.templates.map(\.open).reduce(0, +) && t.deleted == stats.templates.map(\.deleted).reduce(0, +))
        }
    }
}
