import ArgumentParser
import BoardCLI
import BoardModel
import BoardStore

/// A command that acts on one card, named by id or unique prefix, and says what it did.
protocol CardAction: ParsableCommand {
    var id: String { get }
    var board: BoardOptions { get }
    func perform(_ store: BoardStore, taskId: String, clock: BoardClock) throws -> String
}

extension CardAction {
    func run() throws {
        let (store, clock) = try board.open()
        printOut(try perform(store, taskId: try store.taskId(matching: id), clock: clock))
    }
}

/// A command that acts on one template, named by id or unique prefix, and says what it did.
protocol TemplateAction: ParsableCommand {
    var id: String { get }
    var board: BoardOptions { get }
    func perform(_ store: BoardStore, templateId: String, clock: BoardClock) throws -> String
}

extension TemplateAction {
    func run() throws {
        let (store, clock) = try board.open()
        printOut(try perform(store, templateId: try store.templateId(matching: id), clock: clock))
    }
}
