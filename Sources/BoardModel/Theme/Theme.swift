/// A colour for each role the screen names (ARCHITECTURE.md §6). `none` colours nothing and is
/// today's look in attributes only; every theme keeps the attributes and the words.
public struct Theme: Hashable, Sendable {
    public let name: String
    public var colors: [StyleRole: TerminalColor]

    public init(name: String, colors: [StyleRole: TerminalColor]) {
        self.name = name
        self.colors = colors
    }

    public static let none = Theme(name: "none", colors: [:])

    /// For a dark background, in the 16 colours every colour terminal has.
    public static let standard = Theme(name: "default", colors: [
        .header: .palette(6), .overdue: .palette(9), .chip: .palette(5), .exception: .palette(3), .done: .palette(8),
        .keyHint: .palette(8), .error: .palette(9), .today: .palette(11), .planned: .palette(4),
    ])

    /// For a light background: darker colours, no bright yellow.
    public static let light = Theme(name: "light", colors: [
        .header: .palette(4), .overdue: .palette(1), .chip: .palette(5), .exception: .palette(3), .done: .palette(8),
        .keyHint: .palette(8), .error: .palette(1), .today: .palette(2), .planned: .palette(6),
    ])

    /// The strongest colours only, for low vision and bright rooms.
    public static let highContrast = Theme(name: "high-contrast", colors: [
        .header: .palette(15), .overdue: .palette(9), .chip: .palette(14), .exception: .palette(11), .done: .palette(7),
        .keyHint: .palette(15), .error: .palette(9), .today: .palette(11), .planned: .palette(14),
    ])

    public static let all = [standard, none, light, highContrast]

    /// The theme config.toml names, refused naming the themes there are.
    public static func named(_ name: String) throws(BoardError) -> Theme {
        guard let theme = all.first(where: { $0.name == name }) else {
            throw BoardError("theme", "must be one of \(all.map { "\"\($0.name)\"" }.joined(separator: ", ")), got '\(name.echoed)'")
        }
        return theme
    }
}
