import BoardModel
import BoardStore

/// The board's update: a pure function of the state and an action, returning what the
/// runtime must do at the edge (ARCHITECTURE.md §6).
public func update(_ state: inout BoardState, _ action: Action) -> [Effect] {
    let before = state.mode
    var effects = answer(&state, action)
    // A card or template opened from another view (the Calendar, Stats) goes back to it when its
    // detail, form or editor closes.
    if case .normal = state.mode, let back = state.returnTo {
        switch before {
        case .detail, .editing, .templateForm, .propagation:
            state.returnTo = nil
            state.mode = back
            effects += back.refreshing
        default: break
        }
    }
    return effects
}

private func answer(_ state: inout BoardState, _ action: Action) -> [Effect] {
    // What every screen answers alike is answered once, here.
    switch action {
    case .reported(let report): return apply(report, to: &state)
    case .resize(let width, let height):
        resize(&state, width, height)
        return []
    case .redraw: return [.redraw]
    case .quit: return [.quit]
    case .pastedNowhere:
        state.message = "Nothing here takes text, so the paste was ignored: \(state.key(.startAdd)) adds a card, \(state.key(.startSearch)) searches."
        return []
    case .help:
        // Over whatever shows, which the help's closing key goes back to (a form keeps what was typed).
        if case .help = state.mode { break }
        state.mode = .help(scroll: helpScroll(state, over: state.mode), over: state.mode)
        return []
    default: break
    }
    return updateMode(&state, action)
}

extension Mode {
    /// What a view gone back to reads again: what was written meanwhile shows in it.
    var refreshing: [Effect] {
        switch self {
        case .calendar(let calendar): [.readCalendar(day: calendar.day, counts: true)]
        case .stats: [.openStats]
        default: []
        }
    }
}

/// The screen's own update, by mode.
private func updateMode(_ state: inout BoardState, _ action: Action) -> [Effect] {
    switch state.mode {
    case .normal: return updateNormal(&state, action)
    case .adding(var input): return updateAdding(&state, &input, action)
    case .searching(var input, let origin): return updateSearching(&state, &input, from: origin, action)
    case .editing(var form): return updateEditing(&state, &form, action)
    case .templateForm(var form): return updateTemplateForm(&state, &form, action)
    case .propagation(var dialog): return updatePropagation(&state, &dialog, action)
    case .detail(let field): return updateDetail(&state, field: field, action)
    case .checklist: return state.scope(ChecklistScreen.self) { updateChecklist(&$0, &$1, action) } ?? []
    case .habits: return state.scope(HabitsScreen.self) { updateHabits(&$0, &$1, action) } ?? []
    case .stats: return state.scope(StatsScreen.self) { updateStats(&$0, &$1, action) } ?? []
    case .calendar: return state.scope(CalendarScreen.self) { updateCalendar(&$0, &$1, action) } ?? []
    case .suggestion(let habits): return updateSuggestion(&state, action, returningTo: habits)
    case .help(let scroll, let under):
        // `fit` keeps the scroll within the help's lines.
        switch action {
        case .click: break
        case .moveFocus(_, let dy):
            state.mode = .help(scroll: max(0, scroll + dy), over: under)
        case .page(let step):
            state.mode = .help(scroll: max(0, scroll + step * state.helpPage), over: under)
        case .toEdge(let last):
            state.mode = .help(scroll: last ? Int.max : 0, over: under)
        default: state.mode = under
        }
        return []
    }
}

