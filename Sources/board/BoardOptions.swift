import ArgumentParser
import BoardModel
import BoardStore
import Foundation
import GRDB

/// `--db` with the clock options: what every command that touches the board takes.
struct BoardOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The database file. Env: BOARD_DB. Default: $XDG_DATA_HOME/board/board.sqlite.", valueName: "path"))
    var db: String?

    @OptionGroup var clockOptions: ClockOptions

    var path: String { db ?? Environment.value("BOARD_DB") ?? BoardDatabase.defaultPath() }

    /// Opens the board and runs generation, as every command that reads the board does first.
    /// Only a command that adds something (`creating`) makes a new board; the others say there is
    /// none rather than show an empty one, as if every card were gone.
    /// `concurrentReads`: for the screen (`BoardStore.open`).
    func open(generating: Bool = true, creating: Bool = false, concurrentReads: Bool = false) throws -> (BoardStore, BoardClock) {
        let path = self.path
        if !FileManager.default.fileExists(atPath: path) {
            guard creating else { throw BoardFileError.missing(path: path) }
            NewBoard.willCreate(path)
        }
        let store = try BoardStore.open(path: path, concurrentReads: concurrentReads)
        let clock = try clockOptions.clock(savedZone: try store.savedTimeZone())
        if generating { try store.generate(clock: clock) }
        return (store, clock)
    }
}

extension BoardOptions {
    /// An empty board in memory, with this command's clock: what a dry run compares against
    /// when the board file does not exist yet.
    func openEmptyInMemory() throws -> (BoardStore, BoardClock) {
        let store = try BoardStore(DatabaseQueue())
        return (store, try clockOptions.clock(savedZone: nil))
    }
}

/// A board file this process is creating: removed again, with the folders made for it, when the
/// command fails, so a failing command writes nothing, a file included.
enum NewBoard {
    nonisolated(unsafe) private static var created: [String] = []

    static func willCreate(_ path: String) {
        var top = URL(fileURLWithPath: path)
        var folder = top.deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: folder.path) {
            top = folder
            folder = folder.deletingLastPathComponent()
        }
        created = top.path == path ? [path, path + "-wal", path + "-shm"] : [top.path]
    }

    static func removeAfterFailure() {
        for path in created { try? FileManager.default.removeItem(atPath: path) }
    }
}

/// Options shared by commands that set the fields of a card or a template.
struct CardFieldOptions: ParsableArguments {
    @Option(help: "The title.") var title: String?
    @Option(help: "The description.") var description: String?
    @Option(name: .customLong("label"), help: ArgumentHelp("A label (repeat for several; replaces the labels).", valueName: "label"))
    var labels: [String] = []
    @Option(help: ArgumentHelp("The time of day, HH:MM ('none' to clear).", valueName: "HH:MM")) var time: String?
    @Option(parsing: .unconditional, help: ArgumentHelp("Priority 0 (none) to 3 (high).", valueName: "0-3")) var priority: String?
    @Option(parsing: .unconditional, help: ArgumentHelp("Duration in minutes ('none' to clear).", valueName: "minutes")) var duration: String?

    /// The edit these options describe.
    func edit(checklist: [String]? = nil) throws -> CardEdit {
        CardEdit(title: title, description: description, labels: labels.isEmpty ? nil : labels, checklist: checklist,
                 time: try time.map { t throws in try Self.time(t) }, priority: try priority.map { p throws in try Self.priority(p) },
                 duration: try duration.map { d throws in try Self.duration(d) })
    }

    static func time(_ text: String) throws -> LocalTime? { try FieldRules.time(text) }

    static func priority(_ text: String) throws -> Int { try FieldRules.priority(text) }

    static func duration(_ text: String) throws -> Int? { try FieldRules.duration(text) }

    static func date(_ text: String, field: String) throws -> LocalDate {
        guard let date = LocalDate(iso: text) else { throw BoardError(field, "must be a date YYYY-MM-DD, got '\(text)'") }
        return date
    }
}

/// Writes to stdout without buffering surprises. Control characters are shown escaped, line
/// breaks kept: stored fields in `text` were escaped already (`escapedForTerminal`), so no stored
/// newline can forge a line.
func printOut(_ text: String) {
    FileHandle.standardOutput.write(Data((text.escapedForTerminalKeepingNewlines + "\n").utf8))
}

/// One line on stderr, every control character shown escaped.
func printErr(_ text: String) {
    FileHandle.standardError.write(Data((text.escapedForTerminal + "\n").utf8))
}
