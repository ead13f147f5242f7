import BoardModel
import BoardStore
import Foundation
import GRDB

/// `--db` with the clock options: what every command that touches the board takes.
public struct BoardOptions {
    static let db = Declared.option("db", "The database file. Env: BOARD_DB. Default: $XDG_DATA_HOME/board/board.sqlite.", value: "path")
    public static let parameters: [any ParameterDeclaration] = [db] + ClockOptions.parameters

    public var db: String?
    public var clockOptions: ClockOptions

    public init(_ given: ParsedArguments) throws {
        db = try given[Self.db]
        clockOptions = try ClockOptions(given)
    }

    public var path: String { db ?? Environment.value("BOARD_DB") ?? BoardDatabase.defaultPath(environment: Environment.value) }

    /// Opens the board and runs generation, as every command that reads the board does first.
    /// Only a command that adds something (`creating`) makes a new board; the others say there is
    /// none rather than show an empty one, as if every card were gone.
    /// `concurrentReads`: for the screen (`BoardStore.open`).
    /// Generating also settles the columns the horizons show today (a cache: a dry run, which
    /// writes nothing, leaves it with `settling: false`).
    public func open(generating: Bool = true, settling: Bool = true, creating: Bool = false,
                     concurrentReads: Bool = false) throws -> (BoardStore, BoardClock) {
        let path = self.path
        if !FileManager.default.fileExists(atPath: path) {
            guard creating else { throw BoardFileError.missing(path: path) }
            NewBoard.willCreate(path)
        }
        let store = try BoardStore.open(path: path, concurrentReads: concurrentReads, horizonRule: ConfigFile.loaded.horizonRule)
        // Not the screen's pool, which other threads read until the process ends.
        if !concurrentReads { OpenedBoards.opened(store) }
        let clock = try clockOptions.clock(savedZone: try store.savedTimeZone())
        if generating {
            try store.routines.generate(clock: clock)
            if settling { try store.settleHorizons(clock: clock) }
        }
        return (store, clock)
    }
}

extension BoardOptions {
    /// An empty board in memory, with this command's clock: what a dry run compares against
    /// when the board file does not exist yet.
    public func openEmptyInMemory() throws -> (BoardStore, BoardClock) {
        let store = try BoardStore(DatabaseQueue())
        return (store, try clockOptions.clock(savedZone: nil))
    }
}

/// The boards a one-shot command opened, closed as the process exits and never torn down: GRDB's
/// teardown of a connection's objects started a thread and a first run-time cast, a sixteenth of a
/// small `board list` (ARCHITECTURE.md §10). Only `board` asks for this; a process that opens
/// boards over and over (`board sync --watch`) lets each go as it is done with it. The screen's
/// board, read from other threads, is left to the process's end as before.
public enum OpenedBoards {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var kept: [BoardStore]?

    /// From now on, a board opened on one connection stays open until `closeAll`.
    public static func keepUntilExit() { lock.withLock { kept = kept ?? [] } }

    static func opened(_ store: BoardStore) { lock.withLock { kept?.append(store) } }

    /// Closes every kept board's connection, which writes back what the log holds. A connection
    /// that can't close is left to the process's end, which SQLite takes as it takes a crash.
    public static func closeAll() {
        for store in lock.withLock({ kept ?? [] }) { try? store.close() }
    }
}

/// A board file this process is creating: removed again, with the folders made for it, when the
/// command fails, so a failing command writes nothing, a file included.
public enum NewBoard {
    nonisolated(unsafe) private static var created: [String] = []

    public static func willCreate(_ path: String) {
        var top = URL(fileURLWithPath: path)
        var folder = top.deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: folder.path) {
            top = folder
            folder = folder.deletingLastPathComponent()
        }
        created = top.path == path ? [path, path + "-wal", path + "-shm"] : [top.path]
    }

    public static func removeAfterFailure() {
        for path in created { try? FileManager.default.removeItem(atPath: path) }
    }
}
