import Foundation

/// `update` and then `fit`: one step of the screen, as the runtime takes it.
public func step(_ state: inout BoardState, _ action: Action) -> [Effect] {
    var effects = update(&state, action)
    if let next = fit(&state) { effects += step(&state, next) }
    return effects
}

/// Fits the state to the screen after `update` (ARCHITECTURE.md §6): carries out the scrolling it
/// asked for by the layout, keeps a box's scroll within its lines, and notes the help's page for
/// the next step. A page returns the focus move it makes, for `update` to take.
func fit(_ state: inout BoardState) -> Action? {
    switch state.mode {
    case .help(let scroll, let under):
        let box = helpBox(state)
        state.helpPage = max(1, box.room - 1)
        state.mode = .help(scroll: min(max(0, scroll), box.maxScroll), over: under)
    case .detail(let field) where state.focusedCard?.isOccurrence == false:
        state.mode = .detail(field: min(max(0, field), detailBox(state)?.maxScroll ?? 0))
    default: break
    }
    guard let request = state.scrollRequest else { return nil }
    state.scrollRequest = nil
    let layout = Layout(state), column = state.focus.column
    guard !layout.isTooSmall else { return nil }
    switch request {
    case .keepFocus:
        for column in state.scroll.indices { state.scroll[column] = layout.scrollWithinLastPage(state, column: column) }
        state.scroll[column] = layout.scroll(state, keeping: state.focus.row, in: column)
    case .showEnd:
        let count = state.cards(in: column).count
        if count > 0 { state.scroll[column] = layout.scroll(state, keeping: count - 1, in: column) }
    case .page(let step):
        // A page is the cards the focused column shows, less one kept for context.
        // The view and the focus move together, as in less or htop.
        let dy = step * max(1, layout.visible(state, column: column).count - 1)
        state.scroll[column] = min(max(0, state.scroll[column] + dy), layout.lastPage(state, column: column))
        return .moveFocus(dx: 0, dy: dy)
    case .focusAt(let x, let y):
        if let focus = layout.card(at: x, y: y, in: state) { state.focus = focus }
    }
    return nil
}
