/// A run of a routine the user started explicitly (`S`), held in memory only: it is never
/// written, so nothing of it survives the process (ARCHITECTURE.md §5).
public struct RoutineExecution: Hashable, Sendable {
    public let id: Int
    public let routineId: String
    public let title: String
    /// The local day the run counts for: the day it started.
    public let day: LocalDate
    public let startedAt: LocalDateTime
    /// The steps ticked while the run lasted (and not unticked since).
    public internal(set) var tickedSteps: Set<String> = []
}

/// "Did this routine help: Drink water today?": what finishing a run offers for a habit linked
/// to one of its steps. Held in memory only; ignoring it costs nothing and leaves no trace.
public struct HabitSuggestion: Hashable, Sendable {
    public let executionId: Int
    public let habitId: String
    public let habitName: String
    public let routineId: String
    public let day: LocalDate

    public func prompt(today: LocalDate) -> String {
        "Did this routine help: \(habitName) \(day == today ? "today" : "on \(MonthName.due(day, nil, today: today))")?"
    }
}

/// The session's routine runs and the suggestions they left, in memory only. Only the user's
/// confirmation of a suggestion leads to a habit entry, and that is written elsewhere.
public struct RoutineRuns: Hashable, Sendable {
    public private(set) var executions: [RoutineExecution] = []
    /// Waiting for an answer, oldest first.
    public private(set) var suggestions: [HabitSuggestion] = []
    private var lastId = 0

    public init() {}

    /// The run of `routineId` in progress, if any.
    public func running(_ routineId: String) -> RoutineExecution? {
        executions.first { $0.routineId == routineId }
    }

    /// Starts a run, or returns the one already in progress for this routine.
    @discardableResult
    public mutating func start(routineId: String, title: String, day: LocalDate, at now: LocalDateTime) -> RoutineExecution {
        if let running = running(routineId) { return running }
        lastId += 1
        let execution = RoutineExecution(id: lastId, routineId: routineId, title: title, day: day, startedAt: now)
        executions.append(execution)
        return execution
    }

    /// Notes a step ticked (or unticked) during run `id`.
    public mutating func noteTick(_ id: Int, step: String, done: Bool) {
        guard let i = executions.firstIndex(where: { $0.id == id }) else { return }
        if done { executions[i].tickedSteps.insert(step) } else { executions[i].tickedSteps.remove(step) }
    }

    /// Ends a run: each habit linked to a step ticked during the run becomes one suggestion, in
    /// step order, unless that habit is already checked in (`checkedIn`) or already suggested.
    /// Returns how many it added.
    @discardableResult
    public mutating func finish(_ id: Int, steps: [RoutineChecklist.Step], checkedIn: Set<String> = []) -> Int {
        guard let i = executions.firstIndex(where: { $0.id == id }) else { return 0 }
        let run = executions.remove(at: i)
        var seen = Set(suggestions.filter { $0.day == run.day }.map(\.habitId)).union(checkedIn)
        var added = 0
        for step in steps where step.done && run.tickedSteps.contains(step.text) {
            guard let habitId = step.habitId, !seen.contains(habitId) else { continue }
            seen.insert(habitId)
            suggestions.append(HabitSuggestion(executionId: run.id, habitId: habitId, habitName: step.habitName ?? "a habit",
                                               routineId: run.routineId, day: run.day))
            added += 1
        }
        return added
    }

    /// Deletes a run and every suggestion it left; never an entry.
    public mutating func discard(_ id: Int) {
        executions.removeAll { $0.id == id }
        suggestions.removeAll { $0.executionId == id }
    }

    /// Takes the oldest suggestion off the queue: the user confirmed or dismissed it.
    @discardableResult
    public mutating func answer() -> HabitSuggestion? {
        suggestions.isEmpty ? nil : suggestions.removeFirst()
    }
}
