/// Scrolling that depends on how cards and boxes lay out on screen: `update` asks for it in words
/// and the runtime carries it out by the layout before the next frame (`fit`, ARCHITECTURE.md §6),
/// so the state never calls the view.
public enum ScrollRequest: Sendable, Equatable {
    /// Keep the focused card in view, and every column within its last page.
    case keepFocus
    /// Show the focused column's end, where a card being added is drawn.
    case showEnd
    /// Move the focused column's view, and the focus with it, by pages of the cards it shows.
    case page(Int)
    /// Focus the card drawn at a screen cell (a mouse click).
    case focusAt(x: Int, y: Int)
}
