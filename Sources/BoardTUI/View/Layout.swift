import BoardModel
import BoardStore
import Foundation

/// Where things go on screen for one state; `view` draws by it and `update` hit-tests clicks
/// and scrolls by it. Column widths follow ARCHITECTURE.md §6 "Columns".
public struct Layout: Sendable {
    public static let minWidth = 60
    public static let minHeight = 15

    public let width: Int
    public let height: Int
    /// Each column's width in cells; a one-cell border stands between neighbours.
    public let columnWidths: [Int]
    /// The board's status rows (one, or two when it wraps); nil where a screen writes its own.
    let status: [String]?
    /// How many rows the status takes from the bottom of the screen.
    public var statusLines: Int { max(1, status?.count ?? 1) }

    public init(_ state: BoardState) {
        width = state.width
        height = state.height
        columnWidths = Self.columnWidths(state)
        status = StatusLine.rows(state)
    }

    public static func isTooSmall(width: Int, height: Int) -> Bool { width < minWidth || height < minHeight }
    public var isTooSmall: Bool { Self.isTooSmall(width: width, height: height) }

    /// Row 0 is the title bar, row 1 the column headers; the last rows are the status (one or
    /// two) and the key hints.
    public var bodyTop: Int { 2 }
    public var bodyBottom: Int { height - 2 - statusLines }  // inclusive
    public func width(of column: Int) -> Int { columnWidths[column] }
    public func columnX(_ column: Int) -> Int { columnWidths.prefix(column).reduce(0) { $0 + $1 + 1 } }

    /// "Next Month (4)", or "Next Month (2/4)" while a filter hides some.
    public static func header(_ state: BoardState, column: Int) -> String {
        header(state, column: column, shown: state.cards(in: column).count)
    }

    /// "This Week (12)"; Routines counts its runs, and says so where it has room ("Routines (14 runs)").
    private static func header(_ state: BoardState, column: Int, shown: Int, compact: Bool = false, unit: Bool = true) -> String {
        let bucket = BoardState.columns[column]
        let total = state.snapshot.columns[bucket]?.total ?? 0
        let count = { compact ? Self.compact($0) : "\($0)" }
        let runs = unit && bucket == .routines ? (total == 1 ? " run" : " runs") : ""
        // While the search index is read, a column's matches are not counted yet: "…/250".
        let matches = state.snapshot.searchPending && state.activeQuery != state.snapshot.query ? "…" : count(shown)
        return "\(bucket.title) (\(shown == total && matches != "…" ? count(total) : "\(matches)/\(count(total))")\(runs))"
    }

    /// The header in `width` cells, its count never cut: the count in full, else as "2.5k", else
    /// the title cut with "…" before the count.
    public static func header(_ state: BoardState, column: Int, width: Int) -> String {
        let shown = state.cards(in: column).count
        let full = header(state, column: column, shown: shown)
        if DisplayWidth.of(full) <= width { return full }
        let plain = header(state, column: column, shown: shown, unit: false)
        if DisplayWidth.of(plain) <= width { return plain }
        let compact = header(state, column: column, shown: shown, compact: true, unit: false)
        if DisplayWidth.of(compact) <= width { return compact }
        let title = BoardState.columns[column].title
        let count = String(compact.dropFirst(title.count + 1))  // "(2.5k)"
        let room = width - DisplayWidth.of(count) - 1
        return room >= 2 ? DisplayWidth.truncate(title, to: room) + " " + count : count
    }

    /// A count in at most four characters: 999, 2.5k, 25k, 250k, 2.5M (rounded down, never up).
    public static func compact(_ n: Int) -> String {
        switch n {
        case ..<1_000: "\(n)"
        case ..<10_000: "\(n / 1_000).\(n % 1_000 / 100)k"
        case ..<1_000_000: "\(n / 1_000)k"
        default: "\(n / 1_000_000).\(n % 1_000_000 / 100_000)M"
        }
    }

    /// A column with cards is at least this wide: "[ ] " and a word of nine letters.
    static let minCardColumn = 14

