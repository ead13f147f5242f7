import BoardModel
import BoardStore

/// Every write the screen makes, one store transaction each (ARCHITECTURE.md §6): one switch over
/// every `ScreenWrite`, with no default, each case saying what undo and redo call it and writing
/// it, side by side, so a new write doesn't compile until both are here.
extension BoardApp {
    /// Writes one intent through the store; returns where the focus goes and what undo and redo
    /// call it. The words are made before the write: a deleted card's title is gone after it.
    /// The caller records the intent's change set for undo.
    func carryOut(_ write: ScreenWrite) throws -> (landing: Landing, words: String) {
        let now = clock()
        func card(_ id: String) -> String { (try? store.cards.find(id)).map { "“\($0.title)”" } ?? "the card" }
        func template(_ id: String) -> String { state.snapshot.templateTitles[id].map { "“\($0)”" } ?? "the template" }
        func day(_ date: LocalDate) -> String { MonthName.due(date, nil, today: now.today) }
        /// `words`, evaluated before `write` runs, beside where the write lands.
        func named(_ words: String, _ write: () throws -> Landing) throws -> (landing: Landing, words: String) { (try write(), words) }

        switch write {
        case .add(let title, let bucket):
            return try named("add “\(title)” to \(bucket.title)") {
                .card(try store.cards.add(CardValues(title: title), bucket: bucket, remindBefore: state.config.remindBefore ?? 0, clock: now).id)
            }
        case .move(let id, let bucket, let position):
            let reorder = position != nil && (try? store.cards.find(id))?.bucket == bucket
            return try named(reorder ? "reorder \(card(id))" : "move \(card(id)) to \(bucket.title)") {
                try store.cards.move(id, to: bucket, position: position, clock: now)
                return .card(id)
            }
        case .toggleDone(let id, let completed):
            return try named("\(completed ? "complete" : "reopen") \(card(id))") {
                if completed { try store.cards.complete(id, clock: now) } else { try store.cards.reopen(id, clock: now) }
                return .card(id)
            }
        case .delete(let id):
            return try named("delete \(card(id))") {
                try store.cards.delete(id, clock: now)
                return .stay
            }
        case .edit(let id, let edit, let due):
            return try named("edit of \(card(id))") {
                try store.cards.edit(id, edit, due: due, clock: now)
                return .card(id)
            }
        case .reapply(let id, let fields):
            return try named("reapply of \(card(id))") {
                try store.cards.reapply(id, fields: fields, clock: now)
                return .card(id)
            }
        case .makeException(let id, let field):
            return try named("exception on \(card(id))") {
                try store.cards.makeException(id, field: field, clock: now)
                return .card(id)
            }

        case .createTemplate(let draft, let save):
            return try named("create template “\(draft.values.title)”") {
                let start = draft.start.flatMap { TemplateForm.requestedStart($0, today: now.today) }
                let template = try store.routines.add(draft.values, rule: draft.rule, times: draft.times, start: start, status: save.status,
                                                      remindBefore: state.config.remindBefore ?? 0, habitLinks: draft.habitLinks, clock: now)
                report(.done(.templateCreated(title: template.title, status: save.status)))
                return .template(template.id)
            }
        case .applyTemplateEdit(let plan, let save):
            return try named("edit of template “\(plan.propagation.newValues.title)”") {
                try store.routines.applyEdit(plan, status: save.status, clock: now) { done, total in
                    guard total > 100 else { return }
                    self.report(.progress(done: done, total: total))
                    self.drawNow?(view(self.state))
                }
                report(.done(.templateEditApplied(title: plan.propagation.newValues.title, occurrences: plan.propagation.count)))
                return .stay
            }
        case .pauseTemplate(let id):
            return try named("pause of \(template(id))") {
                try store.routines.pause(id, clock: now)
                report(.done(.paused(templateId: id)))
                return .stay
            }
        case .resumeTemplate(let id):
            return try named("resume of \(template(id))") {
                try store.routines.resume(id, clock: now)
                report(.done(.resumed(templateId: id)))
                return .stay
            }
        case .archiveTemplate(let id):
            return try named("archive of \(template(id))") {
                try store.routines.archive(id, clock: now)
                report(.done(.archived(templateId: id)))
                return .stay
            }
        case .skipNext(let id):
            return try named("skip of \(template(id))'s next") {
                let run = try store.routines.skipNext(id, clock: now)
                report(.done(.skipped(templateId: id, date: run.date, time: run.time)))
                return .stay
            }
        case .duplicateTemplate(let id):
            return try named("duplicate of \(template(id))") {
                // A routine another person shares is copied as the person's own draft (ARCHITECTURE.md §18).
                let shared = try store.reader.sharedRoutines().contains { $0.id == id }
                let copy = try shared ? store.routines.duplicateShared(id, clock: now) : store.routines.duplicate(id, clock: now)
                report(.done(.duplicated(title: copy.title)))
                return .template(copy.id)
            }

        case .toggleStep(let owner, let index):
            return try named("tick") {
                try store.checklists.toggle(index, of: owner, clock: now)
                return .stay
            }
        case .remindStep(let templateId, let step, let reminds):
            return try named("step reminder") {
                // An occurrence's step is the template's step of the same text.
                guard let index = try store.routines.overview(templateId, clock: now).template.checklist.firstIndex(where: { $0.text == step }) else {
                    throw BoardError("step", "“\(step.echoed)” is not a step of the routine's template")
                }
                try store.checklists.remind(index, ofTemplate: templateId, reminds, clock: now)
                report(.done(.stepReminds(step: step, reminds: reminds)))
                return .stay
            }
        case .editChecklist(.card(let id), let steps):
            return try named("checklist edit") {
                try store.cards.edit(id, CardEdit(checklist: steps), clock: now)
                return .stay
            }
        case .editChecklist(.routine(let templateId, _), let steps):
            return try named("checklist edit") {
                let plan = try store.routines.planEdit(templateId, TemplateEditRequest(fields: CardEdit(checklist: steps)), clock: now)
                try store.routines.applyEdit(plan, clock: now)
                return .stay
            }
        case .setHabitTarget(let habitId, let name, let target):
            return try named("target of “\(name)”") {
                _ = try store.habits.edit(habitId, target: target)
                report(.done(.targetSet(name: name, target: target.summary)))
                return .stay
            }
        case .addHabit(let name):
            return try named("add habit “\(name)”") {
                let habit = try store.habits.add(name, clock: now)
                report(.done(.habitAdded(name: habit.name)))
                return .stay
            }
        case .checkIn(let habitId, let name, let date, let source, let routineId):
            return try named("check-in of “\(name)”") {
                // The user's confirmation: the only way a habit entry is written.
                let entries = try store.habits.checkIn(habitId: habitId, day: date, source: source, routineId: routineId, clock: now)
                report(.done(.checkedIn(name: name, day: date, entries: entries)))
                return .stay
            }
        case .uncheck(let habitId, let name, let date):
            return try named("taking back “\(name)”") {
                try store.habits.uncheck(habitId: habitId, day: date)
                report(.done(.tookBack(name: name, day: date, entries: 0)))
                return .stay
            }
        case .takeBackOne(let habitId, let name, let date):
            return try named("taking back one “\(name)”") {
                let left = try store.habits.takeBack(1, habitId: habitId, day: date, clock: now)
                report(.done(.tookBack(name: name, day: date, entries: left)))
                return .stay
            }

        case .actOnPlannedRun(let templateId, let date, let time, let act):
            return try named("\(act == .complete ? "completing" : act == .make ? "making" : "moving") \(template(templateId)) on \(day(date))") {
                try store.agenda.act(onPlannedRun: templateId, date: date, time: time, act, clock: now)
                return .stay
            }
        case .skipPlannedRun(let templateId, let date, let time):
            return try named("skip of \(template(templateId)) on \(day(date))") {
                try store.agenda.skipPlannedRun(templateId: templateId, date: date, time: time, clock: now)
                return .stay
            }
        }
    }
}
