import BoardModel

/// Text attributes of a cell; never the only carrier of meaning (ARCHITECTURE.md §6).
public struct CellStyle: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let bold = CellStyle(rawValue: 1)
    public static let reverse = CellStyle(rawValue: 2)
    public static let dim = CellStyle(rawValue: 4)
    public static let underline = CellStyle(rawValue: 8)
    /// Struck through, where the terminal can show it (a done checklist step).
    public static let strike = CellStyle(rawValue: 16)
}

/// One screen cell: a character and its display width, or the right half of a wide one.
public struct Cell: Hashable, Sendable {
    public var character: Character
    /// 1 or 2 for a character; 0 for the cell a wide character's right half covers.
    public var width: Int
    public var style: CellStyle
    /// What the cell is, for the theme to colour (nil: the terminal's own colour).
    public var role: StyleRole?

    public init(character: Character, width: Int, style: CellStyle, role: StyleRole? = nil) {
        self.character = character
        self.width = width
        self.style = style
        self.role = role
    }

    public static let blank = Cell(character: " ", width: 1, style: [])
}

/// What the screen shows: a grid of cells, and where the hardware cursor goes.
/// Views draw into frames; only the terminal driver copies them to a terminal.
public struct Frame: Sendable {
    public let width: Int
    public let height: Int
    public private(set) var cells: [Cell]
    /// The focused card, for screen readers that follow the cursor.
    public var cursor: (x: Int, y: Int)?
    /// Cells where a visible character was written over another one: text drawn over text. A view
    /// clears (writes spaces) before it draws over something; tests hold this empty.
    public private(set) var overlaps: [(x: Int, y: Int)] = []

    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = Array(repeating: .blank, count: self.width * self.height)
    }

    public subscript(x: Int, y: Int) -> Cell { cells[y * width + x] }

    /// Writes `text` from (x, y), cut with an ellipsis to `maxWidth` columns and the frame's edge.
    /// Returns the columns used. A wide character never straddles the limit.
    @discardableResult
    public mutating func put(_ text: String, x: Int, y: Int, maxWidth: Int? = nil, style: CellStyle = [], role: StyleRole? = nil) -> Int {
        guard y >= 0, y < height, x >= 0, x < width else { return 0 }
        let limit = min(maxWidth ?? (width - x), width - x)
        let fitted = DisplayWidth.truncate(text, to: limit)
        var column = x
        for character in fitted {
            let w = DisplayWidth.of(character)
            guard w > 0 else { continue }
            guard column + w <= x + limit else { break }
            if character != " ", (column..<(column + w)).contains(where: { cells[y * width + $0].width == 0 || cells[y * width + $0].character != " " }) {
                overlaps.append((column, y))
            }
            splitWideCharacter(at: column, y: y)
            splitWideCharacter(at: column + w, y: y)
            cells[y * width + column] = Cell(character: character, width: w, style: style, role: role)
            if w == 2 { cells[y * width + column + 1] = Cell(character: " ", width: 0, style: style, role: role) }
            column += w
        }
        return column - x
    }

    /// A wide character cut by a write starting at `x` (a box's edge over a CJK title): its other
    /// half becomes a blank, so no half is drawn and nothing after it moves.
    private mutating func splitWideCharacter(at x: Int, y: Int) {
        guard x > 0, x < width, cells[y * width + x].width == 0 else { return }
        let left = y * width + x - 1
        cells[left] = Cell(character: " ", width: 1, style: cells[left].style)
        cells[y * width + x] = Cell(character: " ", width: 1, style: cells[y * width + x].style)
    }

    /// Gives a run of cells a role (a title struck as done, a day of the calendar).
    public mutating func role(x: Int, y: Int, width w: Int, _ role: StyleRole) {
        guard y >= 0, y < height else { return }
        for column in max(0, x)..<min(width, x + w) { cells[y * width + column].role = role }
    }

    /// Sets `style` on a run of cells (a highlighted row).
    public mutating func style(x: Int, y: Int, width w: Int, _ style: CellStyle) {
        guard y >= 0, y < height else { return }
        for column in max(0, x)..<min(width, x + w) { cells[y * width + column].style.formUnion(style) }
    }

    /// The frame as plain text, one line per row, trailing spaces trimmed: what snapshots compare.
    public var text: String {
        (0..<height).map { y in
            var line = ""
            for x in 0..<width where self[x, y].width > 0 { line.append(self[x, y].character) }
            while line.hasSuffix(" ") { line.removeLast() }
            return line
        }.joined(separator: "\n")
    }
}
