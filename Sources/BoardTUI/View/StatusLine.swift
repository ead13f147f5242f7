import BoardModel

/// The board's status line: a message when there is one, else the focused card or template in
/// full words, for screen readers and for anyone whose column cuts the title. It wraps onto a
/// second line when it must (ARCHITECTURE.md §6).
enum StatusLine {
    static func text(_ state: BoardState) -> String {
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
        return CardText.reminders(state.snapshot.dueReminders) + described
    }

    /// Lines the status takes: two when it is wider than the screen (the board gives one up).
    static func lines(_ state: BoardState) -> Int {
        switch state.mode {
        case .adding, .searching, .checklist, .habits: return 1
        default: return DisplayWidth.of(text(state)) > state.width ? 2 : 1
        }
    }
}
