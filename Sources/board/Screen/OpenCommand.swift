import ArgumentParser
import BoardModel
import BoardStore
import BoardTUI

struct OpenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "open", abstract: "Open the board in the terminal (what `board` alone does).")

    @OptionGroup var board: BoardOptions

    func run() throws {
        // BoardApp generates on start; no need to do it twice.
        let (store, _) = try board.open(generating: false, creating: true)
        try Self.runBoard(store: store, path: board.path, clockOptions: board.clockOptions)
    }

    /// Runs the board screen until the user quits; the clock runs from now, or from --now.
    static func runBoard(store: BoardStore, path: String, clockOptions: ClockOptions) throws {
        let app = try BoardApp(store: store, path: path, config: ConfigFile.loaded, clock: try clockOptions.runningClock(savedZone: try store.savedTimeZone()))
        try app.run(on: TerminalDriver())
    }
}
