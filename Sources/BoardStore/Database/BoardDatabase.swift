import BoardModel
import Foundation
import GRDB
import GRDBSQLite

/// Opens the board's SQLite file: WAL, a busy timeout, foreign keys, migrations.
public enum BoardDatabase {
    /// `$XDG_DATA_HOME/board/board.sqlite`, by default `~/.local/share/board/board.sqlite`.
    /// `environment` reads one variable, nil when unset or empty (the command line's `Environment.value`).
    public static func defaultPath(environment: (String) -> String?) -> String {
        let dataHome = environment("XDG_DATA_HOME") ?? (environment("HOME") ?? NSHomeDirectory()) + "/.local/share"
        return dataHome + "/board/board.sqlite"
    }

    /// How every connection to a board is set up: a busy timeout, foreign keys, the cache and the WAL.
    /// An in-memory `DatabaseQueue(configuration: BoardDatabase.configuration)` is a board too (tests).
    public static var configuration: Configuration {
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        configuration.foreignKeysEnabled = true
        configuration.prepareDatabase { db in
            // Large writes (a generation, a propagation) stay in memory until commit instead of
            // spilling pages to the WAL midway; SQLite only takes the memory it uses.
            try db.execute(sql: "PRAGMA cache_size = -65536")
            // What a pool sets: in WAL mode a commit is safe from a crash without a sync of its own.
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
            // A statement that may fail midway inside a transaction (an upsert under triggers)
            // keeps its undo pages in a statement journal: a temporary file by default, which a
            // pull of 100,000 changes opened and wrote a million times (ARCHITECTURE.md §7).
            try db.execute(sql: "PRAGMA temp_store = MEMORY")
            // The -wal and -shm files stay when the last connection closes (the WAL checkpointed
            // into the file and truncated to nothing first): making and removing both on every
            // command was a tenth of a small board's `list` (ARCHITECTURE.md §7).
            var persist: Int32 = 1
            sqlite3_file_control(db.sqliteConnection, "main", SQLITE_FCNTL_PERSIST_WAL, &persist)
            try db.execute(sql: "PRAGMA journal_size_limit = \(walSizeLimit)")
        }
        return configuration
    }

    /// The size the -wal file is cut back to after a checkpoint; a closing connection cuts it to nothing.
    static let walSizeLimit = 4 << 20

    /// Opens the file at `path` (creating it and its folder if needed) in WAL mode. A file the user
    /// may not write is opened read-only: it can be shown, not changed. `BoardStore` migrates it.
    /// `concurrentReads`: a pool, whose readers run beside a write (the screen reads while a sync
    /// round writes); else one connection, all a single command needs (ARCHITECTURE.md §7).
    public static func open(path: String, concurrentReads: Bool) throws -> (writer: any DatabaseWriter, readOnly: Bool) {
        let exists = FileManager.default.fileExists(atPath: path)
        let readOnly = exists && !FileManager.default.isWritableFile(atPath: path)
        if !exists {
            try createFolder(of: path)
            try createPrivateFile(path)
        }
        if !readOnly { try repairSidecarModes(of: path) }
        var configuration = self.configuration
        configuration.readonly = readOnly
        do {
            if concurrentReads { return (try DatabasePool(path: path, configuration: configuration), readOnly) }
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            // WAL is kept in the file once set, so this writes only when the file is new. A pool
            // sets it too, and then writes a throwaway table on every open to make the -wal file.
            if !readOnly { try queue.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA journal_mode = WAL") } }
            return (queue, readOnly)
        } catch let error as DatabaseError {
            throw BoardFileError.classify(error, path: path) ?? BoardFileError.unusable(path: path, problem: error.message ?? "\(error)")
        }
    }

    /// Creates the folders above `path`; a file in the way or a folder without permission is said in words.
    private static func createFolder(of path: String) throws {
        try createPrivateFolder(URL(fileURLWithPath: path).deletingLastPathComponent().path)
    }

    /// A new board is its owner's alone (0600), whatever the umask: SQLite gives the -wal and -shm
    /// files the board's mode, so they are too. Made empty here, which SQLite takes as a new database.
    private static func createPrivateFile(_ path: String) throws {
        let fd = Glibc.open(path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
        // Another process made it first: that one is used as it is.
        guard fd >= 0 else { return }
        defer { close(fd) }
        fchmod(fd, 0o600)
    }

    /// Creates `directory` and the folders above it that are missing, each its owner's alone (0700)
    /// whatever the umask (a board's folder, the server's state); folders that exist are left as they
    /// are. A file in the way or a folder without permission is said in words.
    public static func createPrivateFolder(_ directory: String) throws {
        // The nearest part of the path that exists must be a folder.
        var existing = URL(fileURLWithPath: directory)
        var isFolder: ObjCBool = false
        while !FileManager.default.fileExists(atPath: existing.path, isDirectory: &isFolder) {
            existing = existing.deletingLastPathComponent()
        }
        if !isFolder.boolValue {
            throw BoardFileError.folder(path: directory, problem: "\(existing.path) is a file, not a folder")
        }
        if existing.path == directory { return }
        let missing = URL(fileURLWithPath: directory).pathComponents.dropFirst(URL(fileURLWithPath: existing.path).pathComponents.count)
        var folder = existing
        for name in missing {
            folder.appendPathComponent(name)
            if mkdir(folder.path, 0o700) != 0 && errno != EEXIST {
                let problem = errno == EACCES ? "permission denied" : String(cString: strerror(errno))
                throw BoardFileError.folder(path: directory, problem: problem)
            }
            chmod(folder.path, 0o700)
        }
    }

    /// SQLite makes `-shm` and `-wal` with the database file's mode. After the file was read-only
    /// once, they stay 0444 when it is writable again and every open fails; they take the file's mode back.
    /// With `stat` and `access` rather than FileManager's attributes, which look up the owner's
    /// and group's names on every command's start.
    static func repairSidecarModes(of path: String) throws {
        var info = stat()
        guard stat(path, &info) == 0 else { return }
        // Another process's last close removes them at any moment: a file gone is not a read-only one.
        for sidecar in [path + "-shm", path + "-wal"] where access(sidecar, W_OK) != 0 && errno != ENOENT {
            guard chmod(sidecar, info.st_mode & 0o777) == 0 || errno == ENOENT else {
                throw BoardFileError.unusable(path: path, problem: "\(sidecar) is read-only and not yours to change; its owner can fix it")
            }
        }
    }

    static func migrate(_ writer: some DatabaseWriter) throws {
        let migrator = Schema.migrator
        // On the writer's own connection: a reader that looked at the old schema would keep it cached.
        let superseded = try writer.writeWithoutTransaction { db in try migrator.hasBeenSuperseded(db) }
        if superseded {
            // The file, not the command line, is what can't be used: status 3, as the README says.
            throw BoardFileError.unusable(path: writer.path, problem: "was written by a newer version of Board; upgrade Board to open it")
        }
        try migrator.migrate(writer)
    }
}

