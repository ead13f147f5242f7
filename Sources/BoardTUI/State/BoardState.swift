import BoardModel
import BoardStore

/// Which card has the focus: a column (bucket) and an index in that column's items.
public struct Focus: Hashable, Sendable {
    public var column: Int
    public var row: Int
    public init(column: Int, row: Int) {
        self.column = column
        self.row = row
    }
}


/// The card form (`e`): one field at a time has the focus.
public struct CardForm: Hashable, Sendable {
    /// The form's rows, in the order they are shown: moving one moves its label, value and checks together.
    public enum Row: Int, CaseIterable, Hashable, Sendable {
        case title, description, labels, due, time, priority, duration

        public var label: String {
            switch self {
            case .title: "Title"
            case .description: "Description"
            case .labels: "Labels"
            case .due: "Due date"
            case .time: "Time"
            case .priority: "Priority"
            case .duration: "Duration"
            }
        }

        /// The field a refusal names when it is this row's (the command line's `--due` too).
        public var field: Field {
            switch self {
            case .title: .title
            case .description: .description
            case .labels: .labels
            case .due: .due
            case .time: .time
            case .priority: .priority
            case .duration: .duration
            }
        }

        /// Priority and Duration: their value is selected when focused, so typing replaces it.
        public var isNumber: Bool { self == .priority || self == .duration }
    }

    public let cardId: String
    /// Each row's text field, by `Row.rawValue`.
    public var inputs: [TextField]
    public var field = Row.title
    /// Each wrong field's problem, shown under its row.
    public var errors: [Row: String] = [:]
    /// A refusal of the whole edit (the card was deleted elsewhere), shown under the rows.
    public var error: String?
    /// The values the form opened with: Esc asks before dropping a change to them.
    public let original: [String]
    /// "Drop your changes? y/n" is asked: the next key answers it.
    public var confirmingDiscard = false

    /// The form of a card, filled with its values.
    public init(card: CardSummary) {
        self.init(cardId: card.id, values: [
            card.title, card.description, card.labels.joined(separator: ", "), card.dueDate?.iso ?? "",
            card.dueTime?.description ?? "", String(card.priority), card.durationMin.map(String.init) ?? "",
        ])
    }

    public init(cardId: String, values: [String]) {
        self.cardId = cardId
        self.inputs = values.map(TextField.init)
        original = values
    }

    /// Whether a field differs from what the form opened with.
    public var isChanged: Bool { values != original }

    /// Each field's text, in `Row` order.
    public var values: [String] { inputs.map(\.text) }

    /// A row's text.
    public subscript(row: Row) -> String { inputs[row.rawValue].text }

    /// The focused row's text field.
    public var focusedInput: TextField {
        get { inputs[field.rawValue] }
        set { inputs[field.rawValue] = newValue }
    }

    /// Puts a refusal from the store under the row of the field it names, if it names one.
    public mutating func refused(field: Field?, problem: String?, message: String) {
        if let field, let problem, let row = Row.allCases.first(where: { $0.field == field }) {
            errors = [row: problem]
            error = nil
        } else {
            errors = [:]
            error = message
        }
    }
}

/// The card form's wrong fields, by row.
public struct CardFormErrors: Error, Hashable, Sendable {
    public let rows: [CardForm.Row: String]
}

public enum Mode: Hashable, Sendable {
    case normal
    case adding(TextField)
    /// Typing a filter; Esc clears it and goes back to the card focused before (`from`).
    case searching(TextField, from: String?)
    /// Every key, from the key-binding tables; `scroll` is the first line shown.
    /// The keys, over the screen they were asked from: any key but the scrolling ones goes back to it.
    indirect case help(scroll: Int, over: Mode)
    /// The focused card's detail; `field` is the cursor among the template fields of an
    /// occurrence, and for any other card the first line shown.
    case detail(field: Int)
    case editing(CardForm)
    case templateForm(TemplateForm)
    case propagation(PropagationDialog)
    /// A checklist: read-only, ticking, editing its steps, or a routine run.
    case checklist(ChecklistScreen)
    /// The Habits view: last 14 days and streaks.
    case habits(HabitsScreen)
    /// The oldest waiting suggestion, asked one at a time; then back to the Habits view it was
    /// asked from, or to the board.
    case suggestion(returningTo: HabitsScreen?)
    /// The Stats view: per template and habit, charts with their words.
    case stats(StatsScreen)
    /// The Calendar: a month grid beside the focused day's agenda.
    case calendar(CalendarScreen)
}

