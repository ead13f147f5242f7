import BoardModel
import Foundation
import Testing

/// Colours as config.toml names them, and the nearest a terminal has (issue 44).
@Suite struct ThemeTests {
    @Test(arguments: [("red", TerminalColor.palette(1)), ("bright-blue", .palette(12)), ("244", .palette(244)), ("#FF8800", .rgb(255, 136, 0)),
                      ("white", .palette(7))])
    func coloursAreRead(text: String, color: TerminalColor) throws {
        #expect(try TerminalColor(parsing: text, field: "color_overdue") == color)
    }

    @Test(arguments: ["", "reddish", "256", "-1", "#ff880", "#gg8800", "bright-", "12a"])
    func badColoursAreRefusedNamingTheForms(text: String) {
        #expect(throws: BoardError("color_overdue", "must be a colour: a name (red, bright-blue), a number 0 to 255 or #rrggbb, got '\(text)'")) {
            try TerminalColor(parsing: text, field: "color_overdue")
        }
    }

    @Test func aColourIsShownAsTheNearestTheTerminalHas() {
        #expect(TerminalColor.rgb(255, 136, 0).index(depth: 256) == 208)
        #expect(TerminalColor.rgb(255, 136, 0).index(depth: 8) == 3, "orange on eight colours is yellow")
        #expect(TerminalColor.rgb(255, 0, 0).index(depth: 16) == 9)
        #expect(TerminalColor.palette(12).index(depth: 8) == 4, "bright blue on eight colours is blue")
        #expect(TerminalColor.palette(244).index(depth: 16) == 8, "a grey on sixteen colours is bright black")
        #expect(TerminalColor.palette(244).index(depth: 256) == 244)
        // Never an index the terminal lacks.
        for n in 0...255 { for depth in [8, 16, 256] { #expect(TerminalColor.palette(n).index(depth: depth) < depth) } }
        #expect(TerminalColor.rgb(128, 128, 128).index(depth: 256) == 244)
    }

    @Test func themesByName() throws {
        #expect(try Theme.named("light") == .light)
        #expect(try Theme.named("none").colors.isEmpty)
        #expect(throws: BoardError("theme", "must be one of \"default\", \"none\", \"light\", \"high-contrast\", got 'dark'")) { try Theme.named("dark") }
        for theme in Theme.all where theme != .none { #expect(Set(theme.colors.keys) == Set(StyleRole.allCases), "\(theme.name) colours every role") }
    }
}

/// docs/config.md's table of roles and themes is the themes' own colours: one place for them.
@Suite struct ThemeTableTests {
    @Test func theReadmeTableIsTheThemes() throws {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/config.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        func name(_ color: TerminalColor?) -> String {
            guard case .palette(let n)? = color, n < 16 else { return "?" }
            return (n >= 8 ? "bright-" : "") + TerminalColor.names[n % 8]
        }
        for role in StyleRole.allCases {
            let cells = [Theme.standard, .light, .highContrast].map { name($0.colors[role]) }
            let row = try #require(text.split(separator: "\n").first { $0.hasPrefix("| `\(role.rawValue)` |") }, "\(role) has a row")
            #expect(row.hasSuffix("| " + cells.joined(separator: " | ") + " |"), "\(row)")
        }
    }
}
