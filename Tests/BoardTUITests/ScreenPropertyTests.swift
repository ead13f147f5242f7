import BoardModel
import BoardStore
@testable import BoardTUI
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
        var random = SeededRandom(seed: 2911)
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
        var random = SeededRandom(seed: 2912)
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
