import BoardModel

/// The board's status line: a message when there is one, else the focused card or template in
/// full words, for screen readers and for anyone whose column cuts the title. It wraps onto a
/// second line when it must (ARCHITECTURE.md §6).
enum StatusLine {
    static func text(_ state: BoardState) -> String {
        (state.syncStatus.map { $0 + " · " } ?? "") + described(state)
    }

    private static func described(_ state: BoardState) -> String {
        if let message = state.message { return message }
        let described: String
        if let template = state.focusedTemplate {
            let remaining = template.remaining.map { ", \($0) left" } ?? ""
            described = template.scheduled
                ? "Template \(template.title), \(template.status.rawValue)\(remaining), \(template.summary). e edit · p pause/resume · s skip next · c duplicate · A archive · t new"
                : "Checklist \(template.title), no schedule. Enter opens today's list · S starts a run · e edit · c duplicate · A archive"
        } else if let card = state.focusedCard {
            described = CardText.described(card, bucket: BoardState.columns[state.focus.column],
                                           templateTitle: card.templateId.flatMap { state.snapshot.templateTitles[$0] },
                                           overdue: state.snapshot.isOverdue(card), zone: state.snapshot.zone,
                                           today: state.snapshot.today)
        } else if state.snapshot.columns.values.allSatisfy({ $0.total == 0 }) && state.snapshot.templates.isEmpty {
            described = "The board is empty: a adds a card here, t makes a routine template."
        } else {
            described = "\(BoardState.columns[state.focus.column].title) is empty."
        }
        return CardText.reminders(state.shownReminders) + described
    }

    /// The status as the board shows it, on one or two rows (the second taken from the board,
    /// the last ending in "…" if even two are not enough); nil where a screen writes its own
    /// (the add prompt, search, a checklist, the Habits view).
    static func rows(_ state: BoardState) -> [String]? {
        switch state.mode {
        case .adding, .searching, .checklist, .habits, .stats: return nil
        default:
            let wrapped = DisplayWidth.wrap(text(state), to: state.width)
            guard wrapped.count > 2 else { return wrapped }
            // The cut row keeps the rest of the sentence, so Frame.put ends it in "…".
            return [wrapped[0], wrapped[1...].joined(separator: " ")]
        }
    }
}
