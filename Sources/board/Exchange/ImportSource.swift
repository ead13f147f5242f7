import BoardCLI
import BoardModel
import BoardStore
import Foundation

/// What every import takes: the file (or - for standard input), `--dry-run`, and the board.
struct ImportSource {
    /// An import's file argument and `--dry-run`, in its own words; an `optional` file is
    /// standard input when left out.
    struct Parameters {
        let file: Declared<String?>, dryRun: Declared<Bool>

        init(file help: String, optional: Bool = false, dryRun: String) {
            file = optional ? .optionalArgument("file", help) : Declared.argument("file", help).map { $0 }
            self.dryRun = .flag("dry-run", dryRun)
        }

        /// The file, `--dry-run`, then the options every command takes.
        var all: [any ParameterDeclaration] { [file, dryRun] + BoardOptions.parameters }
    }

    let file: String, dryRun: Bool, board: BoardOptions

    init(_ given: ParsedArguments, _ parameters: Parameters) throws {
        file = try given[parameters.file] ?? "-"
        dryRun = try given[parameters.dryRun]
        board = try BoardOptions(given)
    }

    /// The file's bytes, or standard input's for "-", mapped rather than read (`MappedInput`).
    func read() throws -> MappedInput { try MappedInput(path: file) }

    /// The board the import writes to; a dry run on a board not made yet reads as one into an
    /// empty board, made in memory, so it creates no file.
    func open() throws -> (BoardStore, BoardClock) {
        dryRun && !FileManager.default.fileExists(atPath: board.path) ? try board.openEmptyInMemory() : try board.open(settling: !dryRun, creating: true)
    }
}
