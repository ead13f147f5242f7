/// A colour as config.toml names it: a basic name ("red", "bright-blue"), a palette number
/// ("244") or a hex ("#ff8800"); shown as the nearest the terminal has.
public enum TerminalColor: Hashable, Sendable {
    /// An index of the terminal's palette: 0–7 basic, 8–15 bright, 16–255 the 256-colour cube and greys.
    case palette(Int)
    case rgb(Int, Int, Int)

    public static let names = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"]

    /// Reads a colour; refused naming the forms it takes.
    public init(parsing text: String, field: String) throws(BoardError) {
        let t = text.lowercased()
        if let i = Self.names.firstIndex(of: t) { self = .palette(i); return }
        if t.hasPrefix("bright-"), let i = Self.names.firstIndex(of: String(t.dropFirst(7))) { self = .palette(i + 8); return }
        if let n = Int(t), (0...255).contains(n), t.allSatisfy(\.isASCII) { self = .palette(n); return }
        if t.hasPrefix("#"), t.count == 7, let value = Int(t.dropFirst(), radix: 16), t.dropFirst().allSatisfy(\.isHexDigit) {
            self = .rgb(value >> 16, (value >> 8) & 0xFF, value & 0xFF)
            return
        }
        throw BoardError(Field(field), "must be a colour: a name (red, bright-blue), a number 0 to 255 or #rrggbb, got '\(text.echoed)'")
    }

    /// The nearest index of a terminal with `depth` colours (8, 16 or 256): never one it lacks.
    public func index(depth: Int) -> Int {
        switch self {
        case .palette(let n) where n < depth: return n
        case .palette(let n) where n < 16: return n - 8
        case .palette(let n): return Self.nearestBasic(Self.rgb(ofPaletteIndex: n), depth: depth)
        case .rgb(let r, let g, let b): return depth >= 256 ? Self.cubeIndex(r, g, b) : Self.nearestBasic((r, g, b), depth: depth)
        }
    }

    /// The standard xterm 256-colour cube (16–231) and grey ramp (232–255).
    static func cubeIndex(_ r: Int, _ g: Int, _ b: Int) -> Int {
        func level(_ v: Int) -> Int { v < 48 ? 0 : v < 115 ? 1 : (v - 35) / 40 }
        let cube = 16 + 36 * level(r) + 6 * level(g) + level(b)
        let average = (r + g + b) / 3
        let grey = 232 + min(23, max(0, (average - 8) / 10))
        func distance(_ c: (Int, Int, Int)) -> Int { (c.0 - r) * (c.0 - r) + (c.1 - g) * (c.1 - g) + (c.2 - b) * (c.2 - b) }
        return distance(rgb(ofPaletteIndex: grey)) < distance(rgb(ofPaletteIndex: cube)) ? grey : cube
    }

    static func rgb(ofPaletteIndex n: Int) -> (Int, Int, Int) {
        if n < 16 { return basic[n] }
        if n >= 232 { let v = 8 + (n - 232) * 10; return (v, v, v) }
        let i = n - 16, steps = [0, 95, 135, 175, 215, 255]
        return (steps[i / 36], steps[(i / 6) % 6], steps[i % 6])
    }

    /// xterm's basic and bright colours.
    static let basic: [(Int, Int, Int)] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
        (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
    ]

    static func nearestBasic(_ c: (Int, Int, Int), depth: Int) -> Int {
        let count = min(16, max(8, depth))
        return (0..<count).min { a, b in
            func d(_ i: Int) -> Int { let p = basic[i]; return (p.0 - c.0) * (p.0 - c.0) + (p.1 - c.1) * (p.1 - c.1) + (p.2 - c.2) * (p.2 - c.2) }
            return d(a) < d(b)
        }!
    }
}
