// The least a command can do that reads a board through GRDB: open the file read-only and count
// its cards. No Board code; what it costs is the floor under `board list` (Benchmarks/README.md,
// "Floors"): the Swift runtime and Foundation, which GRDB imports, starting, the dynamic loader,
// GRDB's set-up of a connection, and SQLite reading the board's schema for the first statement.
//   OpenFloor BOARD_FILE
import Foundation
import GRDB

guard CommandLine.arguments.count == 2 else {
    FileHandle.standardError.write(Data("usage: OpenFloor BOARD_FILE\n".utf8))
    exit(2)
}
var configuration = Configuration()
configuration.readonly = true
let board = try DatabaseQueue(path: CommandLine.arguments[1], configuration: configuration)
let cards = try board.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM tasks") } ?? 0
print(cards)
