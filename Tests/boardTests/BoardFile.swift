import Foundation

/// A board database in a fresh temporary folder, driven through the real binary.
struct BoardFile {
    let path: String

    init() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("board-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        path = directory.appendingPathComponent("board.sqlite").path
    }

    @discardableResult
    func run(_ arguments: [String], stdin: String = "", now: String = "2026-11-21T10:00") throws -> BoardBinary.Result {
        try BoardBinary.run(arguments + ["--db", path], stdin: stdin, environment: ["BOARD_NOW": now])
    }

    /// Makes the board exist and be empty: only commands that add something create a board.
    func create() throws {
        let added = try run(["add", "Made to create the board"])
        let id = String(added.stdout.split(separator: " ")[1].dropLast())
        guard try run(["delete", id]).status == 0 else { throw CocoaError(.fileWriteUnknown) }
    }

    /// `board list --json`, decoded.
    func cards(now: String = "2026-11-21T10:00") throws -> [[String: Any]] {
        let r = try run(["list", "--json"], now: now)
        return try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[String: Any]] ?? []
    }

    func templates() throws -> [[String: Any]] {
        let r = try run(["template", "list", "--json"])
        return try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[String: Any]] ?? []
    }
}
