import BoardCLI
import BoardModel
import BoardStore

/// A command's `id` argument: a card's or a template's id, or a unique prefix of it.
enum IdArgument {
    static let card = Declared.argument("id", "The card's id (a unique prefix is enough).")
    static let template = Declared.argument("id", "The template's id (a unique prefix is enough).")
}

/// A command that acts on one card or one template, named by id or unique prefix, and says what it
/// did: `done`, `reopen`, `delete`, and `template pause`, `resume`, `show`, … Only the kind of row
/// it names and what it does differ.
protocol IdAction: Command {
    static var kind: IdKind { get }
    init(id: String, board: BoardOptions)
    /// What was typed: an id or a unique prefix.
    var id: String { get }
    var board: BoardOptions { get }
    /// Does the one thing to the row whose full id is `found`, and says what it did.
    func perform(_ store: BoardStore, found: String, clock: BoardClock) throws -> String
}

/// What an `IdAction` names.
enum IdKind {
    case card, template

    var argument: Declared<String> { self == .card ? IdArgument.card : IdArgument.template }
}

extension IdAction {
    /// The id, then the options every command takes.
    static var parameters: [any ParameterDeclaration] { [kind.argument] + BoardOptions.parameters }

    init(_ given: ParsedArguments) throws { self.init(id: try given[Self.kind.argument], board: try BoardOptions(given)) }

    func run() throws {
        let (store, clock) = try board.open()
        let found = try Self.kind == .card ? store.cards.id(matching: id) : store.routines.id(matching: id)
        printOut(try perform(store, found: found, clock: clock))
    }
}
