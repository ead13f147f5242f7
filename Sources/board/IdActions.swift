import BoardCLI
import BoardModel
import BoardStore

/// A command that acts on one card, named by id or unique prefix, and says what it did.
protocol CardAction: Command {
    init(id: String, board: BoardOptions)
    var id: String { get }
    var board: BoardOptions { get }
    func perform(_ store: BoardStore, taskId: String, clock: BoardClock) throws -> String
}

extension CardAction {
    /// The card's id, then the options every command takes.
    static var parameters: [Parameter] { [.argument("id", "The card's id (a unique prefix is enough).")] + BoardOptions.parameters }

    init(_ given: ParsedArguments) { self.init(id: given.required("id"), board: BoardOptions(given)) }

    func run() throws {
        let (store, clock) = try board.open()
        printOut(try perform(store, taskId: try store.taskId(matching: id), clock: clock))
    }
}

/// A command that acts on one template, named by id or unique prefix, and says what it did.
protocol TemplateAction: Command {
    init(id: String, board: BoardOptions)
    var id: String { get }
    var board: BoardOptions { get }
    func perform(_ store: BoardStore, templateId: String, clock: BoardClock) throws -> String
}

extension TemplateAction {
    /// The template's id, then the options every command takes.
    static var parameters: [Parameter] { [.argument("id", "The template's id (a unique prefix is enough).")] + BoardOptions.parameters }

    init(_ given: ParsedArguments) { self.init(id: given.required("id"), board: BoardOptions(given)) }

    func run() throws {
        let (store, clock) = try board.open()
        printOut(try perform(store, templateId: try store.templateId(matching: id), clock: clock))
    }
}
