import BoardCLI
import BoardModel
import BoardStore
import BoardTUI
import Foundation

struct DemoCommand: Command {
    static let info = CommandInfo(
        "demo",
        abstract: "Open a throwaway board filled with a realistic sample, to see everything at once.",
        discussion: "The sample lives in a temporary file, deleted when you quit (--keep keeps it), and never touches your board.",
        parameters: ClockOptions.parameters + [
            keep, into,
        ], runs: Self.self)

    let clockOptions: ClockOptions, into: String?, keep: Bool

    static let keep = Declared.flag("keep", "Keep the sample's file after quitting, and say where it is.")
    static let into = Declared.option("into", "Write the sample here instead of a temporary file, and don't open the screen.", value: "path")

    init(_ given: ParsedArguments) throws {
        clockOptions = try ClockOptions(given)
        into = try given[Self.into]
        keep = try given[Self.keep]
    }

    func run() throws {
        if into == nil, let error = TerminalDriver.cannotDraw(environment: ProcessInfo.processInfo.environment) { throw error }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("board-demo-\(UUID().uuidString.prefix(8))")
        let path = into ?? folder.appendingPathComponent("board.sqlite").path
        let store = try BoardStore.open(path: path, concurrentReads: into == nil)
        try DemoBoard.fill(store, clock: try clockOptions.clock())
        if into != nil {
            printOut("Wrote the demo board to \(path)")
            return
        }
        // Deleted however the screen ends (q, an error); a signal that kills the process leaves it in /tmp.
        defer {
            if keep {
                printOut("The demo board is kept at \(path).")
            } else {
                try? FileManager.default.removeItem(at: folder)
                printOut("The demo board was deleted; board demo --keep keeps it.")
            }
        }
        try OpenCommand.runBoard(store: store, path: path, clockOptions: clockOptions,
                                 banner: keep ? "DEMO board, kept at \(path)" : "DEMO: a throwaway sample, deleted when you quit")
    }
}
