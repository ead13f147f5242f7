import BoardStore

/// Undo and redo for every change of the session: past and future lists of change sets, each
/// with the words it is described by. Undo applies a change set's inverse, redo the change set
/// itself, each in one transaction (ARCHITECTURE.md §6).
struct UndoHistory {
    struct Entry {
        /// "add “Buy milk” to This Week", for "Undid: …" and "Redid: …".
        let description: String
        let changes: ChangeSet
    }

    private(set) var past: [Entry] = []
    private(set) var future: [Entry] = []

    /// A new change: it can be undone, and nothing undone before can be redone any more.
    mutating func record(_ entry: Entry) {
        guard !entry.changes.isEmpty else { return }
        past.append(entry)
        future.removeAll()
    }

    /// The change to undo; `undone` moves it to the future once it is.
    var lastDone: Entry? { past.last }
    var nextToRedo: Entry? { future.last }

    mutating func undone() { if let entry = past.popLast() { future.append(entry) } }
    mutating func redone() { if let entry = future.popLast() { past.append(entry) } }
}
