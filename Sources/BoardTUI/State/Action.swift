import BoardModel

/// Everything that can happen to the board screen: keys, mouse, a resize, a reload.
public enum Action: Hashable, Sendable {
    case moveFocus(dx: Int, dy: Int)
    case moveCard(dx: Int)
    case reorderCard(dy: Int)
    case startAdd
    case startEdit
    case openDetail
    case toggleDone
    case delete
    case undo
    case redo
    case startSearch
    case nextMatch(Int)
    case help
    case quit
    case escape
    case enter
    case tab(Int)
    case type(Character)
    case backspace
    case redraw
    case resize(width: Int, height: Int)
    case click(x: Int, y: Int)
}

/// What `update` asks the runtime to do at the edge: write to the store, or stop.
public enum Effect: Hashable, Sendable {
    case add(title: String, bucket: Bucket)
    case move(cardId: String, bucket: Bucket, position: Int?)
    case toggleDone(cardId: String, completed: Bool)
    case delete(cardId: String)
    case edit(cardId: String, CardEdit, due: LocalDate??)
    case undo
    case redo
    case redraw
    case quit
}
