import TestSupport
import BoardModel
import BoardStore
@testable import BoardTUI
import Foundation
import Testing

/// A property over boards at random sizes from 60×15 to 250×80, every screen: no text is drawn over
/// other text, nothing past the screen, and every row of a box closes its border.
@Suite struct ScreenPropertyTests {
    /// The screens a person reaches from the board, as the keys that open them.
    static let screens: [(name: String, keys: [Key])] = [
        ("board", []), ("add prompt", [.character("a")] + type("A new card")), ("search", [.character("/")] + type("e")),
        ("help", [.character("?")]), ("help end", [.character("?"), .end]), ("detail", [.enter]),
        ("card form", [.character("e")]), ("template form", [.character("t")]),
        ("routines", Array(repeating: Key.character("l"), count: 4)), ("occurrence detail", Array(repeating: Key.character("l"), count: 4) + [.enter]),
        ("scrolled", Array(repeating: Key.character("j"), count: 30)),
    ]

    @Test func noScreenDrawsTextOverText() throws {
        let fixture = try TUIFixture()
        var random = SeededGenerator(seed: 2911)
        var sizes: [(Int, Int)] = [(60, 15), (80, 24), (120, 40), (200, 60), (250, 80)]
        for _ in 0..<15 { sizes.append((Int.random(in: 60...250, using: &random), Int.random(in: 15...80, using: &random))) }
        for (width, height) in sizes {
            for screen in Self.screens {
                var state = try fixture.state(width: width, height: height)
                press(screen.keys, &state)
                let frame = view(state)
                let where_ = "\(screen.name) at \(width)×\(height)"
                #expect(frame.overlaps.isEmpty, "\(where_): text over text at \(frame.overlaps.prefix(5).map { "(\($0.x),\($0.y))" })\n\(frame.text)")
                Self.checkBoxes(frame, where_)
            }
        }
    }

    /// The screens the runtime fills from the store (Stats, Habits, a checklist), through a real app.
    @Test func noScreenOfTheRuntimeDrawsTextOverText() throws {
        let fixture = try TUIFixture()
        var random = SeededGenerator(seed: 2912)
        var sizes: [(Int, Int)] = [(60, 15), (80, 24), (120, 40), (200, 60), (250, 80)]
        for _ in 0..<8 { sizes.append((Int.random(in: 60...250, using: &random), Int.random(in: 15...80, using: &random))) }
        let screens: [(String, [Key])] = [("stats", [.character("i")]), ("stats last row", [.character("i"), .end]),
                                          ("habits", [.character("g")]), ("habit prompt", [.character("g"), .character("a")] + type("Read")),
                                          ("routine checklist", Array(repeating: Key.character("l"), count: 4) + [.character("C")])]
        for (width, height) in sizes {
            for (name, keys) in screens {
                let app = try BoardApp(store: fixture.store, path: fixture.path) { demoClock }
                _ = try app.firstFrame(width: width, height: height)
                for key in keys { _ = try app.handle(key) }
                let frame = view(app.state)
                #expect(frame.overlaps.isEmpty, "\(name) at \(width)×\(height): text over text at \(frame.overlaps.prefix(5).map { "(\($0.x),\($0.y))" })\n\(frame.text)")
                Self.checkBoxes(frame, "\(name) at \(width)×\(height)")
            }
        }
    }

    /// Random boards — titles of random graphemes (CJK, emoji sequences, combining marks, RTL, long
    /// words), labels, dates, done cards, a routine — at random sizes, every screen.
    @Test func noScreenOfARandomBoardDrawsTextOverText() throws {
        var random = SeededGenerator(seed: 2913)
        let pieces = ["Pay", "rent", "旅行の計画", "👨‍👩‍👧‍👦", "🇫🇷", "e\u{301}", "שלום", "Supercalifragilisticexpialidocious", "a\u{200D}b",
                      "☕️", "👍🏽", "x", "2,503", "ｱｲｳ", "\u{0E33}", " "]
        for board in 0..<6 {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("board-property-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let path = directory.appendingPathComponent("board.sqlite").path
            let store = try BoardStore.open(path: path, concurrentReads: true)
            for _ in 0..<Int.random(in: 0...60, using: &random) {
                let title = (0..<Int.random(in: 1...8, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined(separator: " ")
                let labels = (0..<Int.random(in: 0...2, using: &random)).map { _ in ["home", "家", "🏠", "work"].randomElement(using: &random)! }
                let due = Bool.random(using: &random) ? demoClock.today.adding(days: Int.random(in: 0...40, using: &random)) : nil
                let card = try store.cards.add(CardValues(title: title.trimmingCharacters(in: .whitespaces).isEmpty ? "x" : title, labels: Array(Set(labels))),
                                             bucket: Bucket.allCases.randomElement(using: &random)!, due: due, clock: demoClock)
                if Int.random(in: 0..<4, using: &random) == 0 { try store.cards.complete(card.id, clock: demoClock) }
            }
            if board % 2 == 0 {
                _ = try store.routines.add(CardValues(title: pieces.randomElement(using: &random)! + " routine", checklist: ["一", "two"]),
                                          rule: try RecurrenceRule(.daily), clock: demoClock)
            }
            let sizes = (0..<3).map { _ in (Int.random(in: 60...250, using: &random), Int.random(in: 15...80, using: &random)) } + [(60, 15)]
            for (width, height) in sizes {
                for screen in Self.screens {
                    let app = try BoardApp(store: store, path: path) { demoClock }
                    _ = try app.firstFrame(width: width, height: height)
                    for key in screen.keys { _ = try app.handle(key) }
                    let frame = view(app.state)
                    let context = "board \(board), \(screen.name) at \(width)×\(height)"
                    #expect(frame.overlaps.isEmpty, "\(context): text over text at \(frame.overlaps.prefix(5).map { "(\($0.x),\($0.y))" })\n\(frame.text)")
                    Self.checkBoxes(frame, context)
                }
            }
        }
    }

    /// Every row between a box's top corners has both edges in the corners' columns.
    static func checkBoxes(_ frame: Frame, _ context: String) {
        for y in 0..<frame.height {
            for x in 0..<frame.width where frame[x, y].character == "┌" {
                guard let right = (x + 1..<frame.width).first(where: { frame[$0, y].character == "┐" }) else {
                    Issue.record("\(context): a box's top at row \(y) has no right corner")
                    continue
                }
                var row = y + 1
                while row < frame.height, frame[x, row].character != "└" {
                    if frame[x, row].character != "│" || frame[right, row].character != "│" {
                        Issue.record("\(context): row \(row) of the box at (\(x),\(y)) is open\n\(frame.text)")
                        break
                    }
                    row += 1
                }
            }
        }
    }
}