private func updateNormal(_ state: inout BoardState, _ action: Action) -> [Effect] {
    state.message = nil
    if let effects = updateRoutines(&state, action) { return effects }
    let columns = BoardState.columns
    switch action {
    case .moveFocus(let dx, let dy):
        let from = state.focus.column
        state.focus.column = min(max(0, state.focus.column + dx), columns.count - 1)
        state.focus.row += dy
        if state.focus.column != from, state.focus.column == BoardState.routinesColumn { state.focus.row = state.upcomingEarlier }
        state.clampFocus()
        keepFocusVisible(&state)
    case .page(let step):
        state.scrollRequest = .page(step)
    case .toEdge(let last):
        state.templateFocus = nil
        state.focus.row = last ? state.cards(in: state.focus.column).count - 1 : 0
        state.clampFocus()
        keepFocusVisible(&state)
    case .moveCard(let dx):
        guard let card = state.focusedCard else { return [] }
        let target = min(max(0, state.focus.column + dx), columns.count - 1)
        guard target != state.focus.column else { return [] }
        // Straight back to the column it came from: to its old place, not the end.
        let back = state.movedFrom.flatMap { $0.cardId == card.id && $0.column == target && state.activeQuery.isEmpty ? $0.row : nil }
        let position = back.map { min($0, state.cards(in: target).count) }
        state.movedFrom = state.activeQuery.isEmpty && target != BoardState.routinesColumn
            ? (card.id, state.focus.column, state.focus.row) : nil
        state.focus.column = target
        return [.write(.move(cardId: card.id, bucket: columns[target], position: position))]
    case .reorderCard(let dy):
        guard let card = state.focusedCard else { return [] }
        guard BoardState.columns[state.focus.column] != .routines else {
            state.message = "Upcoming is in date and time order: \(state.key(.reorderCard(dy: 1)))/\(state.key(.reorderCard(dy: -1))) reorder the other columns; \(state.key(.moveCard(dx: -1))) moves a run out of Routines."
            return []
        }
        guard state.activeQuery.isEmpty else {
            state.message = "Clear the filter (Esc) to reorder: the order is among all the cards."
            return []
        }
        let position = state.focus.row + dy
        guard state.cards(in: state.focus.column).indices.contains(position) else { return [] }
        state.focus.row = position
        return [.write(.move(cardId: card.id, bucket: card.bucket, position: position))]
    case .startAdd:
        state.mode = .adding(TextField())
        // A new card goes to the column's end: show the end, where its prompt is drawn.
        state.scrollRequest = .showEnd
    case .startEdit:
        guard let card = state.focusedCard else { return [] }
        state.mode = .editing(CardForm(card: card))
    case .openDetail, .enter:
        if state.focusedCard != nil { state.mode = .detail(field: 0) }
    case .toggleDone:
        guard let card = state.focusedCard else { return [] }
        return [.write(.toggleDone(cardId: card.id, completed: !card.isCompleted))]
    case .delete:
        guard let card = state.focusedCard else { return [] }
        state.message = "Deleted “\(card.title)”. \(state.key(.undo)) brings it back."
        return [.write(.delete(cardId: card.id))]
    case .undo: return [.undo]
    case .redo: return [.redo]
    case .startSearch:
        state.mode = .searching(TextField(state.filter), from: state.focusedCard?.id)
    case .nextMatch(let step):
        guard !state.filter.isEmpty else {
            state.message = "No search yet: \(state.key(.startSearch)) searches, then \(state.key(.nextMatch(1)))/\(state.key(.nextMatch(-1))) go from match to match."
            return []
        }
        jumpToMatch(&state, step: step)
    case .openHabits:
        return [.openHabits]
    case .openStats:
        return [.openStats]
    case .openCalendar:
        return [.readCalendar(day: state.calendarDay ?? state.snapshot.today, counts: true)]
    case .openChecklist, .startRun:
        guard let card = state.focusedCard else { return [] }
        return openChecklist(&state, .card(id: card.id), routineId: card.templateId, title: card.title, run: action == .startRun)
    case .escape:
        // Esc clears the filter; with none, it dismisses the reminders the status line leads with.
        if state.filter.isEmpty {
            state.dismissedReminders.formUnion(state.snapshot.dueReminders.map { $0.cardId + $0.instantKey })
        }
        state.filter = ""
        state.clampFocus()
        keepFocusVisible(&state)
    case .click(let x, let y):
        state.scrollRequest = .focusAt(x: x, y: y)
    case .tab(let step):
        return updateNormal(&state, .moveFocus(dx: step, dy: 0))
    case .type, .paste, .pastedNowhere, .answer, .backspace, .editText, .reported, .resize, .redraw, .quit, .help, .dialog, .suggestion, .form, .checklist, .habits, .stats, .calendar, .newTemplate, .pauseResume, .skipNext, .duplicate, .archive,
         .viewTemplate, .toggleArchived,
         .reapplyField, .reapplyAll, .makeException:
        break
    }
    return []
}

