import ArgumentParser
import BoardModel
import BoardStore
import Foundation
import GRDB

@main
struct BoardCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "board",
        abstract: "A keyboard-driven kanban board for the terminal, with routines.",
        discussion: """
        Exit statuses: 0 done; 1 an unexpected failure (a bug: please report it); 2 bad input, \
        one line on stderr naming the field and the rule, nothing written; 3 the board file can't \
        be used (missing, read-only, a full disk, a folder that can't be made), nothing written.
        """,
        subcommands: [
            OpenCommand.self, DemoCommand.self, AddCommand.self, ListCommand.self, EditCommand.self, MoveCommand.self, DoneCommand.self,
            ReopenCommand.self, DeleteCommand.self, ReapplyCommand.self, GenerateCommand.self, RemindCommand.self,
            TemplateCommand.self, RoutineCommand.self, HabitCommand.self, RecurCommand.self,
        ],
        defaultSubcommand: OpenCommand.self
    )

    /// Bad input of any kind (a malformed rule, an unknown option) exits with status 2 after one
    /// line on stderr; a board file that can't be used, with status 3 (ARCHITECTURE.md, "Errors and exit statuses").
    static func main() {
        do {
            var command = try parseAsRoot()
            _ = try ConfigFile.current.get()
            try command.run()
        } catch {
            NewBoard.removeAfterFailure()
            fail(error)
        }
    }

    static func fail(_ error: Error) -> Never {
        switch error {
        case let error as ConfigError: CommandLineOutput.fail("config: \(error)")
        case let error as BoardError: CommandLineOutput.fail(error.description)
        case let error as BoardFileError: CommandLineOutput.fail(error.description, status: CommandLineOutput.fileStatus)
        case let error as DatabaseError:
            fail(BoardFileError.classify(error, path: "the board") ?? BoardFileError.unusable(path: "the board", problem: error.message ?? "\(error)"))
        case let error as CocoaError:
            CommandLineOutput.fail(error.localizedDescription, status: CommandLineOutput.fileStatus)
        default:
            if exitCode(for: error) == .validationFailure {
                CommandLineOutput.fail(message(for: error).split(separator: "\n").first.map(String.init) ?? "invalid input")
            }
            exit(withError: error)
        }
    }
}
