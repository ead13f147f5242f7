import BoardModel
@testable import BoardStore
import Foundation
import Testing

/// Occurrence ids are derived from (series, date) (ARCHITECTURE.md §13): two boards holding the
/// same template, generating apart, make the same rows.
@Suite struct DerivedOccurrenceIdTests {
    @Test func twoBoardsGeneratingTheSameSeriesMakeTheSameIds() throws {
        let a = try StoreFixture(), b = try StoreFixture()
        let now = clock("2026-11-21T08:00")
        let template = try a.store.routines.add(CardValues(title: "Stretch"), rule: try rule("every day"), clock: now)
        // The template and its series, without a.store's occurrences, onto the other board.
        var text = ""
        try a.store.exchange.export { text += $0 }
        var document = try JSONSerialization.jsonObject(with: Data(text.utf8)) as! [String: Any]
        document["cards"] = []
        _ = try b.store.exchange.importDocument(try JSONSerialization.data(withJSONObject: document), clock: now)
        #expect(try b.store.occurrences(of: template.id).isEmpty)
        try b.store.routines.generate(clock: clock("2026-11-23T08:00"))
        let fromA = Dictionary(uniqueKeysWithValues: try a.store.occurrences(of: template.id).map { ($0.occurrenceDate!, $0.id) })
        let fromB = try b.store.occurrences(of: template.id)
        #expect(fromB.count == 7)
        let shared = fromB.filter { fromA[$0.occurrenceDate!] != nil }
        #expect(shared.count == 5, "Nov 23–27 on both")
        #expect(shared.allSatisfy { fromA[$0.occurrenceDate!] == $0.id })
        #expect(fromB.allSatisfy { $0.id == NameBasedId.occurrence(series: $0.seriesId!, date: $0.occurrenceDate!) })
    }
}
