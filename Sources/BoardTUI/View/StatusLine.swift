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
            described = Self.described(template, state)
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

    /// A template row in words, with the keys that work on it as bound: a routine another person
    /// shares offers only what can be done here, and says why the rest can't.
    private static func described(_ template: TemplateRow, _ state: BoardState) -> String {
        func keys(_ entries: [(Action, String)]) -> String {
            entries.map { "\(state.key($0.0)) \($0.1)" }.joined(separator: " · ")
        }
        if let owner = template.sharedBy {
            let kind = template.scheduled ? "Routine \(template.title), shared by \(owner), \(template.summary)" : "Checklist \(template.title), shared by \(owner), no schedule"
            return "\(kind). " + keys([(.openDetail, template.scheduled ? "opens today's run" : "opens today's list"), (.duplicate, "copies it as yours")])
                + "; only \(owner) changes it"
        }
        guard template.scheduled else {
            return "Checklist \(template.title), no schedule. "
                + keys([(.openDetail, "opens today's list"), (.startRun, "starts a run"), (.startEdit, "edit"), (.duplicate, "duplicate"), (.archive, "archive")])
        }
        let remaining = template.remaining.map { ", \($0) left" } ?? ""
        return "Template \(template.title), \(template.status.rawValue)\(remaining), \(template.summary). "
            + keys([(.startEdit, "edit"), (.pauseResume, "pause/resume"), (.skipNext, "skip next"), (.duplicate, "duplicate"), (.archive, "archive"),
                    (.newTemplate, "new")])
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
