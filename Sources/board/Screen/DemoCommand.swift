import BoardCLI
import BoardModel
import BoardStore
import Foundation

struct DemoCommand: Command {
    static let info = CommandInfo(
        "demo",
        abstract: "Open a throwaway board filled with a realistic sample, to see everything at once.",
        discussion: "The sample lives in a temporary file (printed on quit) and never touches your board.",
        parameters: ClockOptions.parameters + [
            .option("into", "Write the sample here instead of a temporary file, and don't open the screen.", value: "path"),
        ], runs: Self.self)

    let clockOptions: ClockOptions, into: String?

    init(_ given: ParsedArguments) {
        clockOptions = ClockOptions(given)
        into = given.value("into")
    }

    func run() throws {
        let path = into ?? FileManager.default.temporaryDirectory
            .appendingPathComponent("board-demo-\(UUID().uuidString.prefix(8))").appendingPathComponent("board.sqlite").path
        let store = try BoardStore.open(path: path, concurrentReads: into == nil)
        try DemoBoard.fill(store, clock: try clockOptions.clock())
        if into != nil {
            printOut("Wrote the demo board to \(path)")
            return
        }
        try OpenCommand.runBoard(store: store, path: path, clockOptions: clockOptions)
        printOut("The demo board was \(path); delete it when you like.")
    }
}
