import BoardModel

/// What the runtime carried out, as a fact: `update` alone turns it into the status line's words
/// (ARCHITECTURE.md §6), so the runtime writes no sentence of its own.
public enum Accomplished: Hashable, Sendable {
    case templateCreated(title: String, status: TemplateStatus)
    case templateEditApplied(title: String, occurrences: Int)
    case paused(templateId: String)
    case resumed(templateId: String)
    case archived(templateId: String)
    case skipped(templateId: String, date: LocalDate, time: LocalTime?)
    case duplicated(title: String)
    case habitAdded(name: String)
    /// `entries`: what the day holds now.
    case checkedIn(name: String, day: LocalDate, entries: Int)
    case tookBack(name: String, day: LocalDate, entries: Int)
    case stepReminds(step: String, reminds: Bool)
    case targetSet(name: String, target: String)
    case undid(String)
    case redid(String)
    case nothingToUndo
    case nothingToRedo

    /// The sentence, with the board's names and today for dates.
    func sentence(_ state: BoardState) -> String {
        let today = state.snapshot.today
        func template(_ id: String) -> String { state.snapshot.templateTitles[id].map { "“\($0)”" } ?? "the template" }
        // Check-ins happen in the Habits view, whose keys are its own.
        let habitsUndo = state.keymap.said(.habits(.undo), on: .habits)
        func day(_ d: LocalDate) -> String { d == today ? "today" : "on \(MonthName.due(d, nil, today: today))" }
        return switch self {
        case .templateCreated(let title, let status): "Created template “\(title)” (\(status.rawValue))."
        case .templateEditApplied(let title, let n): "Saved “\(title)”: updated \(n) \(n == 1 ? "occurrence" : "occurrences"). \(state.key(.undo)) undoes it all."
        case .paused(let id): "Paused \(template(id)): no new occurrences until \(state.key(.pauseResume)) resumes it."
        case .resumed(let id): "Resumed \(template(id))."
        case .archived(let id): "Archived \(template(id)): it makes no more occurrences; \(state.key(.toggleArchived)) shows archived templates, \(state.key(.undo)) brings it back."
        case .skipped(let id, let date, let time): "Skipped \(template(id)) on \(MonthName.due(date, time, today: today)). \(state.key(.undo)) brings it back."
        case .duplicated(let title): "Duplicated as “\(title)” (draft; \(state.key(.pauseResume)) activates it)."
        case .habitAdded(let name): "Added habit “\(name)”. Space checks it in."
        case .checkedIn(let name, let d, let n): "Checked in “\(name)” \(day(d))\(n > 1 ? ": \(n) that day" : ""). \(habitsUndo) undoes it."
        case .targetSet(let name, let target): "“\(name)” is meant \(target) now. \(habitsUndo) undoes it."
        case .stepReminds(let step, let reminds): reminds ? "“\(step)” reminds at its time on each day the routine runs." : "“\(step)” no longer reminds."
        case .tookBack(let name, let d, let n): "Took back “\(name)” \(day(d))\(n > 0 ? ": \(n) left that day" : ""). \(habitsUndo) undoes it."
        case .undid(let what): "Undid: \(what)"
        case .redid(let what): "Redid: \(what)"
        case .nothingToUndo: "Nothing to undo."
        case .nothingToRedo: "Nothing to redo."
        }
    }
}

/// A write the store refused, and the screen the key came from: `update` puts the reason where
/// the user looks (under a card form's field, in the template editor, the status line).
public struct Refusal: Hashable, Sendable {
    /// The whole reason, as one line.
    public let message: String
    /// The field at fault and its problem, when the store named one.
    public let field: Field?
    public let problem: String?
    /// The key was a card form's save, and the card is gone (another process deleted it).
    public let cardEdit: Bool
    public let cardGone: Bool
    /// The screen when the key arrived.
    public let from: Mode

    public init(_ error: Error, from: Mode, cardEdit: Bool = false, cardGone: Bool = false) {
        message = "\(error)"
        field = (error as? BoardError)?.field
        problem = (error as? BoardError)?.problem
        self.cardEdit = cardEdit
        self.cardGone = cardGone
        self.from = from
    }
}
