import BoardModel
@testable import BoardTUI
import Foundation
import Testing

/// The main screens' styles as well as their text under two themes and `none` (issue 44), as
/// ratatui's TestBackend compares a buffer's styles: each run of cells of one look is written
/// `⟦bold cyan⟧text⟦⟧`, the colour the theme gives the run's role (what the driver then draws).
@Suite struct ThemeSnapshotTests {
    /// The frame's rows with a marker wherever the attributes or the colour change.
    static func styled(_ frame: Frame, theme: Theme) -> String {
        var lines: [String] = []
        for y in 0..<frame.height {
            var line = "", current = ""
            for x in 0..<frame.width {
                let cell = frame[x, y]
                guard cell.width > 0 else { continue }
                let look = Self.look(cell, theme: theme)
                if look != current {
                    line += "⟦\(look)⟧"
                    current = look
                }
                line.append(cell.character)
            }
            if !current.isEmpty { line += "⟦⟧" }
            lines.append(line)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func look(_ cell: Cell, theme: Theme) -> String {
        var words: [String] = []
        for (flag, name) in [(CellStyle.bold, "bold"), (.dim, "dim"), (.reverse, "reverse"), (.underline, "underline"), (.strike, "strike")]
        where cell.style.contains(flag) { words.append(name) }
        if let role = cell.role, let color = theme.colors[role] { words.append(Self.name(color)) }
        return words.joined(separator: " ")
    }

    static func name(_ color: TerminalColor) -> String {
        switch color {
        case .palette(let n) where n < 8: TerminalColor.names[n]
        case .palette(let n) where n < 16: "bright-" + TerminalColor.names[n - 8]
        case .palette(let n): "\(n)"
        case .rgb(let r, let g, let b): String(format: "#%02x%02x%02x", r, g, b)
        }
    }

    @Test(arguments: [Theme.standard, .light, .none])
    func theBoardWithAnOverdueCardAndTheCalendar(theme: Theme) throws {
        let f = try TUIFixture()
        _ = try f.store.cards.add(CardValues(title: "Call the bank", time: LocalTime(hour: 8, minute: 0)), bucket: .thisWeek,
                                due: LocalDate(iso: "2026-11-21"), clock: BoardClock(local: LocalDateTime(iso: "2026-11-21T07:00")!, zone: paris))
        let app = try BoardApp(store: f.store, path: f.path) { demoClock }
        let board = try app.firstFrame(width: 120, height: 40)
        let text = Self.styled(board, theme: theme)
        try assertSnapshot(text: text, named: "theme-\(theme.name)-board")
        // What each theme must show, whatever else changes.
        #expect(text.contains("⟦bold⟧") || text.contains("⟦bold "), "attributes are kept in every theme")
        if theme.colors.isEmpty {
            #expect(!text.contains("cyan") && !text.contains("red"), "none colours nothing")
        } else {
            #expect(text.contains(Self.name(theme.colors[.overdue]!) + "⟧") && text.contains(Self.name(theme.colors[.header]!)))
        }
        _ = try app.handle(.character("v"))
        try assertSnapshot(text: Self.styled(view(app.state), theme: theme), named: "theme-\(theme.name)-calendar")
    }
}
