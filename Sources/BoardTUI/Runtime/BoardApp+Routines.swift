import BoardModel
import BoardStore

/// Template intents at the edge: each is one store transaction, whose change set the caller
/// records for undo (a propagation's thousand cards included).
extension BoardApp {
    /// Carries out a template intent; nil when `effect` is not one, else where the focus goes.
    func carryOutRoutine(_ effect: Effect, now: BoardClock) throws -> Landing? {
        switch effect {
        case .createTemplate(let draft, let save):
            let start = draft.start.flatMap { TemplateForm.requestedStart($0, today: now.today) }
            let template = try store.addTemplate(draft.values, rule: draft.rule, start: start, status: save.status,
                                                 remindBefore: state.config.remindBefore ?? 0, habitLinks: draft.habitLinks, clock: now)
            report(.done(.templateCreated(title: template.title, status: save.status)))
            return .template(template.id)
        case .applyTemplateEdit(let plan, let save):
            try store.applyTemplateEdit(plan, status: save.status, clock: now) { done, total in
                guard total > 100 else { return }
                self.report(.progress(done: done, total: total))
                self.drawNow?(view(self.state))
            }
            report(.done(.templateEditApplied(title: plan.propagation.newValues.title, occurrences: plan.propagation.count)))
        case .pauseTemplate(let id):
            try store.pauseTemplate(id, clock: now)
            report(.done(.paused(templateId: id)))
        case .resumeTemplate(let id):
            try store.resumeTemplate(id, clock: now)
            report(.done(.resumed(templateId: id)))
        case .archiveTemplate(let id):
            try store.archiveTemplate(id, clock: now)
            report(.done(.archived(templateId: id)))
        case .skipNext(let id):
            let date = try store.skipNext(id, clock: now)
            report(.done(.skipped(templateId: id, date: date)))
        case .duplicateTemplate(let id):
            let copy = try store.duplicateTemplate(id, clock: now)
            report(.done(.duplicated(title: copy.title)))
            return .template(copy.id)
        default:
            return nil
        }
        return .stay
    }

    /// Plans a template edit, without and with the overdue occurrences; `update` then opens the
    /// dialog with the store's exact counts, or applies at once when no occurrence changes.
    func planTemplateEdit(_ id: String, _ draft: TemplateDraft, save: TemplateForm.Save, form: TemplateForm) throws {
        let now = clock()
        let plan = try store.planTemplateEdit(id, Self.request(draft, includeOverdue: false), clock: now)
        let withOverdue = try store.planTemplateEdit(id, Self.request(draft, includeOverdue: true), clock: now)
        report(.planned(plan, withOverdue: withOverdue, save: save, form: form))
    }

    static func request(_ draft: TemplateDraft, includeOverdue: Bool) -> TemplateEditRequest {
        let v = draft.values
        let fields = CardEdit(title: v.title, description: v.description, labels: v.labels, checklist: v.checklist,
                              time: .some(v.time), priority: v.priority, duration: .some(v.duration))
        return TemplateEditRequest(fields: fields, rule: draft.rule, start: draft.start, includeOverdue: includeOverdue,
                                   habitLinks: draft.habitLinks)
    }
}