    /// Every column is first as wide as its header (a column with cards at least 14), so no
    /// header is cut while the screen allows; what is left is shared by weight: a column with
    /// cards 1, Routines 2 more (its templates carry schedules), the focused column 2 more. An
    /// empty column keeps its header's width.
    static func columnWidths(_ state: BoardState) -> [Int] {
        let columns = BoardState.columns.indices, routines = BoardState.routinesColumn
        let usable = state.width - (BoardState.columns.count - 1)
        // Each column's cards counted once (under a search, counting filters them).
        let counts = columns.map { state.cards(in: $0).count }
        let minimums = columns.map {
            max(counts[$0] == 0 ? 8 : minCardColumn, DisplayWidth.of(header(state, column: $0, shown: counts[$0])))
        }
        var widths: [Int]
        let needed = minimums.reduce(0, +)
        if needed >= usable {
            widths = minimums.map { max(1, usable * $0 / needed) }
        } else {
            let weights = columns.map { column in
                (counts[column] == 0 && !(column == routines && !state.templates.isEmpty) ? 0 : 1)
                    + (column == routines ? 2 : 0) + (column == state.focus.column ? 2 : 0)
            }
            let total = max(1, weights.reduce(0, +)), extra = usable - needed
            widths = columns.map { minimums[$0] + extra * weights[$0] / total }
        }
        // Cells lost to rounding go to the focused column.
        widths[state.focus.column] += usable - widths.reduce(0, +)
        return widths
    }

    /// Lines the Templates section takes at the top of the Routines column (at most a third of
    /// the body): its header, two lines per template, and a line for "↓ more" when not all fit;
    /// one line for "(no match)" when the search hides them all.
    public func templateLines(_ state: BoardState) -> Int {
        guard !state.templates.isEmpty else { return state.snapshot.templates.isEmpty || state.activeQuery.isEmpty ? 0 : 1 }
        let wanted = 1 + state.templates.count * 2 + 1
        return min(wanted, max(4, (bodyBottom - bodyTop + 1) / 3))
    }

    /// The first body line of a column's cards.
    public func cardsTop(_ state: BoardState, column: Int) -> Int {
        column == BoardState.routinesColumn ? bodyTop + templateLines(state) + 1 : bodyTop
    }

    /// A card's lines in a column `width` wide, drawn after the focus marker: its title (wrapped,
    /// at most three lines), its details when it has any, and its chips when it is an occurrence.
    /// Under Upcoming's day headings (`dayHeaded`) a card's date goes without saying: its time and
    /// other details share the line of its chips, so a run takes its title and one line.
    public static func lines(of card: CardSummary, width: Int, overdue: Bool, zone: TimeZone?, today: LocalDate,
                             templateTitle: String?, dayHeaded: Bool = false) -> (title: [String], rest: [String]) {
        var rest: [String] = []
        if CardText.hasDetails(card, overdue: overdue, dateShown: !dayHeaded) {
            rest.append(" " + CardText.details(card, overdue: overdue, zone: zone, today: today, dateShown: !dayHeaded))
        }
        if card.isOccurrence {
            let chips = CardText.chips(card, templateTitle: templateTitle)
            if dayHeaded, let details = rest.popLast() { rest.append(details + " · " + chips) } else { rest.append(" " + chips) }
        }
        return (CardText.titleLines(card, width: width - 1), rest)
    }

    /// How many lines a card takes in `column` (without building its details' text).
    public func height(of card: CardSummary, in state: BoardState, column: Int) -> Int {
        let dayHeaded = column == BoardState.routinesColumn
        let details = CardText.hasDetails(card, overdue: state.snapshot.isOverdue(card), dateShown: !dayHeaded)
        return CardText.titleLines(card, width: width(of: column) - 1).count
            + (card.isOccurrence ? (dayHeaded ? 1 : (details ? 1 : 0) + 1) : (details ? 1 : 0))
    }

    /// A visible card: its index in the column and its first line.
    public struct Placed: Sendable {
        public let row: Int
        public let y: Int
        public let height: Int
        public let dayHeader: LocalDate?
    }