/// The propagation dialog: apply (the runtime shows progress, then returns to the board), cancel back
/// to the form with its edits, or toggle the overdue occurrences in.
private func updatePropagation(_ state: inout BoardState, _ dialog: inout PropagationDialog, _ action: Action) -> [Effect] {
    guard dialog.progress == nil else { return [] }
    guard case .dialog(let action) = action else { return [] }
    switch action {
    case .apply:
        state.mode = .propagation(dialog)
        return [.write(.applyTemplateEdit(dialog.chosenPlan, save: dialog.save))]
    case .cancel:
        state.mode = .templateForm(dialog.form)
        return []
    case .toggleOverdue:
        if dialog.overdue > 0 { dialog.includeOverdue.toggle() }
    }
    state.mode = .propagation(dialog)
    return []
}

private func updateAdding(_ state: inout BoardState, _ input: inout TextField, _ action: Action) -> [Effect] {
    if input.handle(action) {
        state.mode = .adding(input)
        return []
    }
    switch action {
    case .escape:
        state.mode = .normal
        state.message = nil
        keepFocusVisible(&state)
        return []
    case .enter:
        let title = input.text.trimmingCharacters(in: .whitespaces)
        guard !title.isEmpty else {
            state.message = "title: must not be empty (Esc cancels)"
            return []
        }
        // A title the store would refuse keeps the prompt open with what was typed, and says why.
        do throws(BoardError) {
            try TextLimits.check(title, field: .title, limit: TextLimits.title)
        } catch {
            state.message = "⚠ \(error.field): \(error.problem) (Esc cancels)"
            state.mode = .adding(input)
            return []
        }
        state.mode = .normal
        return [.write(.add(title: title, bucket: BoardState.columns[state.focus.column]))]
    default: break
    }
    state.mode = .adding(input)
    return []
}

private func updateSearching(_ state: inout BoardState, _ input: inout TextField, from origin: String?, _ action: Action) -> [Effect] {
    switch action {
    case .type, .paste, .backspace, .editText: _ = input.handle(action)
    case .escape:
        state.mode = .normal
        state.filter = ""
        if let origin { state.focus(cardId: origin) } else { state.clampFocus() }
        keepFocusVisible(&state)
        return []
    case .enter:
        state.mode = .normal
        state.filter = input.text
        state.clampFocus()
        keepFocusVisible(&state)
        return []
    default: break
    }
    state.mode = .searching(input, from: origin)
    landOnMatch(&state)
    state.clampFocus()
    keepFocusVisible(&state)
    return []
}

private func updateEditing(_ state: inout BoardState, _ form: inout CardForm, _ action: Action) -> [Effect] {
    if form.confirmingDiscard {
        guard case .answer(let drop) = action else { return [] }
        if Question.answerDrop(drop, asking: &form.confirmingDiscard, &state) { return [] }
        state.mode = .editing(form)
        return []
    }
    switch action {
    case .type, .paste, .backspace, .editText:
        // A field being corrected loses its old problem; the next save checks it again.
        if form.focusedInput.handle(action) { form.errors[form.field] = nil }
    case .tab(let step):
        focusField(&form, by: step)
    case .moveFocus(_, let step) where step != 0:
        focusField(&form, by: step)
    case .escape:
        guard form.isChanged else {
            state.mode = .normal
            return []
        }
        form.confirmingDiscard = true
    case .enter:
        switch form.edit(now: state.snapshot.now, weekStart: state.config.weekStart ?? .monday) {
        case .success(let (edit, due)):
            state.mode = .normal
            return [.write(.edit(cardId: form.cardId, edit, due: due))]
        case .failure(let errors):
            form.errors = errors.rows
            form.error = nil
        }
    default: break
    }
    state.mode = .editing(form)
    return []
}

/// The next or previous field of the card form; a number field's value is selected on the way in.
private func focusField(_ form: inout CardForm, by step: Int) {
    let rows = CardForm.Row.allCases
    form.field = rows[(form.field.rawValue + step + rows.count) % rows.count]
    if form.field.isNumber { form.focusedInput.selectAll() }
}

