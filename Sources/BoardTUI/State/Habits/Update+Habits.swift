import BoardModel

/// The Habits view's keys: ↑↓ habits, ←→ days, Space checks the day in (once more for a habit
/// with a target) or a daily habit's day out, `-` takes one back, `a` adds a habit,
/// Enter answers waiting suggestions, u/Ctrl-R undo and redo, Esc/q/g back to the board.
func updateHabits(_ state: inout BoardState, _ screen: inout HabitsScreen, _ action: Action) -> [Effect] {
    state.message = nil
    if var input = screen.adding, input.handle(action) {
        screen.adding = input
        return []
    }
    if var input = screen.targeting, input.handle(action) {
        screen.targeting = input
        return []
    }
    guard case .habits(let action) = action else { return [] }
    switch action {
    case .confirmName:
        let name = screen.adding?.text.trimmingSpaces ?? ""
        guard !name.isEmpty else {
            state.message = "name: must not be empty (Esc cancels)"
            return []
        }
        do throws(BoardError) {
            try TextLimits.check(name, field: "name", limit: TextLimits.habitName)
        } catch {
            state.message = "⚠ \(error.field): \(error.problem) (Esc cancels)"
            return []
        }
        // The prompt stays open for the next habit, as its help says (Esc stops).
        screen.adding = TextField()
        return [.write(.addHabit(name: name))]
    case .cancelName:
        screen.adding = nil
    case .setTarget:
        guard let habit = screen.focused else {
            state.message = "No habit yet: \(state.key(.habits(.add), on: .habits)) adds one."
            return []
        }
        screen.targeting = TextField(habit.target.summary)
    case .confirmTarget:
        guard let habit = screen.focused else { return [] }
        do throws(BoardError) {
            let target = try HabitTarget(phrase: screen.targeting?.text ?? "")
            screen.targeting = nil
            return [.write(.setHabitTarget(habitId: habit.id, name: habit.name, target: target))]
        } catch {
            // The prompt stays, with what was typed, until it reads or Esc stops it.
            state.message = "⚠ \(error.field): \(error.problem) (Esc cancels)"
        }
    case .cancelTarget:
        screen.targeting = nil
    case .move(let dx, let dy):
        screen.cursor += dy
        screen.day += dx
    case .toggleDay:
        guard let habit = screen.focused else {
            state.message = "No habit yet: \(state.key(.habits(.add), on: .habits)) adds one."
            return []
        }
        let day = habit.days[screen.day]
        // A daily habit is yes or no; one with a target counts, so Space adds one more.
        return habit.target == .daily && habit.checked[screen.day]
            ? [.write(.uncheck(habitId: habit.id, name: habit.name, day: day))]
            : [.write(.checkIn(habitId: habit.id, name: habit.name, day: day, source: .manual, routineId: nil))]
    case .takeBackOne:
        guard let habit = screen.focused, habit.checked[screen.day] else {
            state.message = "Nothing to take back on that day."
            return []
        }
        return [.write(.takeBackOne(habitId: habit.id, name: habit.name, day: habit.days[screen.day]))]
    case .add:
        screen.adding = TextField()
    case .answerSuggestions:
        if !state.runs.suggestions.isEmpty { state.mode = .suggestion(returningTo: screen) }
    case .undo:
        return [.undo]
    case .redo:
        return [.redo]
    case .leave:
        state.mode = .normal
    }
    return []
}
