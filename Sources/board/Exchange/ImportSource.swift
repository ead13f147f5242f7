import BoardCLI
import BoardModel
import BoardStore
import Foundation

/// What every import takes: the file (or - for standard input), `--dry-run`, and the board.
struct ImportSource {
    /// The file argument with its help, `--dry-run`, then the options every command takes;
    /// an `optional` file is standard input when left out.
    static func parameters(file help: String, optional: Bool = false, dryRun: String) -> [Parameter] {
        [.argument("file", help, optional: optional), .flag("dry-run", dryRun)] + BoardOptions.parameters
    }

    let file: String, dryRun: Bool, board: BoardOptions

    init(_ given: ParsedArguments) {
        file = given.value("file") ?? "-"
        dryRun = given.flag("dry-run")
        board = BoardOptions(given)
    }

    /// The file's bytes, or standard input's for "-".
    func read() throws -> Data {
        if file == "-" { return FileHandle.standardInput.readDataToEndOfFile() }
        guard let data = FileManager.default.contents(atPath: file) else { throw BoardError("file", "can't read '\(file)'") }
        return data
    }

    /// The board the import writes to; a dry run on a board not made yet reads as one into an
    /// empty board, made in memory, so it creates no file.
    func open() throws -> (BoardStore, BoardClock) {
        dryRun && !FileManager.default.fileExists(atPath: board.path) ? try board.openEmptyInMemory() : try board.open(creating: true)
    }
}
