import Foundation
import Testing

/// Issue: a server session terminated while a pull streamed rows ended `board-sync` with a
/// precondition failure inside postgres-nio (signal 4 and an 80-line backtrace) instead of exit 5
/// and a retry. `board` now runs `board-sync` as its child and says such an end in one line.
@Suite struct SyncHandOffTests {
    /// `board` beside a stand-in `board-sync` that ends as `script` says.
    func boardBeside(_ script: String) throws -> (board: URL, folder: URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("board-handoff-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let board = folder.appendingPathComponent("board")
        // A hard link: the running board finds board-sync beside the path it was started by.
        try FileManager.default.linkItem(at: BoardBinary.url, to: board)
        let sync = folder.appendingPathComponent("board-sync")
        try ("#!/bin/sh\n" + script + "\n").write(to: sync, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: sync.path)
        return (board, folder)
    }

    func run(_ board: URL, _ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = board
        process.arguments = arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile(), stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: stdout, as: UTF8.self), String(decoding: stderr, as: UTF8.self))
    }

    @Test(arguments: ["ILL", "SEGV", "ABRT", "TRAP"])
    func aFaultInBoardSyncIsOneLineAndExitFive(signal: String) throws {
        let (board, folder) = try boardBeside("echo \"pulling\"; kill -\(signal) $$")
        defer { try? FileManager.default.removeItem(at: folder) }
        let r = try run(board, ["sync", "--db", folder.appendingPathComponent("b.sqlite").path])
        #expect(r.status == 5, "\(r)")
        #expect(r.stdout == "pulling\n")
        #expect(r.stderr.hasPrefix("error: sync: board-sync stopped on a fault (signal ") && r.stderr.split(separator: "\n").count == 1, "\(r.stderr)")
    }

    @Test func arguments_outputAndExitStatusPassThrough() throws {
        let (board, folder) = try boardBeside("echo \"$@\"; echo \"to stderr\" >&2; exit 3")
        defer { try? FileManager.default.removeItem(at: folder) }
        let r = try run(board, ["sync", "status", "--db", "x.sqlite"])
        #expect(r.status == 3 && r.stdout == "sync status --db x.sqlite\n" && r.stderr == "to stderr\n", "\(r)")
    }

    /// kill -9 of `board` ends its `board-sync` too, as when board replaced itself with it.
    @Test func board_syncEndsWithTheBoardThatStartedIt() throws {
        let board = try BoardFile()
        try board.run(["add", "x"])
        let process = BoardBinary.process(["sync", "--watch", "--db", board.path], environment: ["BOARD_SYNC_URL": "postgres://u@127.0.0.1:1/board"])
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        func children() -> [Int32] {
            let found = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/task/\(process.processIdentifier)/children", encoding: .utf8)) ?? ""
            return found.split(separator: " ").compactMap { Int32($0) }
        }
        let deadline = Date().addingTimeInterval(5)
        while children().isEmpty && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        let child = try #require(children().first, "board-sync started")
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        let gone = Date().addingTimeInterval(5)
        while kill(child, 0) == 0 && Date() < gone { Thread.sleep(forTimeInterval: 0.05) }
        #expect(kill(child, 0) != 0, "board-sync \(child) still runs")
    }
}
