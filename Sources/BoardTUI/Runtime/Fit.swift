import Foundation

/// `update`, then what `fit` finds fed back to it: one step of the screen, as the runtime takes it.
public func step(_ state: inout BoardState, _ action: Action) -> [Effect] {
    var effects = update(&state, action)
    if let fitting = fit(state) { effects += step(&state, .reported(.fitted(fitting))) }
    return effects
}

/// Lays the state out on the screen after `update` (ARCHITECTURE.md §6): carries out the
/// scrolling it asked for by the layout, keeps a box's scroll within its lines and notes the
/// help's page size. Nil when there is nothing to change, so a step ends.
func fit(_ state: BoardState) -> Fitting? {
    var fitting = Fitting(scroll: state.scroll, focus: state.focus, helpPage: state.helpPage)
    switch state.mode {
    case .help(let scroll, _):
        let box = helpBox(state)
        fitting.helpPage = max(1, box.room - 1)
        fitting.boxScroll = min(max(0, scroll), box.maxScroll)
        if fitting.boxScroll == scroll { fitting.boxScroll = nil }
    case .detail(let field) where state.focusedCard?.isOccurrence == false:
        let fitted = min(max(0, field), detailBox(state)?.maxScroll ?? 0)
        if fitted != field { fitting.boxScroll = fitted }
    default: break
    }
    // Laid out only when asked: most keys ask for nothing.
    if let request = state.scrollRequest, case let layout = Layout(state), !layout.isTooSmall {
        // Each measure reads the scroll as fitted so far.
        var fitted = state
        let column = state.focus.column
        switch request {
        case .keepFocus:
            for column in fitted.scroll.indices { fitted.scroll[column] = layout.scrollWithinLastPage(fitted, column: column) }
            fitted.scroll[column] = layout.scroll(fitted, keeping: fitted.focus.row, in: column)
        case .showEnd:
            let count = fitted.cards(in: column).count
            if count > 0 { fitted.scroll[column] = layout.scroll(fitted, keeping: count - 1, in: column) }
        case .page(let step):
            // A page is the cards the focused column shows, less one kept for context.
            // The view and the focus move together, as in less or htop.
            let dy = step * max(1, layout.visible(fitted, column: column).count - 1)
            fitted.scroll[column] = min(max(0, fitted.scroll[column] + dy), layout.lastPage(fitted, column: column))
            fitting.focusMove = dy
        case .focusAt(let x, let y):
            if let focus = layout.card(at: x, y: y, in: fitted) { fitted.focus = focus }
        }
        (fitting.scroll, fitting.focus) = (fitted.scroll, fitted.focus)
    }
    let unchanged = Fitting(scroll: state.scroll, focus: state.focus, helpPage: state.helpPage)
    return fitting == unchanged && state.scrollRequest == nil ? nil : fitting
}
