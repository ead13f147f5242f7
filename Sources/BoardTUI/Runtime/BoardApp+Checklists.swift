import BoardModel
import BoardStore

/// Checklist and habit intents at the edge: each is one store transaction, recorded for undo.
/// Routine runs and suggestions never reach this file's writes except through `store.habits.checkIn`, which
/// only a user's confirmation produces.
extension BoardApp {
    /// Reads a checklist and shows it; `execution` is the run just started on it.
    func openChecklist(_ owner: RoutineChecklist.Owner, execution: Int?) throws {
        let now = clock()
        var followsToday = false
        if case .routine(_, let day) = owner { followsToday = day == now.today }
        report(.checklistRead(try checklist(of: owner, now: now), execution: execution, followsToday: followsToday))
    }

    /// Reads the habits and shows the Habits view, `focusing` one of them.
    func openHabits(focusing: String?) throws {
        report(.habitsRead(try store.habits.list(clock: clock(), weekStart: state.config.weekStart ?? .monday).map(HabitRow.init), focusing: focusing))
    }

    /// Reads the stats and shows the Stats view.
    func openStats() throws {
        report(.statsRead(try store.stats.report(weeks: StatsLayout.weeks(width: state.width), weekStart: state.config.weekStart ?? .monday, clock: clock())))
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
            report(.habitsRead(try store.habits.list(clock: now, weekStart: state.config.weekStart ?? .monday).map(HabitRow.init), focusing: nil))
        case .calendar(let screen):
            try readCalendar(day: screen.day, counts: true)
        default:
            break
        }
    }

    private func checklist(of owner: RoutineChecklist.Owner, now: BoardClock) throws -> RoutineChecklist {
        switch owner {
        case .card(let id): try store.checklists.read(ofCard: id)
        case .routine(let templateId, let day): try store.checklists.read(ofRoutine: templateId, day: day, clock: now)
        }
    }
}
