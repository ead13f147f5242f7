import Foundation
import Testing

/// Issue: faults of the board's file. A failing command left a new empty database behind; a typo in
/// `--db` showed an empty board; a board that was read-only once stayed broken; raw errors exited 1.
@Suite struct BoardFileFaultTests {
    /// Runs the binary as a user without root's power to write read-only files (`nobody`), when the tests run as root.
    func runUnprivileged(_ arguments: [String]) throws -> BoardBinary.Result {
        guard getuid() == 0 else { return try BoardBinary.run(arguments) }
        return try BoardBinary.run(["--as-nobody"] + arguments)
    }

    func folderEveryoneMayWrite() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("board-fault-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o777])
        return folder
    }

    @Test func failingCommandsLeaveNoFileBehind() throws {
        let board = try BoardFile()
        let cases: [([String], Int32)] = [
            (["list", "--tz", "Mars/Phobos"], 3), (["edit", "zzzz", "--title", "x"], 3), (["habit", "check", "nope"], 3),
            (["add", "Pay rent", "--tz", "Mars/Phobos"], 2), (["habit", "add", " "], 2), (["template", "add", "T", "--every", "every blue moon"], 2),
        ]
        for (arguments, status) in cases {
            let r = try board.run(arguments)
            #expect(r.status == status, "\(arguments): \(r.stderr)")
            #expect(r.stderr.split(separator: "\n").count == 1)
            let left = try FileManager.default.contentsOfDirectory(atPath: URL(fileURLWithPath: board.path).deletingLastPathComponent().path)
            #expect(left.isEmpty, "\(arguments) left \(left)")
        }
    }

    @Test func aMistypedPathSaysThereIsNoBoardAndCreatesNoFolders() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("board-typo-\(UUID().uuidString)")
        let path = root.appendingPathComponent("typo/b.sqlite").path
        let r = try BoardBinary.run(["list", "--db", path])
        #expect(r.status == 3)
        #expect(r.stderr == "error: no board at \(path) yet; `board add TITLE` or `board` creates it\n")
        #expect(!FileManager.default.fileExists(atPath: root.path))
        // A creating command that fails removes the folders it made.
        #expect(try BoardBinary.run(["add", "", "--db", path]).status == 2)
        #expect(!FileManager.default.fileExists(atPath: root.path))
    }

    @Test func aFileInTheWayOfTheFolderIsSaidInWords() throws {
        let board = try BoardFile()
        try Data().write(to: URL(fileURLWithPath: board.path))
        let r = try BoardBinary.run(["add", "x", "--db", board.path + "/inner/b.sqlite"])
        #expect(r.status == 3)
        #expect(r.stderr == "error: cannot create the folder \(board.path)/inner: \(board.path) is a file, not a folder\n")
    }

    @Test func aReadOnlyBoardIsShownNotChangedAndWorksAgainOnceWritable() throws {
        let path = try folderEveryoneMayWrite().appendingPathComponent("b.sqlite").path
        #expect(try runUnprivileged(["add", "Pay rent", "--db", path]).status == 0)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: path)
        let list = try runUnprivileged(["list", "--db", path])
        #expect(list.status == 0 && list.stdout.contains("Pay rent"), "\(list.stderr)")
        let add = try runUnprivileged(["add", "Buy milk", "--db", path])
        #expect(add.status == 3)
        #expect(add.stderr == "error: \(path) is read-only; Board can show it but not change it (nothing was written)\n")
        // Fixed: the -shm SQLite made while the file was read-only does not keep it broken.
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        #expect(try runUnprivileged(["add", "Buy milk", "--db", path]).status == 0)
        #expect(try runUnprivileged(["list", "--db", path]).stdout.contains("Buy milk"))
    }

    @Test func anEmptyExecCommandIsRefused() throws {
        let board = try BoardFile()
        try board.run(["add", "Call", "--due", "2026-11-21", "--time", "10:30"])
        let r = try board.run(["remind", "--exec", "  "], now: "2026-11-21T10:31")
        #expect(r.status == 2 && r.stderr == "error: exec: must be a command for /bin/sh, not empty\n")
        // Nothing was claimed: the next pass still delivers it.
        #expect(try board.run(["remind"], now: "2026-11-21T10:32").stdout.contains("Reminder: Call"))
    }

    @Test func exitStatusesAreInHelp() throws {
        let help = try BoardBinary.run(["--help"]).stdout.replacingOccurrences(of: "\n", with: " ")
        #expect(help.contains("2 bad input") && help.contains("3 the board file can't be used"))
    }
}

