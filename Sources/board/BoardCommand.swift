import BoardCLI
import BoardModel
import BoardStore
import BoardTUI
import Foundation
import GRDB

enum BoardVersion {
    /// Raised with every landed change to what users see; the database schema has its own numbered migrations.
    static let current = "0.28.5"
}

@main
enum BoardCommand {
    static let info = CommandInfo(
        group: "board",
        abstract: "A keyboard-driven kanban board for the terminal, with routines.",
        discussion: """
        Exit statuses: 0 done; 1 an unexpected failure (a bug: please report it); 2 bad input, \
        one line on stderr naming the field and the rule, nothing written; 3 the board file can't \
        be used (missing, read-only, a full disk, a folder that can't be made), nothing written; 4 `board remind` could not deliver a reminder (its notifier \
        failed 3 times); 5 the sync server is out of reach or refused (changes wait on this board). \
        `board help keys` lists the screen's keys as config.toml binds them.

        Settings are read from $XDG_CONFIG_HOME/board/config.toml (default \
        ~/.config/board/config.toml), or from the file BOARD_CONFIG or `board --config FILE …` \
        names; `board help --man` has every key.
        """,
        subcommands: [
            OpenCommand.info, DemoCommand.info, AddCommand.info, ListCommand.info, EditCommand.info, MoveCommand.info, DoneCommand.info,
            ReopenCommand.info, TickCommand.info, DeleteCommand.info, ReapplyCommand.info, GenerateCommand.info, RemindCommand.info,
            TemplateCommand.info, RoutineCommand.info, HabitCommand.info, RecurCommand.info, ExportCommand.info, ImportCommand.info,
            AgendaCommand.info, StatsCommand.info, CompletionsCommand.info, SyncCommands.sync(), SyncCommands.server(), SyncCommands.share(), SyncCommands.unshare, SyncCommands.feed(),
        ],
        defaultSubcommand: OpenCommand.info.name
    )

    /// Bad input of any kind (a malformed rule, an unknown option) exits with status 2 after one
    /// line on stderr; a board file that can't be used, with status 3 (ARCHITECTURE.md §10).
    static func main() {
        // The default subcommand (the screen) would take --version as its own unknown option.
        if CommandLine.arguments.dropFirst() == ["--version"] {
            printOut("board \(BoardVersion.current)")
            return
        }
        // Past a file-size limit (ulimit -f) a write fails with EFBIG, which SQLite reports and the
        // command turns into status 3 before it says anything, instead of the signal killing it.
        signal(SIGXFSZ, SIG_IGN)
        OpenedBoards.keepUntilExit()
        do {
            let arguments = movingBoardOptions(try takingConfigFile(Array(CommandLine.arguments.dropFirst())))
            // config.toml's key settings are checked with the rest of it, before any command runs.
            try checkConfigFile()
            if arguments == ["help", "keys"] {
                printOut(KeyBindings.helpLines(try checkedKeymap()).joined(separator: "\n"))
                return
            }
            // The manual lists the keys too, as they are bound.
            if arguments == ["help", "--man"] {
                printOut(ManPage(root: info, executable: "board", keys: KeyBindings.helpLines(try checkedKeymap())).text)
                return
            }
            if SyncHandOff.isHandedOff(arguments) { try SyncHandOff.run(arguments) }
            try info.run(arguments, executable: "board")
            OpenedBoards.closeAll()
        } catch {
            OpenedBoards.closeAll()
            NewBoard.removeAfterFailure()
            fail(error)
        }
    }

    /// Refuses a config.toml with faults, each with its line. A file without key settings is not
    /// made into a key map: the standard keys are never refused, and building the map was a seventh
    /// of a small `board list` (Benchmarks/README.md, "Start-up").
    static func checkConfigFile() throws {
        if case .success(let config) = ConfigFile.current, config.keys.isEmpty { return }
        _ = try checkedKeymap()
    }

    /// The board's keys as config.toml binds them. Every fault of the file is refused in one
    /// report, each with its line: the key settings' with the rest.
    static func checkedKeymap() throws -> BoardKeymap {
        var faults: [ConfigError.Fault] = []
        if case .failure(let error) = ConfigFile.current { faults = error.faults }
        let settings = (try? ConfigFile.current.get())?.keys ?? ConfigFile.keySettings
        do {
            let keymap = try BoardKeymap(settings)
            if faults.isEmpty { return keymap }
        } catch {
            faults += error.all.map { ConfigError.Fault(line: $0.line, problem: $0.problem) }
        }
        throw ConfigError(path: ConfigFile.path(), faults: faults)
    }

    /// `board --config FILE …`: the settings file for this command, before the command's name (as
    /// git's `-c`), passed on as BOARD_CONFIG so `board-sync` reads the same one; the arguments without it.
    static func takingConfigFile(_ arguments: [String]) throws -> [String] {
        var rest = arguments, index = 0
        while index < rest.count, rest[index].hasPrefix("-") {
            let argument = rest[index]
            if argument == "--config" || argument.hasPrefix("--config=") {
                let file = argument == "--config" ? (index + 1 < rest.count ? rest[index + 1] : "") : String(argument.dropFirst(9))
                guard !file.isEmpty else { throw BoardError("config", "needs a file, as in --config FILE") }
                setenv("BOARD_CONFIG", file, 1)
                rest.removeSubrange(index..<(index + (argument == "--config" ? 2 : 1)))
                continue
            }
            // Another option before the command (--db PATH …) and its value.
            index += ["--db", "--now", "--tz"].contains(argument) ? 2 : 1
        }
        return rest
    }

    /// `board --now X list` as `board list --now X`: the options every command takes may come
    /// before the command's name too, as they do in git.
    static func movingBoardOptions(_ arguments: [String]) -> [String] {
        let global = ["--db", "--now", "--tz"]
        var leading: [String] = [], index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if global.contains(argument), index + 1 < arguments.count {
                leading += [argument, arguments[index + 1]]
                index += 2
            } else if let name = argument.split(separator: "=").first, argument.contains("="), global.contains(String(name)) {
                leading.append(argument)
                index += 1
            } else {
                break
            }
        }
        // A word after them is a command's name, known or mistyped (`board --db b lsit` is told
        // "did you mean 'list'"); without one they are the screen's own.
        guard !leading.isEmpty, index < arguments.count, !arguments[index].hasPrefix("-") else { return arguments }
        var rest = Array(arguments[index...])
        rest.insert(contentsOf: leading, at: rest.firstIndex(of: "--") ?? rest.count)
        return rest
    }

    static func fail(_ error: Error) -> Never {
        if let error = error as? NotifierFailure { CommandLineOutput.fail(error.description, status: 4) }
        if let error = error as? ServerClaims.OutOfReach { CommandLineOutput.fail(error.description, status: 5) }
        CommandLineOutput.fail(error)
    }
}