/// The whole state of the board screen. `update` changes it; `view` draws it.
public struct BoardState: Sendable {
    public var snapshot: BoardSnapshot
    public var focus = Focus(column: 0, row: 0)
    public var mode = Mode.normal
    /// The committed search: cards not matching are hidden in every column.
    public var filter = ""
    public var message: String?
    /// Where sync stands, in words ("Synced 12:03", "Offline — 5 changes waiting"); nil without a server.
    public var syncStatus: String?
    public var width: Int
    public var height: Int
    /// The first visible item of each column.
    public var scroll = Array(repeating: 0, count: Bucket.allCases.count)
    /// Scrolling `update` asked for, carried out by the runtime's `fit` before the next frame.
    public var scrollRequest: ScrollRequest?
    /// Lines a page of the help scrolls by, as `fit` last laid the help out.
    public internal(set) var helpPage = 1
    /// The focused row of the Templates section, when the focus is there rather than on a card.
    public var templateFocus: Int?
    /// Archived templates are listed only when asked for (`z`).
    public var showArchived = false
    /// Routine runs and the suggestions they left: in memory only, gone when the board closes.
    public var runs = RoutineRuns()
    /// config.toml's settings the screen follows: the week start of phrases, "remind before" of new cards and templates.
    public var config = BoardConfig()
    /// The board's file may only be read: shown in the title bar, every write refused in words.
    public var readOnly = false
    /// A sentence the title bar keeps: the demo says its board is a throwaway.
    public var banner: String?
    /// The board's keys in force: the table's, with config.toml's `key_<action>` over them.
    public var keymap = BoardKeymap.standard
    /// The reminders Esc dismissed from the status line (by claim key): a new one shows again.
    public var dismissedReminders: Set<String> = []
    /// The reminders the status line leads with: those due in the last hour, less the dismissed.
    public var shownReminders: [Reminder] { snapshot.dueReminders.filter { !dismissedReminders.contains($0.cardId + $0.instantKey) } }
    /// The day the Calendar last showed: `v` opens it there again.
    public var calendarDay: LocalDate?
    /// The view a card or template was opened from (the Calendar's Enter or e, Stats' Enter):
    /// closing its detail, form or editor goes back to it.
    public var returnTo: Mode?
    /// Where the last H/L took a card from: moving it straight back puts it where it was.
    public var movedFrom: (cardId: String, column: Int, row: Int)?

    public init(snapshot: BoardSnapshot, width: Int, height: Int) {
        self.snapshot = snapshot
        self.width = width
        self.height = height
        scroll[Self.routinesColumn] = snapshot.columns[.routines]?.earlier ?? 0
    }

    /// How many Upcoming cards are dated before today: the column starts after them, and the
    /// focus lands on today's first when it enters the column.
    public var upcomingEarlier: Int { snapshot.query == activeQuery ? snapshot.columns[.routines]?.earlier ?? 0 : 0 }

    /// The key in force for an action of a screen, as a message names it ("\(state.key(.undo)) brings it back").
    public func key(_ action: Action, on screen: KeyScreen = .board) -> String { keymap.said(action, on: screen) }

    public static let columns = Bucket.allCases
    /// The Routines column (templates and Upcoming), by its bucket.
    public static let routinesColumn = columns.firstIndex(of: .routines)!

    /// The cards a column shows: the snapshot's window when it was read for the current
    /// search, else the window's cards that match (until the runtime reads the board again).
    public func cards(in column: Int) -> ColumnCards {
        let window = snapshot.columns[Self.columns[column]] ?? ColumnWindow(total: 0, count: 0, offset: 0, cards: [])
        let query = activeQuery
        guard query != snapshot.query else { return ColumnCards(window: window, filtered: nil) }
        return ColumnCards(window: window, filtered: window.cards.filter { query.isEmpty || Self.matches($0, query) })
    }

    /// The typed query while searching, else the committed filter.
    public var activeQuery: String {
        if case .searching(let input, _) = mode { return input.text }
        return filter
    }

    static func matches(_ card: CardSummary, _ query: String) -> Bool {
        CardSearch.matches(title: card.title, labels: card.labels, query: query)
    }

    /// The templates the Templates section lists: archived ones only when asked for, and only
    /// those whose title matches the search, like the cards.
    public var templates: [TemplateRow] {
        let query = activeQuery
        return snapshot.templates.filter {
            (showArchived || $0.status != .archived) && (query.isEmpty || CardSearch.matches(title: $0.title, labels: [], query: query))
        }
    }

    /// The focused template row, when the focus is in the Templates section.
    public var focusedTemplate: TemplateRow? {
        guard focus.column == Self.routinesColumn, let row = templateFocus, templates.indices.contains(row) else { return nil }
        return templates[row]
    }

    /// The focused card, if the focused column has one (and the focus is not on a template).
    public var focusedCard: CardSummary? {
        guard focusedTemplate == nil else { return nil }
        let cards = self.cards(in: focus.column)
        guard cards.indices.contains(focus.row), !cards[focus.row].id.isEmpty else { return nil }
        return cards[focus.row]
    }

    /// Keeps the focus on an existing card after the board changed.
    public mutating func clampFocus() {
        if let row = templateFocus { templateFocus = templates.isEmpty || focus.column != Self.routinesColumn ? nil : min(row, templates.count - 1) }
        focus.column = min(max(0, focus.column), Self.columns.count - 1)
        focus.row = min(max(0, focus.row), max(0, cards(in: focus.column).count - 1))
    }

    /// Focuses the card with `id`, wherever it now is among the cards read.
    public mutating func focus(cardId id: String) {
        templateFocus = nil
        for column in Self.columns.indices {
            if let row = cards(in: column).loadedIndex(of: id) {
                focus = Focus(column: column, row: row)
                return
            }
        }
        clampFocus()
    }
}

/// A column's cards by index, all of them counted, only a window of them read.
public struct ColumnCards: RandomAccessCollection, Sendable {
    let window: ColumnWindow
    let filtered: [CardSummary]?

    public var startIndex: Int { 0 }
    public var endIndex: Int { filtered?.count ?? window.count }

    /// The card at `row`, or a stand-in while its window is not read yet.
    public subscript(row: Int) -> CardSummary {
        if let filtered { return filtered[row] }
        let i = row - window.offset
        return window.cards.indices.contains(i) ? window.cards[i] : .loading(in: window.cards.first?.bucket ?? .thisWeek)
    }

    func loadedIndex(of id: String) -> Int? {
        if let filtered { return filtered.firstIndex { $0.id == id } }
        return window.cards.firstIndex { $0.id == id }.map { $0 + window.offset }
    }
}