/// Issue: the screen on a read-only board.
@Suite struct ReadOnlyScreenTests {
    @Test func theScreenShowsAReadOnlyBoardAndRefusesChangesInWords() throws {
        let folder = try BoardFileFaultTests().folderEveryoneMayWrite()
        let path = folder.appendingPathComponent("b.sqlite").path
        #expect(try BoardFileFaultTests().runUnprivileged(["add", "Pay rent", "--db", path]).status == 0)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: path)
        let asNobody = getuid() == 0 ? ["runuser", "-u", "nobody", "--"] : []
        let session = try TmuxSession(asNobody + ["env", "BOARD_NOW=2026-11-21T10:00", "BOARD_TZ=Europe/Paris", "XDG_CONFIG_HOME=/nonexistent",
                                                   BoardBinary.url.path, "--db", path], command: true)
        #expect(session.waitFor { $0.contains("READ-ONLY") && $0.contains("Pay rent") }.0, "\(session.screen)")
        try session.send("x")
        // The message names the file's path, so where it wraps depends on the temporary folder's name.
        let (refused, screen) = session.waitFor {
            $0.split(whereSeparator: \.isWhitespace).joined(separator: " ").contains("is read-only; Board can show it but not change it")
        }
        #expect(refused, "\(screen)")
        #expect(screen.contains("[ ] Pay rent"))
        try session.send("q")
    }
}

/// Issue: a full disk gave "SQLite error 13 … COMMIT TRANSACTION" and exit status 1. A real full disk:
/// a 2 MiB tmpfs (a new board's migrations peak at about 1 MB in the write-ahead log, which the
/// first command checkpoints away), which needs root to mount (the test says it was skipped where it can't).
@Suite struct FullDiskTests {
    static let canMount: Bool = getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/bin/mount")

    @Test(.enabled(if: FullDiskTests.canMount, "mounting a tmpfs needs root"))
    func aFullDiskIsSaidInWordsAndTheBoardStillReads() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("board-full-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        func sh(_ command: String) throws -> Int32 {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/bin/sh")
            p.arguments = ["-c", command]
            try p.run()
            p.waitUntilExit()
            return p.terminationStatus
        }
        try #require(try sh("mount -t tmpfs -o size=2048k tmpfs '\(folder.path)'") == 0)
        defer { _ = try? sh("umount '\(folder.path)'") }
        let path = folder.appendingPathComponent("b.sqlite").path
        #expect(try BoardBinary.run(["add", "Pay rent", "--db", path]).status == 0)
        // Filled up but for 64 KiB: room for SQLite to open the board (its shared-memory file),
        // not for the cards below.
        let free = try #require(try FileManager.default.attributesOfFileSystem(forPath: folder.path)[.systemFreeSize] as? Int)
        _ = try sh("dd if=/dev/zero of='\(folder.path)/fill' bs=1k count=\(max(0, free / 1024 - 64)) 2>/dev/null")
        let long = String(repeating: "y", count: 9_000)
        var refused: BoardBinary.Result?
        for i in 1...20 {
            let r = try BoardBinary.run(["add", "Card \(i)", "--description", long, "--db", path])
            if r.status != 0 { refused = r; break }
        }
        let r = try #require(refused, "the disk never filled")
        #expect(r.status == 3 && r.stderr == "error: the disk holding \(path) is full; nothing was written\n", "\(r.stderr)")
        let list = try BoardBinary.run(["list", "--db", path])
        #expect(list.status == 0 && list.stdout.contains("Pay rent"), "\(list.stderr)")
        // A new board on the full disk: refused in words, and no file is left behind.
        let other = folder.appendingPathComponent("other.sqlite").path
        let fresh = try BoardBinary.run(["add", "x", "--db", other])
        #expect(fresh.status == 3 && fresh.stderr.contains("is full; nothing was written"), "\(fresh.stderr)")
        #expect(!FileManager.default.fileExists(atPath: other))
    }
}

/// Issue: under `ulimit -f` a command said "Added …" and was then killed by SIGXFSZ. The limit is
/// now an error of the file: status 3, one line, nothing said as done.
@Suite struct FileSizeLimitTests {
    @Test func aFileSizeLimitIsStatusThreeBeforeAnythingIsReported() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("board-fsize-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "ulimit -f 8; exec '\(BoardBinary.url.path)' add 'Pay rent' --db '\(folder.path)/b.sqlite'"]
        process.environment = ["BOARD_NOW": "2026-11-21T10:00", "BOARD_TZ": "Europe/Paris", "XDG_CONFIG_HOME": "/nonexistent"]
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 3, "\(process.terminationStatus): \(stderr)")
        #expect(stdout.isEmpty && stderr.hasPrefix("error: cannot use ") && stderr.split(separator: "\n").count == 1, "\(stdout)\(stderr)")
    }
}
