import BoardModel
import BoardStore

/// Checklist and habit intents at the edge: each is one store transaction, recorded for undo.
/// Routine runs and suggestions never reach this file's writes except through `checkIn`, which
/// only a user's confirmation produces.
extension BoardApp {
    /// Opens a checklist or the Habits view, read from the store.
    func open(_ effect: Effect) throws {
        let now = clock()
        switch effect {
        case .openChecklist(let owner, let execution):
            var followsToday = false
            if case .routine(_, let day) = owner { followsToday = day == now.today }
            report(.checklistRead(try checklist(of: owner, now: now), execution: execution, followsToday: followsToday))
        case .openHabits, .openHabit:
            var focusing: String?
            if case .openHabit(let id) = effect { focusing = id }
            report(.habitsRead(try store.habits(clock: now).map(HabitRow.init), focusing: focusing))
        case .openStats:
            report(.statsRead(try store.stats(weeks: StatsLayout.weeks(width: state.width), weekStart: state.config.weekStart ?? .monday, clock: now)))
        default:
            break
        }
    }

    /// Carries out a checklist or habit intent; false when `effect` is not one.
    func carryOutChecklist(_ effect: Effect, now: BoardClock) throws -> Bool {
        switch effect {
        case .toggleStep(let owner, let index):
            try store.toggleStep(index, of: owner, clock: now)
        case .editChecklist(.card(let id), let steps):
            try store.editTask(id, CardEdit(checklist: steps), clock: now)
        case .editChecklist(.routine(let templateId, _), let steps):
            let plan = try store.planTemplateEdit(templateId, TemplateEditRequest(fields: CardEdit(checklist: steps)), clock: now)
            try store.applyTemplateEdit(plan, clock: now)
        case .addHabit(let name):
            let habit = try store.addHabit(name, clock: now)
            report(.done(.habitAdded(name: habit.name)))
        case .checkIn(let habitId, let name, let day, let source, let routineId):
            try store.checkIn(habitId: habitId, day: day, source: source, routineId: routineId, clock: now)
            report(.done(.checkedIn(name: name, day: day)))
        case .uncheck(let habitId, let name, let day):
            try store.uncheck(habitId: habitId, day: day)
            report(.done(.tookBack(name: name, day: day)))
        default:
            return false
        }
        return true
    }

    /// Reads the open checklist or Habits view again: after a write, another process's commit,
    /// or a new day (today's list of a routine without a schedule is then a fresh one).
    func refreshScreen() throws {
        let now = clock()
        switch state.mode {
        case .checklist(let screen):
            var owner = screen.checklist.owner
            if case .routine(let id, _) = owner, screen.followsToday { owner = .routine(templateId: id, day: now.today) }
            do {
                report(.checklistRefreshed(try checklist(of: owner, now: now)))
            } catch {
                // The card or routine went (undo of its creation, another process): back to the board.
                report(.checklistGone("\(error)"))
            }
        case .habits, .suggestion(returningTo: .some):
            report(.habitsRead(try store.habits(clock: now).map(HabitRow.init), focusing: nil))
        case .calendar(let screen):
            try readCalendar(day: screen.day, counts: true)
        default:
            break
        }
    }

    private func checklist(of owner: RoutineChecklist.Owner, now: BoardClock) throws -> RoutineChecklist {
        switch owner {
        case .card(let id): try store.checklist(ofCard: id)
        case .routine(let templateId, let day): try store.checklist(ofRoutine: templateId, day: day, clock: now)
        }
    }
}
