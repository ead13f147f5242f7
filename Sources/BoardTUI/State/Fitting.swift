/// What the runtime's `fit` found by laying the screen out (ARCHITECTURE.md §6): the scroll and
/// focus a `ScrollRequest` comes to, a box's scroll kept within its lines, the help's page size,
/// and the focus move a page makes. It comes back to `update` as `.reported(.fitted(…))`.
public struct Fitting: Hashable, Sendable {
    public var scroll: [Int]
    public var focus: Focus
    /// The help's or the detail box's scroll, within its lines; nil under another mode.
    public var boxScroll: Int?
    public var helpPage: Int
    /// A page's move of the focus, which `update` then takes as a focus move.
    public var focusMove: Int?
}

extension BoardState {
    /// Takes what `fit` found; a page goes on as the focus move it makes.
    mutating func take(_ fitting: Fitting) -> [Effect] {
        scrollRequest = nil
        scroll = fitting.scroll
        focus = fitting.focus
        helpPage = fitting.helpPage
        if let boxScroll = fitting.boxScroll {
            switch mode {
            case .help(_, let under): mode = .help(scroll: boxScroll, over: under)
            case .detail: mode = .detail(field: boxScroll)
            default: break
            }
        }
        guard let dy = fitting.focusMove else { return [] }
        return update(&self, .moveFocus(dx: 0, dy: dy))
    }
}
