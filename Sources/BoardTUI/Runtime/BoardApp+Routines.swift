import BoardModel
import BoardStore

/// Template intents at the edge: each is one store transaction, whose change set the caller
/// records for undo (a propagation's thousand cards included).
extension BoardApp {
    /// Plans a template edit, without and with the overdue occurrences; `update` then opens the
    /// dialog with the store's exact counts, or applies at once when no occurrence changes.
    func planTemplateEdit(_ id: String, _ draft: TemplateDraft, save: TemplateForm.Save, form: TemplateForm) throws {
        let now = clock()
        let plan = try store.routines.planEdit(id, Self.request(draft, includeOverdue: false), clock: now)
        let withOverdue = try store.routines.planEdit(id, Self.request(draft, includeOverdue: true), clock: now)
        report(.planned(plan, withOverdue: withOverdue, save: save, form: form))
    }

    static func request(_ draft: TemplateDraft, includeOverdue: Bool) -> TemplateEditRequest {
        let v = draft.values
        let fields = CardEdit(title: v.title, description: v.description, labels: v.labels, checklist: v.checklist,
                              time: FieldEdit(v.time), priority: v.priority, duration: FieldEdit(v.duration))
        var request = TemplateEditRequest(fields: fields, rule: draft.rule, start: draft.start, includeOverdue: includeOverdue,
                                          habitLinks: draft.habitLinks)
        request.times = .some(draft.times)
        return request
    }
}
