import BoardModel
import BoardStore

/// A refused write goes back to the screen it came from, with what was typed and why.
private func refuse(_ state: inout BoardState, _ refusal: Refusal) {
    switch refusal.from {
    case .editing(var form) where refusal.cardEdit:
        // A form opened from another view still goes back to it once saved.
        switch state.mode {
        case .calendar, .stats: state.returnTo = state.mode
        default: break
        }
        if refusal.cardGone {
            form.errors = [:]
            form.error = "This card was deleted elsewhere; nothing was saved. Esc closes the form."
        } else {
            form.refused(field: refusal.field, problem: refusal.problem, message: refusal.message)
        }
        state.mode = .editing(form)
        state.message = nil
    case .templateForm(var form):
        // Under the row of the field the store named, as the form's own checks put theirs.
        if let field = refusal.field, let problem = refusal.problem, let row = TemplateForm.row(of: field) {
            form.errors = [row: BoardError(field, problem).sentence]
            if form.rows.contains(row) { form.focus = row }
            state.message = nil
        } else {
            state.message = refusal.message
        }
        state.mode = .templateForm(form)
    case .propagation(let dialog):
        state.mode = .templateForm(dialog.form)
        state.message = refusal.message
    default:
        state.message = refusal.message
    }
}

/// A result the runtime fed back (ARCHITECTURE.md §6).
func apply(_ report: Report, to state: inout BoardState) -> [Effect] {
    switch report {
    case .fitted(let fitting):
        return state.take(fitting)
    case .configured(let config, let readOnly):
        state.config = config
        // Checked when the command started (a bad key setting stops it there).
        state.keymap = (try? BoardKeymap(config.keys)) ?? .standard
        state.readOnly = readOnly
    case .loaded(let snapshot, let focusing):
        let keepTemplate = state.focusedTemplate?.id
        let keep = focusing ?? state.focusedCard?.id
        let newDay = snapshot.today != state.snapshot.today
        // Said against the cards in hand while the keystroke waited for the whole board's matches.
        let saidNoMatch = state.message == noMatchSentence(state.activeQuery)
        let searched = snapshot.query != state.snapshot.query
        state.snapshot = snapshot
        // A new day: Upcoming starts at it again.
        if newDay { state.scroll[BoardState.routinesColumn] = state.upcomingEarlier }
        if let keepTemplate, focusing == nil, let row = state.templates.firstIndex(where: { $0.id == keepTemplate }) {
            state.templateFocus = row
        } else if let keep {
            state.templateFocus = nil
            state.focus(cardId: keep)
        } else {
            state.clampFocus()
        }
        if searched, case .searching = state.mode {
            if saidNoMatch { state.message = nil }
            landOnMatch(&state)
            state.clampFocus()
        }
        state.scrollRequest = .keepFocus
    case .newDay(let rollover, let ended):
        let said = [rollover?.sentence].compactMap { $0 } + ended.map(\.sentence)
        if !said.isEmpty { state.message = said.joined(separator: " · ") }
    case .read(let snapshot):
        state.snapshot = snapshot
        state.clampFocus()
        state.scrollRequest = .keepFocus
    case .done(let accomplished):
        if case .templateEditApplied = accomplished { state.mode = .normal }
        state.message = accomplished.sentence(state)
    case .refused(let refusal):
        refuse(&state, refusal)
    case .synced(let status):
        state.syncStatus = status
    case .templateRead(let overview):
        state.mode = .templateForm(TemplateForm(editing: overview, now: state.snapshot.now, weekStart: state.config.weekStart ?? .monday,
                                                habits: state.snapshot.habits))
    case .checklistRead(let checklist, let execution, let followsToday):
        state.mode = .checklist(ChecklistScreen(checklist: checklist, executionId: execution, followsToday: followsToday))
    case .checklistRefreshed(let checklist):
        state.scope(ChecklistScreen.self) { _, screen in
            screen.checklist = checklist
            screen.clampCursor()
        }
    case .checklistGone(let why):
        state.mode = .normal
        state.message = why
    case .habitsRead(let habits, let focusing):
        if state.scope(HabitsScreen.self, { _, screen in screen.habits = habits }) != nil { break }
        // A suggestion asked over the Habits view: the view it goes back to shows the entry just made.
        if case .suggestion(var screen?) = state.mode {
            screen.habits = habits
            screen.clampCursor()
            state.mode = .suggestion(returningTo: screen)
            break
        }
        var screen = HabitsScreen(habits: habits)
        if let focusing { screen.cursor = habits.firstIndex { $0.id == focusing } ?? 0 }
        state.mode = .habits(screen)
        let waiting = state.runs.suggestions.count
        if waiting > 0 { state.message = "\(waiting) waiting \(waiting == 1 ? "suggestion" : "suggestions"): \(state.key(.habits(.answerSuggestions), on: .habits)) answers." }
    case .statsRead(let stats):
        // Read again for the open view (coming back to it): the cursor stays on its row.
        var screen = StatsScreen(stats: stats)
        if case .stats(let open) = state.mode { screen.cursor = open.cursor; screen.move(0) }
        state.mode = .stats(screen)
    case .unfiltered(let title, let filter):
        state.filter = ""
        state.message = "“\(title)” no longer matches “\(filter)”: the filter is cleared so it stays in view."
    case .calendarRead(let day, let counts, let items):
        if state.scope(CalendarScreen.self, { _, screen in screen.show(counts: counts, items: items, for: day) }) == nil {
            state.mode = .calendar(CalendarScreen(day: day, weekStart: state.config.weekStart ?? .monday, counts: counts ?? [], items: items))
            state.calendarDay = day
        }
    case .cardShown(let snapshot, let id, let edit):
        let calendar: CalendarScreen? = if case .calendar(let screen) = state.mode { screen } else { nil }
        state.filter = ""
        state.snapshot = snapshot
        state.focus(cardId: id)
        state.scrollRequest = .keepFocus
        guard let card = state.focusedCard, card.id == id else {
            state.message = "That card is no longer on the board."
            break
        }
        state.returnTo = calendar.map(Mode.calendar)
        state.mode = edit ? .editing(CardForm(card: card)) : .detail(field: 0)
    case .progress(let done, let total):
        guard case .propagation(var dialog) = state.mode else { break }
        dialog.progress = .init(done: done, total: total)
        state.mode = .propagation(dialog)
    case .planned(let plan, let withOverdue, let save, let form):
        // Nothing to propagate: apply at once, no dialog.
        guard plan.propagation.count > 0 || !plan.removals.isEmpty || withOverdue.propagation.count > 0 else {
            return [.write(.applyTemplateEdit(plan, save: save))]
        }
        state.mode = .propagation(PropagationDialog(plan: plan, planWithOverdue: withOverdue, save: save, form: form))
    case .banner(let text):
        state.banner = text
    case .templateAdded(let id):
        state.focus.column = BoardState.routinesColumn
        if let row = state.templates.firstIndex(where: { $0.id == id }) { state.templateFocus = row }
    }
    return []
}
