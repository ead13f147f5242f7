import BoardModel
import BoardStore

/// The Routines keys of the board: the Templates section's actions, an occurrence's quick actions,
/// and the focus moving between templates and cards. nil: not a routines action, `update` goes on.
func updateRoutines(_ state: inout BoardState, _ action: Action) -> [Effect]? {
    let routines = BoardState.routinesColumn
    switch action {
    case .newTemplate:
        state.mode = .templateForm(TemplateForm(now: state.snapshot.now, weekStart: state.config.weekStart ?? .monday,
                                                    habits: state.snapshot.habits))
        return []
    case .toggleArchived:
        state.showArchived.toggle()
        state.message = state.showArchived ? "Archived templates shown (\(state.key(.toggleArchived)) hides them)." : "Archived templates hidden (\(state.key(.toggleArchived)) shows them)."
        state.clampFocus()
        return []
    case .moveFocus(let dx, let dy) where state.focus.column == routines && dx == 0:
        if let row = state.templateFocus {
            if row + dy < 0 { return [] }
            if row + dy < state.templates.count {
                state.templateFocus = row + dy
            } else {
                state.templateFocus = nil
                state.focus.row = 0
                state.scrollRequest = .keepFocus
            }
            return []
        }
        guard dy < 0, state.focus.row == 0, !state.templates.isEmpty else { return nil }
        state.templateFocus = state.templates.count - 1
        return []
    case .moveFocus(let dx, _) where dx != 0:
        state.templateFocus = nil
        if state.focus.column + dx == routines, state.cards(in: routines).isEmpty, !state.templates.isEmpty {
            state.focus.column = routines
            state.templateFocus = 0
            return []
        }
        return nil
    default:
        break
    }
    if let template = state.focusedTemplate { return templateAction(&state, template, action) }
    if let card = state.focusedCard, card.isOccurrence { return occurrenceAction(&state, card, action) }
    switch action {
    case .pauseResume, .skipNext, .duplicate, .archive, .viewTemplate:
        state.message = "Focus a template (↑ from Upcoming) or an occurrence for this."
        return []
    default:
        return nil
    }
}

/// Edit, Pause/Resume, Duplicate, Archive, Skip Next on the focused template row.
private func templateAction(_ state: inout BoardState, _ template: TemplateRow, _ action: Action) -> [Effect]? {
    if let owner = template.sharedBy { return sharedAction(&state, template, owner: owner, action) }
    switch action {
    case .openDetail, .enter, .openChecklist, .startRun:
        if !template.scheduled {
            // A checklist routine opens on today's list; only S starts a run.
            return openChecklist(&state, .routine(templateId: template.id, day: state.snapshot.today), routineId: template.id,
                                 title: template.title, run: action == .startRun)
        }
        guard action == .openDetail || action == .enter else {
            state.message = "“\(template.title)” runs on a schedule: open one of its occurrences (C) or start it there (S)."
            return []
        }
        return [.openTemplateEditor(templateId: template.id)]
    case .startEdit:
        return [.openTemplateEditor(templateId: template.id)]
    case .pauseResume:
        switch template.status {
        case .active: return [.write(.pauseTemplate(templateId: template.id))]
        case .paused, .draft: return [.write(.resumeTemplate(templateId: template.id))]
        default:
            state.message = "“\(template.title)” is archived; \(state.key(.duplicate)) duplicates it into a new draft."
            return []
        }
    case .skipNext: return [.write(.skipNext(templateId: template.id))]
    case .duplicate: return [.write(.duplicateTemplate(templateId: template.id))]
    case .archive: return [.write(.archiveTemplate(templateId: template.id))]
    case .delete:
        state.message = "Templates are archived, not deleted: \(state.key(.archive)) archives “\(template.title)”."
        return []
    case .toggleDone:
        state.message = "A template is never done: \(state.key(.archive)) archives “\(template.title)”, \(state.key(.pauseResume)) pauses it; \(state.key(.toggleDone)) completes one of its occurrences."
        return []
    case .moveCard:
        state.message = "“\(template.title)” stays in Routines: \(state.key(.moveCard(dx: -1))) and \(state.key(.moveCard(dx: 1))) move its occurrences, one by one."
        return []
    case .reorderCard:
        state.message = "Templates are listed in the order they were made: “\(template.title)” keeps its place."
        return []
    case .viewTemplate:
        state.message = "This is the template “\(template.title)”: \(state.key(.startEdit)) opens its editor."
        return []
    default:
        return nil
    }
}

/// A routine another person shares: its list opens and ticks on this device; every key that would
/// change it says whose it is (ARCHITECTURE.md §18).
private func sharedAction(_ state: inout BoardState, _ template: TemplateRow, owner: String, _ action: Action) -> [Effect]? {
    switch action {
    case .openDetail, .enter, .openChecklist:
        // A scheduled one opens today's run's list; its ticks are this device's, per day, as with one's own.
        let today = state.snapshot.today
        if !template.scheduled || state.snapshot.sharedRuns.contains(where: { $0.routineId == template.id && $0.date == today }) {
            return [.openChecklist(.routine(templateId: template.id, day: today), execution: nil)]
        }
        let next = template.nextRun.map { "; its next is " + MonthName.due($0, template.time, today: today) } ?? ""
        state.message = "\(template.title) has no run today\(next): a run's list opens on its day."
        return []
    case .duplicate:
        // A copy of one's own, a draft: the shared routine stays as it is.
        return [.write(.duplicateTemplate(templateId: template.id))]
    case .startEdit, .pauseResume, .skipNext, .archive, .delete, .toggleDone, .moveCard,
         .reorderCard, .viewTemplate, .startRun:
        state.message = "\(template.title) is shared by \(owner): only \(owner) can change it."
        return []
    default:
        return nil
    }
}

