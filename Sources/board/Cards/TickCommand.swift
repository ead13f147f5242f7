import BoardCLI
import BoardModel
import BoardStore

/// `board tick ID STEP`: a card's checklist step ticked from the shell, as Space does on the
/// screen (a routine's list on a day is `board routine tick`).
struct TickCommand: Command {
    static let info = CommandInfo(
        "tick", abstract: "Tick a step of a card's checklist, or untick it if ticked.",
        parameters: [IdArgument.card, RoutineCommand.step] + BoardOptions.parameters, runs: Self.self)

    let id: String, step: String, board: BoardOptions

    init(_ given: ParsedArguments) throws {
        id = try given[IdArgument.card]
        step = try given[RoutineCommand.step]
        board = try BoardOptions(given)
    }

    func run() throws {
        let number = try RoutineCommand.stepNumber(step)
        let (store, clock) = try board.open()
        let cardId = try store.cards.id(matching: id)
        let done = try store.checklists.toggle(number - 1, of: .card(id: cardId), clock: clock)
        let checklist = try store.checklists.read(ofCard: cardId)
        let text = checklist.steps[number - 1].text
        printOut("\(done ? "Ticked" : "Unticked") step \(number) “\(text.escapedForTerminal)” of \(checklist.title.escapedForTerminal) (\(checklist.doneCount) of \(checklist.steps.count) done).")
    }
}
