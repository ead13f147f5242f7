import BoardModel

/// The Stats view's keys: ↑↓ choose a row, Enter opens its template (the editor) or habit (the
/// Habits view), Esc, q or i back to the board.
func updateStats(_ state: inout BoardState, _ screen: inout StatsScreen, _ action: Action) -> [Effect] {
    state.message = nil
    guard case .stats(let action) = action else { return [] }
    switch action {
    case .move(let dy):
        screen.move(dy)
    case .open:
        switch screen.focused {
        case .template(let s):
            state.returnTo = .stats(screen)
            return [.openTemplateEditor(templateId: s.id)]
        case .habit(let h): return [.openHabit(habitId: h.id)]
        case nil: state.message = "Nothing to open yet."
        }
    case .leave:
        state.mode = .normal
    }
    return []
}
