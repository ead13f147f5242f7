import BoardModel

/// The checklist's keys. Read-only: ↑↓ move, Space/Enter tick, `e` edits, `S` starts a run,
/// `F` finishes it, `X` discards it, Esc leaves (finishing a run in progress). Editing: type a
/// step on the Add step row and Enter, `d` removes a step after a y in the status line, Esc stops.
func updateChecklist(_ state: inout BoardState, _ screen: inout ChecklistScreen, _ action: Action) -> [Effect] {
    // Like the board's, a message lasts until the next key.
    state.message = nil
    let owner = screen.checklist.owner
    let texts = screen.checklist.steps.map(\.text)
    if action.isTyping, screen.isOnAddRow {
        _ = screen.newStep.handle(action)
        return []
    }
    if case .answer(let remove) = action, let removing = screen.confirmingRemoval {
        guard let remove else {
            state.message = Question.removeStepHowToAnswer
            return []
        }
        screen.confirmingRemoval = nil
        guard remove, texts.indices.contains(removing) else {
            state.message = "Kept the step."
            return []
        }
        state.message = "Removed step \(removing + 1) “\(texts[removing])”. \(state.key(.checklist(.undo), on: .checklist)) brings it back."
        return [.write(.editChecklist(owner, steps: texts.enumerated().filter { $0.offset != removing }.map(\.element)))]
    }
    guard case .checklist(let action) = action else { return [] }
    switch action {
    case .move(let step):
        screen.cursor += step
        screen.clampCursor()
    case .addStep:
        let text = screen.newStep.text.trimmingSpaces
        guard screen.isOnAddRow, !text.isEmpty else { return [] }
        do {
            try Checklist.validate(texts + [text])
        } catch {
            state.message = "\(error)"
            return []
        }
        screen.newStep = TextField()
        screen.cursor = texts.count + 1
        return [.write(.editChecklist(owner, steps: texts + [text]))]
    case .explainLimit:
        state.message = "\(Checklist.maxSteps) of \(Checklist.maxSteps) steps, the limit: nothing is added. ↑ then \(state.key(.checklist(.removeStep), on: .checklist)) removes a step to make room."
    case .removeStep:
        guard screen.editing, texts.indices.contains(screen.cursor) else { return [] }
        screen.confirmingRemoval = screen.cursor
        state.message = Question.removeStep(screen.cursor + 1, texts[screen.cursor])
    case .toggleEditing:
        screen.editing.toggle()
        screen.newStep = TextField()
        // Editing starts where typing goes: the Add step row (or the limit row when full).
        if screen.editing { screen.cursor = screen.checklist.steps.count }
        screen.clampCursor()
        state.message = screen.editing
            ? (screen.checklist.isFull ? "Editing: \(state.key(.checklist(.removeStep), on: .checklist)) removes a step; 10 of 10 steps, the limit."
                : "Editing: type a step on the Add step row, Enter adds it; \(state.key(.checklist(.removeStep), on: .checklist)) removes a step.")
            : nil
    case .tick:
        guard !screen.editing, texts.indices.contains(screen.cursor) else { return [] }
        // A run remembers the steps ticked while it lasts: only their habits are suggested.
        if let run = screen.executionId {
            state.runs.noteTick(run, step: texts[screen.cursor], done: !screen.checklist.steps[screen.cursor].done)
        }
        return [.write(.toggleStep(owner, index: screen.cursor))]
    case .toggleReminder:
        guard !screen.editing, screen.checklist.steps.indices.contains(screen.cursor) else { return [] }
        let step = screen.checklist.steps[screen.cursor]
        guard let templateId = screen.checklist.templateId else {
            state.message = "Only a routine's step can remind; this card has no template."
            return []
        }
        do throws(BoardError) {
            try Checklist.checkReminds(step.text)
        } catch {
            state.message = error.problem + "."
            return []
        }
        return [.write(.remindStep(templateId: templateId, step: step.text, reminds: !step.reminds))]
    case .startRun:
        guard screen.executionId == nil else {
            state.message = "This routine is already running: \(state.key(.checklist(.finishRun), on: .checklist)) finishes it."
            return []
        }
        guard let routineId = screen.checklist.templateId else {
            state.message = "Only a routine can be started; this card has no template."
            return []
        }
        screen.executionId = startRun(&state, routineId: routineId, title: screen.checklist.title)
    case .finishRun:
        guard screen.executionId != nil else {
            state.message = "No run in progress: \(state.key(.checklist(.startRun), on: .checklist)) starts one."
            return []
        }
        leaveChecklist(&state, &screen)
    case .discardRun:
        guard let id = screen.executionId else { return [] }
        state.runs.discard(id)
        screen.executionId = nil
        state.message = "Run discarded: no suggestion, nothing recorded."
    case .leave:
        if screen.editing {
            screen.editing = false
            screen.newStep = TextField()
            screen.clampCursor()
            state.message = nil
        } else {
            leaveChecklist(&state, &screen)
        }
    case .undo:
        return [.undo]
    case .redo:
        return [.redo]
    }
    return []
}

/// Leaves the checklist; a run in progress finishes, and its habit suggestions are asked one by one.
private func leaveChecklist(_ state: inout BoardState, _ screen: inout ChecklistScreen) {
    state.mode = .normal
    guard let id = screen.executionId else { return }
    screen.executionId = nil
    state.runs.finish(id, steps: screen.checklist.steps, checkedIn: state.snapshot.habitsMetToday)
    state.message = "Finished “\(screen.checklist.title)”."
    // Its suggestions, and any left waiting before, are asked now.
    if !state.runs.suggestions.isEmpty { state.mode = .suggestion(returningTo: nil) }
}

/// The suggestion prompt: y confirms (the day's entry, source routine), n dismisses, Esc keeps the
/// rest for later (the Habits view asks them again). Neither n nor Esc leaves a trace.
func updateSuggestion(_ state: inout BoardState, _ action: Action, returningTo habits: HabitsScreen?) -> [Effect] {
    let back: Mode = habits.map { .habits($0) } ?? .normal
    guard let suggestion = state.runs.suggestions.first else {
        state.mode = back
        return []
    }
    guard case .suggestion(let action) = action else { return [] }
    switch action {
    case .confirm:
        state.runs.answer()
        if state.runs.suggestions.isEmpty { state.mode = back }
        return [.write(.checkIn(habitId: suggestion.habitId, name: suggestion.habitName, day: suggestion.day, source: .routine,
                         routineId: suggestion.routineId))]
    case .dismiss:
        state.runs.answer()
        state.message = "Dismissed."
        if state.runs.suggestions.isEmpty { state.mode = back }
    case .later:
        state.mode = back
        let n = state.runs.suggestions.count
        state.message = "\(n) \(n == 1 ? "suggestion waits" : "suggestions wait"): the Habits view (g) asks again."
    }
    return []
}
