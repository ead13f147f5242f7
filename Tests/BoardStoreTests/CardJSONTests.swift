import BoardModel
@testable import BoardStore
import Foundation
import Testing

/// The hand-written card JSON gives the bytes JSONEncoder gives, on random cards.
@Suite struct CardJSONTests {
    /// Text drawn from every ASCII byte, escapes, wide and joined emoji, C1 and bidi controls.
    static func text(_ g: inout SystemRandomNumberGenerator) -> String {
        let pieces = ["a", "Z", " ", "/", "\\", "\"", "\n", "\t", "\u{0}", "\u{1B}", "\u{7F}", "é", "日本", "🍞", "👨‍👩‍👧‍👦",
                      "\u{85}", "\u{9B}", "\u{202E}", "\u{2028}", "{", "}", ",", ":", "[", "]", "\u{8}", "\u{C}", "\r"]
        return (0..<Int.random(in: 0...12, using: &g)).map { _ in pieces.randomElement(using: &g)! }.joined()
    }

    /// A card with every field drawn at random (optional ones present or not).
    static func card(_ g: inout SystemRandomNumberGenerator) -> BoardDocument.Card {
        func maybe<T>(_ value: @autoclosure () -> T) -> T? { Bool.random(using: &g) ? value() : nil }
        return BoardDocument.Card(
            id: UUID().uuidString, title: text(&g), description: text(&g),
            labels: (0..<Int.random(in: 0...3, using: &g)).map { _ in text(&g) },
            bucket: Bucket.allCases.randomElement(using: &g)!.cliName, position: Int.random(in: -5...100_000, using: &g),
            dueDate: maybe("2026-11-21"), dueTime: maybe("07:30"), priority: Int.random(in: 0...3, using: &g),
            duration: maybe(Int.random(in: 1...600, using: &g)), completed: Bool.random(using: &g),
            templateId: maybe(UUID().uuidString), seriesId: maybe(UUID().uuidString), occurrenceDate: maybe("2026-11-22"),
            exceptions: Bool.random(using: &g) ? [] : ["title", "bucket"],
            checklist: (0..<Int.random(in: 0...3, using: &g)).map { _ in ChecklistItem(text(&g), done: Bool.random(using: &g)) },
            ownerId: maybe(UUID().uuidString), completedAt: maybe("2026-11-21T09:00:00.000Z"),
            createdAt: maybe("2026-11-21T09:00:00.000Z"), updatedAt: maybe("2026-11-21T09:00:00.000Z"),
            remindBefore: maybe(Int.random(in: 0...1440, using: &g)), aimedOn: maybe("2026-11-20"))
    }

    @Test func randomCardsAgreeWithJSONEncoder() throws {
        var g = SystemRandomNumberGenerator()
        let encoder = BoardDocument.encoder()
        for _ in 0..<2_000 {
            let card = Self.card(&g)
            for depth in [1, 2] {
                let expected = try BoardDocument.text(card, depth: depth, encoder: encoder)
                #expect(CardJSON.text(card, depth: depth) == expected)
                if CardJSON.text(card, depth: depth) != expected { return }
            }
        }
    }
}
