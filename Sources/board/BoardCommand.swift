import ArgumentParser
import BoardModel
import Foundation

@main
struct BoardCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "board",
        abstract: "A keyboard-driven kanban board for the terminal, with routines.",
        subcommands: [
            OpenCommand.self, DemoCommand.self, AddCommand.self, ListCommand.self, EditCommand.self, MoveCommand.self, DoneCommand.self,
            ReopenCommand.self, DeleteCommand.self, ReapplyCommand.self, GenerateCommand.self, RemindCommand.self,
            TemplateCommand.self, RoutineCommand.self, HabitCommand.self, RecurCommand.self,
        ],
        defaultSubcommand: OpenCommand.self
    )

    /// Bad input of any kind (a malformed rule, an unknown option) exits with status 2
    /// after one line on stderr, as the README promises.
    static func main() {
        do {
            var command = try parseAsRoot()
            _ = try ConfigFile.current.get()
            try command.run()
        } catch let error as ConfigError {
            CommandLineOutput.fail("config: \(error)")
        } catch let error as BoardError {
            CommandLineOutput.fail(error.description)
        } catch {
            if exitCode(for: error) == .validationFailure {
                CommandLineOutput.fail(message(for: error).split(separator: "\n").first.map(String.init) ?? "invalid input")
            }
            exit(withError: error)
        }
    }
}
