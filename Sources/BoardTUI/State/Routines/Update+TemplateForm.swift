import BoardModel

/// The template editor's keys: type into text rows, Space/←→ on toggles, Tab between rows,
/// Enter to go on or save, Ctrl-D to remove a step, Esc to leave (asking when something would be lost).
func updateTemplateForm(_ state: inout BoardState, _ form: inout TemplateForm, _ action: Action) -> [Effect] {
    let row = form.focus
    switch action {
    case .answer(let drop) where form.confirmingDiscard:
        if Question.answerDrop(drop, asking: &form.confirmingDiscard, &state) { return [] }
    case _ where action.isTyping && row == .addStep && form.fields.steps.count >= TemplateForm.maxSteps:
        // Typing where no step can go explains, and writes nowhere else.
        state.message = "\(TemplateForm.maxSteps) of \(TemplateForm.maxSteps) steps, the limit: Ctrl-D on a step removes it."
    case .type, .paste, .backspace, .editText:
        if TemplateForm.isText(row) {
            edit(&form, row, action)
            // A field the user touched is no longer wrong until the next save says so.
            form.errors[row] = nil
        } else if action == .type(" ") {
            toggle(&form, row, by: 1)
        } else if action == .type("?") {
            // No text is typed here, so ? is the help, as on the board.
            state.mode = .help(scroll: helpScroll(state, over: .templateForm(form)), over: .templateForm(form))
            return []
        } else if case .paste = action {
            state.message = "This row is a choice, not text: the paste was ignored (Tab goes to a text row)."
        } else {
            state.message = "This row is a choice: Space or ←/→ changes it, Tab goes on; ? or F1 shows every key."
        }
    case .form(let action):
        if let effects = formAction(&state, &form, action) { return effects }
    default: break
    }
    form.clampFocus()
    state.mode = .templateForm(form)
    return []
}

/// The form's own actions; nil to stay in the form, else the effects once it is left.
private func formAction(_ state: inout BoardState, _ form: inout TemplateForm, _ action: FormAction) -> [Effect]? {
    let row = form.focus
    if form.confirmingDiscard { return nil }
    switch action {
    case .nextRow(let step):
        form.moveFocus(step)
    case .sideways(let dx):
        switch row {
        case _ where TemplateForm.isText(row): edit(&form, row, .editText(dx < 0 ? .left : .right))
        case .save: form.moveFocus(dx)
        case .weekdays:
            let all = Weekday.allCases
            form.weekdayCursor = all[((all.firstIndex(of: form.weekdayCursor)! + dx) % all.count + all.count) % all.count]
        default: toggle(&form, row, by: dx)
        }
    case .removeStep:
        if case .step(let i) = row {
            form.fields.steps.remove(at: i)
            if form.fields.stepHabits.indices.contains(i) { form.fields.stepHabits.remove(at: i) }
            form.errors = [:]
            form.clampFocus()
        }
    case .confirm:
        switch row {
        case .description:
            edit(&form, .description, .type("\n"))
        case .addStep:
            let text = form.fields.newStep.trimmingSpaces
            guard !text.isEmpty else { form.moveFocus(1); break }
            form.fields.steps.append(text)
            form.fields.stepHabits = form.fields.steps.indices.map { form.fields.stepHabits.indices.contains($0) ? form.fields.stepHabits[$0] : nil }
            form.fields.newStep = ""
        case .save(let save):
            switch form.draft() {
            case .failure(let errors):
                form.errors = errors.rows
                if let first = form.rows.first(where: { errors.rows[$0] != nil }) { form.focus = first }
            case .success(let draft):
                state.mode = .normal
                guard let id = form.templateId else { return [.write(.createTemplate(draft, save: save))] }
                return [.planTemplateEdit(templateId: id, draft, save: save, form: form)]
            }
        default:
            if TemplateForm.isText(row) { form.moveFocus(1) } else { toggle(&form, row, by: 1) }
        }
    case .linkHabit:
        // Ctrl-G on a step: no habit → each habit in turn → no habit.
        if case .step(let i) = row, !form.habits.isEmpty {
            form.fields.stepHabits = form.fields.steps.indices.map { form.fields.stepHabits.indices.contains($0) ? form.fields.stepHabits[$0] : nil }
            let ids: [String?] = [nil] + form.habits.map(\.id)
            let at = ids.firstIndex(of: form.fields.stepHabits[i]) ?? 0
            form.fields.stepHabits[i] = ids[(at + 1) % ids.count]
        } else if case .step = row {
            state.message = "No habits yet: add one in the Habits view (g) or with board habit add."
        }
    case .leave:
        guard form.isDirty else {
            state.mode = .normal
            return []
        }
        form.confirmingDiscard = true
    }
    return nil
}

/// Typing in a text row, through the form's one text field.
private func edit(_ form: inout TemplateForm, _ row: TemplateForm.Row, _ action: Action) {
    _ = form.type(action)
}

/// Space, Enter or ←/→ on a toggle row: cycle a choice, or toggle the weekday under the cursor.
private func toggle(_ form: inout TemplateForm, _ row: TemplateForm.Row, by step: Int) {
    func cycled<T: Equatable>(_ value: T, in all: [T]) -> T {
        let i = all.firstIndex(of: value) ?? 0
        return all[((i + step) % all.count + all.count) % all.count]
    }
    switch row {
    case .repeats:
        form.fields.repeats = cycled(form.fields.repeats, in: form.repeatChoices)
        if [.weekly, .everyNWeeks].contains(form.fields.repeats), form.fields.weekdays.isEmpty {
            form.fields.weekdays = [(LocalDate(iso: form.fields.starts) ?? form.today).weekday]
        }
        form.errors = [:]
    case .weekdays:
        form.fields.weekdays.formSymmetricDifference([form.weekdayCursor])
    case .ordinal:
        let all = TemplateForm.ordinals.map(\.0)
        form.fields.ordinal = cycled(form.fields.ordinal, in: all)
    case .weekday:
        form.fields.weekday = cycled(form.fields.weekday, in: Weekday.allCases)
    case .ending:
        form.fields.ending = cycled(form.fields.ending, in: TemplateForm.Ending.allCases)
        form.errors = [:]
    default: break
    }
}