    /// The cards of a column that fit, from its scroll offset; Routines adds a header line per day.
    /// A column scrolled down gives its first line to "↑ N more".
    public func visible(_ state: BoardState, column: Int) -> [Placed] {
        let cards = state.cards(in: column)
        let routines = column == BoardState.routinesColumn
        var y = cardsTop(state, column: column) + (state.scroll[column] > 0 ? 1 : 0)
        var placed: [Placed] = []
        // The day of the card above, once there is one (an undated card's day is nil).
        var dayAbove: (day: LocalDate?, seen: Bool) = (nil, false)
        var row = state.scroll[column]
        while row < cards.count {
            let card = cards[row]
            var header: LocalDate?
            if routines {
                let day = card.occurrenceDate ?? card.dueDate
                if !dayAbove.seen || dayAbove.day != day {
                    header = day ?? LocalDate(dayNumber: Int.min / 4)
                    y += 1
                }
                dayAbove = (day, true)
            }
            let height = height(of: card, in: state, column: column)
            // The body's last line is kept for the "↓ N more" line.
            if y + height - 1 > bodyBottom - 1 { break }
            placed.append(Placed(row: row, y: y, height: height, dayHeader: header))
            y += height
            row += 1
        }
        return placed
    }

    /// The line below a column's last visible card: where a card being added appears.
    public func endOfCards(_ state: BoardState, column: Int) -> Int {
        visible(state, column: column).last.map { $0.y + $0.height } ?? cardsTop(state, column: column)
    }

    /// The furthest a column scrolls: its last page, the least scroll that shows its last card, so
    /// the column is full to the end and never a card under "↑ N more" over empty rows — but
    /// Upcoming may always start at today, the days before it above.
    public func lastPage(_ state: BoardState, column: Int) -> Int {
        var s = state
        s.scroll[column] = 0
        let last = scroll(s, keeping: max(0, state.cards(in: column).count - 1), in: column)
        return column == BoardState.routinesColumn ? min(max(last, state.upcomingEarlier), max(0, state.cards(in: column).count - 1)) : last
    }

    /// The column's scroll, no further than its last page. A column scrolled less than its count
    /// less the most cards the body can hold is within it for certain (a card takes a line at
    /// least), so only a column near its end is measured: keeping every column in range costs
    /// a focus key nothing on a long board.
    public func scrollWithinLastPage(_ state: BoardState, column: Int) -> Int {
        let scroll = state.scroll[column]
        guard scroll > state.cards(in: column).count - (bodyBottom - bodyTop + 1) else { return scroll }
        return min(scroll, lastPage(state, column: column))
    }

    /// The scroll offset that keeps `row` of `column` in view: the least one from the current that shows it.
    public func scroll(_ state: BoardState, keeping row: Int, in column: Int) -> Int {
        var s = state
        if row < s.scroll[column] { return row }
        // Every card takes a line at least: the scroll that shows `row` is no less than this.
        var low = max(s.scroll[column], row - (bodyBottom - bodyTop)), high = row
        // Scrolling one card further never shows fewer rows below (the card left gave back at
        // least the line "↑ more" or the next day's header takes), so the offsets that show `row`
        // are all those from the least one on: found by halving, not one offset at a time.
        while low < high {
            let middle = (low + high) / 2
            s.scroll[column] = middle
            if visible(s, column: column).contains(where: { $0.row == row }) { high = middle } else { low = middle + 1 }
        }
        return low
    }

    /// The column under screen column `x`, or nil on a border.
    public func column(at x: Int) -> Int? {
        BoardState.columns.indices.first { x >= columnX($0) && x < columnX($0) + width(of: $0) }
    }

    /// The card under a mouse click, if any.
    public func card(at x: Int, y: Int, in state: BoardState) -> Focus? {
        guard let column = column(at: x) else { return nil }
        for placed in visible(state, column: column) where y >= placed.y && y < placed.y + placed.height {
            return Focus(column: column, row: placed.row)
        }
        return nil
    }
}
