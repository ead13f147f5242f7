import BoardModel
import BoardStore

/// Every write the screen makes, one store transaction each (ARCHITECTURE.md §6): one switch
/// over every effect, with no default, so a new effect doesn't compile until it is written here
/// or named as no write.
extension BoardApp {
    /// Writes one intent through the store; returns where the focus goes. The caller records the
    /// intent's change set for undo.
    func carryOut(_ effect: Effect) throws -> Landing {
        let now = clock()
        switch effect {
        case .add(let title, let bucket):
            return .card(try store.cards.add(CardValues(title: title), bucket: bucket, remindBefore: state.config.remindBefore ?? 0, clock: now).id)
        case .move(let id, let bucket, let position):
            try store.cards.move(id, to: bucket, position: position, clock: now)
            return .card(id)
        case .toggleDone(let id, let completed):
            if completed { try store.cards.complete(id, clock: now) } else { try store.cards.reopen(id, clock: now) }
            return .card(id)
        case .delete(let id):
            try store.cards.delete(id, clock: now)
        case .edit(let id, let edit, let due):
            try store.cards.edit(id, edit, due: due, clock: now)
            return .card(id)
        case .reapply(let id, let fields):
            try store.cards.reapply(id, fields: fields, clock: now)
            return .card(id)
        case .makeException(let id, let field):
            try store.cards.makeException(id, field: field, clock: now)
            return .card(id)

        case .createTemplate(let draft, let save):
            let start = draft.start.flatMap { TemplateForm.requestedStart($0, today: now.today) }
            let template = try store.routines.add(draft.values, rule: draft.rule, start: start, status: save.status,
                                                 remindBefore: state.config.remindBefore ?? 0, habitLinks: draft.habitLinks, clock: now)
            report(.done(.templateCreated(title: template.title, status: save.status)))
            return .template(template.id)
        case .applyTemplateEdit(let plan, let save):
            try store.routines.applyEdit(plan, status: save.status, clock: now) { done, total in
                guard total > 100 else { return }
                self.report(.progress(done: done, total: total))
                self.drawNow?(view(self.state))
            }
            report(.done(.templateEditApplied(title: plan.propagation.newValues.title, occurrences: plan.propagation.count)))
        case .pauseTemplate(let id):
            try store.routines.pause(id, clock: now)
            report(.done(.paused(templateId: id)))
        case .resumeTemplate(let id):
            try store.routines.resume(id, clock: now)
            report(.done(.resumed(templateId: id)))
        case .archiveTemplate(let id):
            try store.routines.archive(id, clock: now)
            report(.done(.archived(templateId: id)))
        case .skipNext(let id):
            let date = try store.routines.skipNext(id, clock: now)
            report(.done(.skipped(templateId: id, date: date)))
        case .duplicateTemplate(let id):
            // A routine another person shares is copied as the person's own draft (ARCHITECTURE.md §18).
            let shared = try store.reader.sharedRoutines().contains { $0.id == id }
            let copy = try shared ? store.routines.duplicateShared(id, clock: now) : store.routines.duplicate(id, clock: now)
            report(.done(.duplicated(title: copy.title)))
            return .template(copy.id)

        case .toggleStep(let owner, let index):
            try store.checklists.toggle(index, of: owner, clock: now)
        case .editChecklist(.card(let id), let steps):
            try store.cards.edit(id, CardEdit(checklist: steps), clock: now)
        case .editChecklist(.routine(let templateId, _), let steps):
            let plan = try store.routines.planEdit(templateId, TemplateEditRequest(fields: CardEdit(checklist: steps)), clock: now)
            try store.routines.applyEdit(plan, clock: now)
        case .addHabit(let name):
            let habit = try store.habits.add(name, clock: now)
            report(.done(.habitAdded(name: habit.name)))
        case .checkIn(let habitId, let name, let day, let source, let routineId):
            // The user's confirmation: the only way a habit entry is written.
            try store.habits.checkIn(habitId: habitId, day: day, source: source, routineId: routineId, clock: now)
            report(.done(.checkedIn(name: name, day: day)))
        case .uncheck(let habitId, let name, let day):
            try store.habits.uncheck(habitId: habitId, day: day)
            report(.done(.tookBack(name: name, day: day)))

        case .actOnPlannedRun(let templateId, let date, let act):
            try store.agenda.act(onPlannedRun: templateId, date: date, act, clock: now)
        case .skipPlannedRun(let templateId, let date):
            try store.agenda.skipPlannedRun(templateId: templateId, date: date, clock: now)

        case .undo, .redo, .quit, .redraw, .openTemplateEditor, .planTemplateEdit, .openChecklist, .openHabits, .openHabit,
             .openStats, .readCalendar, .showFromCalendar:
            // No writes of their own: `perform` answers them before a write is recorded.
            break
        }
        return .stay
    }
}