/// Opens a checklist; with `run`, starts a run of its routine first (in memory only).
func openChecklist(_ state: inout BoardState, _ owner: RoutineChecklist.Owner, routineId: String?, title: String, run: Bool) -> [Effect] {
    guard run else { return [.openChecklist(owner, execution: nil)] }
    guard let routineId else {
        state.message = "Only a routine can be started; “\(title)” has no template."
        return []
    }
    return [.openChecklist(owner, execution: startRun(&state, routineId: routineId, title: title))]
}

/// Starts a run of a routine today, in memory only; returns its id.
func startRun(_ state: inout BoardState, routineId: String, title: String) -> Int {
    state.message = "Started “\(title)”. \(state.key(.checklist(.finishRun), on: .checklist)) finishes it."
    return state.runs.start(routineId: routineId, title: title, day: state.snapshot.today, at: state.snapshot.now).id
}

/// View Template and Skip Next on an occurrence.
private func occurrenceAction(_ state: inout BoardState, _ card: CardSummary, _ action: Action) -> [Effect]? {
    switch action {
    case .viewTemplate:
        jumpToTemplate(&state, card)
        return []
    case .skipNext:
        let template = state.snapshot.templates.first { $0.id == card.templateId }
        guard let next = template?.nextRun, next == card.occurrenceDate else {
            let when = template?.nextRun.map { " (\(MonthName.due($0, nil, today: state.snapshot.today)))" } ?? ""
            state.message = "\(state.key(.skipNext)) skips the template's next occurrence\(when); \(state.key(.delete)) deletes this one."
            return []
        }
        return [.write(.skipNext(templateId: card.templateId!))]
    case .pauseResume, .duplicate, .archive:
        state.message = "That acts on a template: \(state.key(.viewTemplate)) jumps to this occurrence's template."
        return []
    default:
        return nil
    }
}

/// Focuses the template of an occurrence in the Templates section.
func jumpToTemplate(_ state: inout BoardState, _ card: CardSummary) {
    if state.snapshot.templates.first(where: { $0.id == card.templateId })?.status == .archived { state.showArchived = true }
    guard let row = state.templates.firstIndex(where: { $0.id == card.templateId }) else {
        state.message = "Its template is not among the templates listed."
        return
    }
    state.mode = .normal
    state.focus.column = BoardState.routinesColumn
    state.templateFocus = row
}

/// The detail of a card: for an occurrence, a cursor over its fields to reset (`r`), freeze (`m`), or
/// reapply all (`R`); for another card, ↑↓ scroll it.
func updateDetail(_ state: inout BoardState, field: Int, _ action: Action) -> [Effect] {
    let fields = CardField.allCases
    guard let card = state.focusedCard else {
        state.mode = .normal
        return []
    }
    let current = fields[min(max(0, field), fields.count - 1)]
    if card.templateId == nil, [.reapplyField, .reapplyAll, .makeException].contains(action) {
        state.message = "Only an occurrence of a template has template fields."
        return []
    }
    switch action {
    case .moveFocus(_, let dy) where !card.isOccurrence:
        state.mode = .detail(field: max(0, field + dy))  // `fit` keeps it within the card's lines
    case .moveFocus(_, let dy):
        state.mode = .detail(field: min(max(0, field + dy), fields.count - 1))
    case .reapplyField:
        guard card.exceptions.contains(current) else {
            state.message = "\(current.label) is not customized; m makes it an exception."
            return []
        }
        return [.write(.reapply(cardId: card.id, fields: [current]))]
    case .reapplyAll:
        guard !card.exceptions.isEmpty else {
            state.message = "Nothing is customized: the occurrence follows its template."
            return []
        }
        return [.write(.reapply(cardId: card.id, fields: nil))]
    case .makeException:
        guard !card.exceptions.contains(current) else {
            state.message = "\(current.label) is already customized; r reapplies the template's."
            return []
        }
        return [.write(.makeException(cardId: card.id, field: current))]
    case .startEdit:
        state.mode = .normal
        return update(&state, .startEdit)
    case .viewTemplate:
        if card.isOccurrence { jumpToTemplate(&state, card) }
        state.scrollRequest = .keepFocus
    case .undo:
        return [.undo]
    case .redo:
        return [.redo]
    default:
        state.mode = .normal
    }
    return []
}

extension CardField {
    /// The field's name as the detail shows it.
    public var label: String {
        switch self {
        case .title: "Title"
        case .description: "Description"
        case .labels: "Labels"
        case .checklist: "Checklist"
        case .bucket: "Bucket"
        case .time: "Time"
        case .priority: "Priority"
        case .duration: "Duration"
        }
    }
}
