import ArgumentParser
import BoardCLI
import BoardModel
import BoardStore
import Foundation

struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Open a throwaway board filled with a realistic sample, to see everything at once.",
        discussion: "The sample lives in a temporary file (printed on quit) and never touches your board.")

    @OptionGroup var clockOptions: ClockOptions
    @Option(help: ArgumentHelp("Write the sample here instead of a temporary file, and don't open the screen.", valueName: "path"))
    var into: String?

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
