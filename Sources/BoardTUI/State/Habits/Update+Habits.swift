import BoardModel

/// The Habits view's keys: ↑↓ habits, ←→ days, Space checks the day in or out, `a` adds a habit,
/// Enter answers waiting suggestions, u/Ctrl-R undo and redo, Esc/q/g back to the board.
func updateHabits(_ state: inout BoardState, _ screen: inout HabitsScreen, _ action: Action) -> [Effect] {
    defer { if case .habits = state.mode { screen.clampCursor(); state.mode = .habits(screen) } }
    state.message = nil
    if var input = screen.adding {
        switch action {
        case .type, .backspace, .editText: _ = input.handle(action)
        case .escape:
            screen.adding = nil
            return []
        case .enter:
            let name = input.text.trimmingSpaces
            guard !name.isEmpty else {
                state.message = "name: must not be empty (Esc cancels)"
                return []
            }
            screen.adding = nil
            return [.addHabit(name: name)]
        default: break
        }
        screen.adding = input
        return []
    }
    switch action {
    case .moveFocus(let dx, let dy):
        screen.cursor += dy
        screen.day += dx
    case .tab(let step):
        screen.cursor += step
    case .type("j"), .type("k"):
        screen.cursor += action == .type("j") ? 1 : -1
    case .type("h"), .type("l"):
        screen.day += action == .type("l") ? 1 : -1
    case .type(" "), .type("x"):
        guard let habit = screen.focused else {
            state.message = "No habit yet: a adds one."
            return []
        }
        let day = habit.days[screen.day]
        return habit.checked[screen.day]
            ? [.uncheck(habitId: habit.id, name: habit.name, day: day)]
            : [.checkIn(habitId: habit.id, name: habit.name, day: day, source: .manual, routineId: nil)]
    case .type("a"):
        screen.adding = TextField()
    case .enter:
        if !state.runs.suggestions.isEmpty { state.mode = .suggestion(returningTo: screen) }
    case .type("u"), .undo:
        return [.undo]
    case .redo:
        return [.redo]
    case .escape, .type("q"), .type("g"), .openHabits:
        state.mode = .normal
    case .help:
        state.mode = .help(scroll: 0)
    default:
        break
    }
    return []
}
