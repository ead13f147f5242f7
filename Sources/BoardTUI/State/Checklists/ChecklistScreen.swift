import BoardModel

/// A checklist on screen: read-only with ticking (Space/Enter), or editing its steps (`e`),
/// perhaps during a run of its routine (`S` started it, `F` or leaving finishes it).
public struct ChecklistScreen: Hashable, Sendable {
    public var checklist: RoutineChecklist
    /// The step under the cursor; in editing, `steps.count` is the Add step row.
    public var cursor = 0
    public var editing = false
    /// What is typed on the Add step row.
    public var newStep = TextField()
    /// The step `d` asked to remove, waiting for y in the status line.
    public var confirmingRemoval: Int?
    /// The run in progress on this checklist, by its id in `BoardState.runs`.
    public var executionId: Int?
    /// Opened on today's list of a routine without a schedule: at midnight it shows the new day's.
    public var followsToday: Bool

    public init(checklist: RoutineChecklist, executionId: Int? = nil, followsToday: Bool = true) {
        self.checklist = checklist
        self.executionId = executionId
        self.followsToday = followsToday
    }

    /// The Add step row, shown in editing while there is room for a step.
    public var hasAddRow: Bool { editing && !checklist.isFull }

    /// The rows the cursor moves over: the steps, and in editing the row after them (Add step,
    /// or "10 of 10 steps — limit reached" once full).
    public var rowCount: Int { checklist.steps.count + (editing ? 1 : 0) }

    public var isOnAddRow: Bool { hasAddRow && cursor == checklist.steps.count }

    /// On the limit row, what is typed goes nowhere: it only explains the limit.
    public var isOnLimitRow: Bool { editing && checklist.isFull && cursor == checklist.steps.count }

    /// Keeps the cursor on a row after the steps changed.
    public mutating func clampCursor() {
        cursor = min(max(0, cursor), max(0, rowCount - 1))
    }
}
