import BoardModel
import BoardStore

/// Undo and redo for every change of the session: a history of intents. Undo puts back the
/// cards an intent changed as they were before it; redo carries the intent out again.
struct UndoHistory {
    /// What undo puts back.
    enum Restore {
        /// Each card the intent touched, as it was before (nil: it did not exist).
        case cards([(id: String, record: TaskRecord?)])
        /// A template with its rule, series and cards, as it was before (a propagation included).
        case routine(RoutineState)
        /// A step ticked or unticked: undo toggles it back.
        case tick(RoutineChecklist.Owner, index: Int)
        /// A habit's entry of a day as it was before (nil: there was none).
        case habitEntry(habitId: String, day: LocalDate, HabitEntryRecord?)
        /// A habit the intent created.
        case habitAbsent(String)
    }

    struct Entry {
        let intent: Effect
        let before: Restore
    }

    private(set) var undoStack: [Entry] = []
    private(set) var redoStack: [Effect] = []

    mutating func record(_ entry: Entry, clearingRedo: Bool = true) {
        undoStack.append(entry)
        if clearingRedo { redoStack.removeAll() }
    }

    mutating func popUndo() -> Entry? {
        guard let entry = undoStack.popLast() else { return nil }
        redoStack.append(entry.intent)
        return entry
    }

    mutating func popRedo() -> Effect? { redoStack.popLast() }
}
