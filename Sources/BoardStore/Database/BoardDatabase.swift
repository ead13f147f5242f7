import BoardModel
import Foundation
import GRDB

/// Opens the board's SQLite file: WAL, a busy timeout, foreign keys, migrations.
public enum BoardDatabase {
    /// `$XDG_DATA_HOME/board/board.sqlite`, by default `~/.local/share/board/board.sqlite`.
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let dataHome = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.local/share"
        return dataHome + "/board/board.sqlite"
    }

    /// Opens (creating if needed) and migrates the database at `path`; refuses one written by a newer Board.
    public static func open(path: String) throws -> DatabasePool {
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        configuration.foreignKeysEnabled = true
        configuration.prepareDatabase { db in
            // Large writes (a generation, a propagation) stay in memory until commit instead of
            // spilling pages to the WAL midway; SQLite only takes the memory it uses.
            try db.execute(sql: "PRAGMA cache_size = -65536")
        }
        let pool: DatabasePool
        do {
            pool = try DatabasePool(path: path, configuration: configuration)
        } catch {
            throw BoardError("db", "cannot open \(path): \(error)")
        }
        try migrate(pool)
        return pool
    }

    static func migrate(_ writer: some DatabaseWriter) throws {
        let migrator = Schema.migrator
        // On the writer's own connection: a reader that looked at the old schema would keep it cached.
        let superseded = try writer.writeWithoutTransaction { db in try migrator.hasBeenSuperseded(db) }
        if superseded {
            throw BoardError("db", "this database was written by a newer version of Board; upgrade Board to open it")
        }
        try migrator.migrate(writer)
    }
}

