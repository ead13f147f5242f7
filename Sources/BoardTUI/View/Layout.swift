import BoardModel
import BoardStore

/// Where things go on screen; `view` draws by it and `update` hit-tests clicks and scrolls by it.
public struct Layout: Sendable {
    public static let minWidth = 60
    public static let minHeight = 15

    public let width: Int
    public let height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    public var isTooSmall: Bool { width < Self.minWidth || height < Self.minHeight }

    /// Row 0 is the title bar, row 1 the column headers; the last two rows are the status and the key hints.
    public var bodyTop: Int { 2 }
    public var bodyBottom: Int { height - 3 }  // inclusive
    /// Routines (last) is wider: its cards carry chips and its templates a schedule.
    public var routinesWidth: Int {
        let usable = width - (BoardState.columns.count - 1)
        return max(usable / BoardState.columns.count, usable * 3 / 10)
    }
    public var columnWidth: Int { (width - (BoardState.columns.count - 1) - routinesWidth) / (BoardState.columns.count - 1) }
    public func width(of column: Int) -> Int { column == BoardState.columns.count - 1 ? routinesWidth : columnWidth }
    public func columnX(_ column: Int) -> Int { column * (columnWidth + 1) }

    /// Lines the Templates section takes at the top of the Routines column (at most a third of the body).
    public func templateLines(_ state: BoardState) -> Int {
        guard !state.templates.isEmpty else { return 0 }
        let wanted = 1 + state.templates.count * 2 + 1
        return min(wanted, max(3, (bodyBottom - bodyTop + 1) / 3))
    }

    /// The first body line of a column's cards.
    public func cardsTop(_ state: BoardState, column: Int) -> Int {
        column == BoardState.columns.count - 1 ? bodyTop + templateLines(state) + 1 : bodyTop
    }

    /// How many lines a card takes: title, details, and a line of chips for an occurrence.
    public static func height(of card: CardSummary) -> Int { card.templateId != nil ? 3 : 2 }

    /// A visible card: its index in the column and its first line.
    public struct Placed: Sendable {
        public let row: Int
        public let y: Int
        public let dayHeader: LocalDate?
    }

    /// The cards of a column that fit, from its scroll offset; Routines adds a header line per day.
    public func visible(_ state: BoardState, column: Int) -> [Placed] {
        let cards = state.cards(in: column)
        let routines = column == BoardState.columns.count - 1
        var y = cardsTop(state, column: column)
        var placed: [Placed] = []
        var lastDay: LocalDate?? = nil
        var row = state.scroll[column]
        while row < cards.count {
            let card = cards[row]
            var header: LocalDate?
            if routines {
                let day = card.occurrenceDate ?? card.dueDate
                if lastDay == nil || lastDay! != day {
                    header = day ?? LocalDate(dayNumber: Int.min / 4)
                    y += 1
                }
                lastDay = .some(day)
            }
            // The body's last line is kept for the "↓ N more" line.
            if y + Self.height(of: card) - 1 > bodyBottom - 1 { break }
            placed.append(Placed(row: row, y: y, dayHeader: header))
            y += Self.height(of: card)
            row += 1
        }
        return placed
    }

    /// The scroll offset that keeps `row` of `column` in view.
    public func scroll(_ state: BoardState, keeping row: Int, in column: Int) -> Int {
        var s = state
        if row < s.scroll[column] { return row }
        while !visible(s, column: column).contains(where: { $0.row == row }) && s.scroll[column] < row {
            s.scroll[column] += 1
        }
        return s.scroll[column]
    }

    /// The card under a mouse click, if any.
    public func card(at x: Int, y: Int, in state: BoardState) -> Focus? {
        let column = min(x / (columnWidth + 1), BoardState.columns.count - 1)
        guard x - columnX(column) < width(of: column) else { return nil }
        let cards = state.cards(in: column)
        for placed in visible(state, column: column) where y >= placed.y && y < placed.y + Self.height(of: cards[placed.row]) {
            return Focus(column: column, row: placed.row)
        }
        return nil
    }
}