extension CardForm {
    /// The edit the form's fields describe, or every wrong field's problem under its row. Due and
    /// Time take words as the command line does (`DateWords`): a time without a date is today's
    /// while still ahead of `now`, else tomorrow's.
    func edit(now: LocalDateTime, weekStart: Weekday) -> Result<(CardEdit, FieldEdit<LocalDate>), CardFormErrors> {
        func trimmed(_ row: Row) -> String { self[row].trimmingCharacters(in: .whitespaces) }
        var errors: [Row: String] = [:]
        func check<T>(_ row: Row, _ parse: () throws -> T) -> T? {
            do { return try parse() } catch { errors[row] = (error as? BoardError)?.problem ?? "\(error)"; return nil }
        }
        if trimmed(.title).isEmpty { errors[.title] = "must not be empty" }
        let labels = trimmed(.labels).split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        let dueAndTime = check(.due) { try dueDate(now: now, weekStart: weekStart) }
        let due = dueAndTime.map { $0?.date }
        var time = check(.time) { try FieldRules.time(trimmed(.time)) }
        // The Due field may carry the time ("dec 3 at 9am"); one given in both must be the same.
        if let given = dueAndTime??.time, let typed = time {
            if let typed, typed != given { errors[.due] = "says \(given), the Time field \(typed); give the time once" } else { time = given }
        }
        let priority = check(.priority) { try FieldRules.priority(trimmed(.priority)) }
        let duration = check(.duration) { try FieldRules.duration(trimmed(.duration)) }
        guard errors.isEmpty, var due, let time, let priority, let duration else { return .failure(CardFormErrors(rows: errors)) }
        if due == nil, let time { due = DateWords.day(for: time, now: now) }
        let edit = CardEdit(title: trimmed(.title), description: self[.description], labels: labels, time: FieldEdit(time),
                            priority: priority, duration: FieldEdit(duration))
        return .success((edit, FieldEdit(due)))
    }

    /// The Due field's day and the time it gives, if any; nil when empty.
    private func dueDate(now: LocalDateTime, weekStart: Weekday) throws -> (date: LocalDate, time: LocalTime?)? {
        let text = self[.due].trimmingSpaces
        guard !text.isEmpty, text.lowercased() != "none" else { return nil }
        return try DateWords.dateTime(text, today: now.date, weekStart: weekStart, field: "due date")
    }

    /// What the Due field resolves to as typed, "→ Fri Nov 27" (with a time alone, the day it
    /// takes), shown under the row; nil while it reads as nothing or as an error.
    func dueHint(now: LocalDateTime, weekStart: Weekday) -> String? {
        guard let due = try? dueDate(now: now, weekStart: weekStart) else {
            guard self[.due].trimmingSpaces.isEmpty, let time = try? FieldRules.time(self[.time]) else { return nil }
            let day = DateWords.day(for: time, now: now)
            return "→ " + (day == now.date ? "today, " : "tomorrow, ") + MonthName.due(day, time, today: now.date)
        }
        return "→ " + MonthName.due(due.date, due.time ?? (try? FieldRules.time(self[.time])) ?? nil, today: now.date)
    }
}

private func resize(_ state: inout BoardState, _ width: Int, _ height: Int) {
    state.width = width
    state.height = height
    keepFocusVisible(&state)
}

private func keepFocusVisible(_ state: inout BoardState) { state.scrollRequest = .keepFocus }

/// Filter as you type: the focus lands on the first match when it is not on one, and the status
/// line says when nothing matches. Run again when the whole board's matches are read: a
/// keystroke is first filtered against the cards in hand.
func landOnMatch(_ state: inout BoardState) {
    if state.focusedCard == nil || !BoardState.matches(state.focusedCard!, state.activeQuery) {
        state.focus = Focus(column: 0, row: 0)
        if state.cards(in: 0).isEmpty { jumpToMatch(&state, step: 1) }
    }
}

/// What the status line says when no card matches `query`.
func noMatchSentence(_ query: String) -> String { "No card matches “\(query)”." }

/// Moves the focus to the next (or previous) card of the filtered board, in reading order.
private func jumpToMatch(_ state: inout BoardState, step: Int) {
    var all: [Focus] = []
    for column in BoardState.columns.indices {
        all += state.cards(in: column).indices.map { Focus(column: column, row: $0) }
    }
    guard !all.isEmpty else {
        state.message = noMatchSentence(state.activeQuery)
        return
    }
    // From a template row the next match is the first card (the previous, the last).
    let current = state.focusedTemplate != nil ? -step : all.firstIndex(of: state.focus) ?? -step
    state.templateFocus = nil
    state.focus = all[((current + step) % all.count + all.count) % all.count]
    keepFocusVisible(&state)
}
