/// A box over the board: its lines wrapped to its width (a continuation keeps the indent of its
/// line's value), scrolled when taller than the screen, with "↑ more" / "↓ more" on its border
/// when lines are out of sight. Nothing in a box is cut without a sign.
struct Box {
    let x: Int, y: Int, width: Int, height: Int
    /// The wrapped lines, and for each the index of the line it came from.
    let lines: [(text: String, source: Int)]

    init(_ source: [String], screenWidth: Int, screenHeight: Int) {
        width = max(10, min(screenWidth - 4, max(40, (source.map { DisplayWidth.of($0) }.max() ?? 0) + 4)))
        var lines: [(String, Int)] = []
        for (i, line) in source.enumerated() {
            guard DisplayWidth.of(line) > width - 4 else {
                lines.append((line, i))
                continue
            }
            // The head (indent, or a label and its gap) stays as typed; the rest wraps under it.
            let hanging = Self.hangingIndent(line)
            let head = String(line.prefix(DisplayWidth.characters(in: line, fitting: hanging)))
            let wrapped = DisplayWidth.wrap(String(line.dropFirst(head.count)), to: max(1, width - 4 - hanging))
            for (j, part) in wrapped.enumerated() {
                lines.append(((j == 0 ? head : String(repeating: " ", count: hanging)) + part, i))
            }
        }
        self.lines = lines
        height = min(screenHeight - 2, lines.count + 2)
        x = (screenWidth - width) / 2
        y = max(0, (screenHeight - height) / 2)
    }

    /// Lines inside the border.
    var room: Int { max(1, height - 2) }
    var maxScroll: Int { max(0, lines.count - room) }

    /// "Bucket:      This Week" continues under "This Week"; "  text" under "text".
    private static func hangingIndent(_ line: String) -> Int {
        let chars = Array(line)
        let leading = chars.prefix { $0 == " " }.count
        // Only a label's gap near the start counts; a double space inside prose does not.
        var i = leading
        while i + 1 < min(chars.count, 18) {
            if chars[i] == " " && chars[i + 1] == " " {
                var j = i
                while j < chars.count && chars[j] == " " { j += 1 }
                return DisplayWidth.of(String(chars[..<j]))
            }
            i += 1
        }
        return leading
    }

    /// The first line shown: `scroll`, moved as little as needed to show `cursorLine` (a source line).
    func first(scroll: Int, keeping cursorLine: Int?) -> Int {
        var first = min(max(0, scroll), maxScroll)
        if let cursorLine, let at = lines.firstIndex(where: { $0.source == cursorLine }) {
            if at < first { first = at }
            if at >= first + room { first = at - room + 1 }
        }
        return first
    }

    private func mark(_ text: String, on row: Int, _ frame: inout Frame) {
        frame.put(String(repeating: " ", count: 8), x: x + width - 10, y: row)
        frame.put(text, x: x + width - 10, y: row, style: .dim)
    }

    /// Draws the box; the first source line is bold (its title). Returns the screen row of `cursorLine`.
    @discardableResult
    func draw(_ frame: inout Frame, scroll: Int = 0, cursorLine: Int? = nil) -> Int? {
        clearBox(&frame, x: x, y: y, width: width, height: height)
        let first = first(scroll: scroll, keeping: cursorLine)
        var cursorY: Int?
        for (i, line) in lines.dropFirst(first).prefix(room).enumerated() {
            frame.put(line.text, x: x + 2, y: y + 1 + i, maxWidth: width - 4, style: line.source == 0 ? .bold : [])
            if line.source == cursorLine && cursorY == nil { cursorY = y + 1 + i }
        }
        // The markers take a stretch of the border: cleared first, then written.
        if first > 0 { mark(" ↑ more ", on: y, &frame) }
        if first + room < lines.count { mark(" ↓ more ", on: y + height - 1, &frame) }
        frame.cursor = (x + 2, cursorY ?? y + 1)
        return cursorY
    }
}
