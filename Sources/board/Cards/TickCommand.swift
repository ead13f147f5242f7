import BoardCLI
import BoardModel
import BoardStore

/// `board tick ID STEP`: a card's checklist step ticked from the shell, as Space does on the
/// screen (a routine's list on a day is `board routine tick`).
struct TickCommand: Command {
    static let info = CommandInfo(
        "tick", abstract: "Tick a step of a card's checklist, or untick it if ticked.",
        parameters: [.argument("id", "The card's id (a unique prefix is enough)."), .argument("step", "The step's number, from 1.")]
            + BoardOptions.parameters,
        runs: Self.self)

    let id: String, step: String, board: BoardOptions

    init(_ given: ParsedArguments) {
        id = given.required("id")
        step = given.required("step")
        board = BoardOptions(given)
    }

    func run() throws {
        let number = try RoutineCommand.stepNumber(step)
        let (store, clock) = try board.open()
        let taskId = try store.taskId(matching: id)
        let done = try store.toggleStep(number - 1, of: .card(id: taskId), clock: clock)
        let checklist = try store.checklist(ofCard: taskId)
        let text = checklist.steps[number - 1].text
        printOut("\(done ? "Ticked" : "Unticked") step \(number) “\(text.escapedForTerminal)” of \(checklist.title.escapedForTerminal) (\(checklist.doneCount) of \(checklist.steps.count) done).")
    }
}
