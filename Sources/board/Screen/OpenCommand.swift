import BoardCLI
import BoardModel
import BoardStore
import BoardTUI
import Foundation

struct OpenCommand: Command {
    static let info = CommandInfo(
        "open", abstract: "Open the board in the terminal (what `board` alone does).", parameters: BoardOptions.parameters, runs: Self.self)

    let board: BoardOptions

    init(_ given: ParsedArguments) throws { board = try BoardOptions(given) }

    func run() throws {
        if let error = TerminalDriver.cannotDraw(environment: ProcessInfo.processInfo.environment) { throw error }
        // BoardApp generates on start; no need to do it twice.
        let (store, _) = try board.open(generating: false, creating: true, concurrentReads: true)
        try Self.runBoard(store: store, path: board.path, clockOptions: board.clockOptions, syncing: true)
    }

    /// Runs the board screen until the user quits; the clock runs from now, or from --now.
    /// `syncing`: with the server configured (never the demo's board).
    /// `banner`: said in the title bar for as long as the board is open (the demo's).
    static func runBoard(store: BoardStore, path: String, clockOptions: ClockOptions, syncing: Bool = false, banner: String? = nil) throws {
        let clock = try clockOptions.runningClock(savedZone: try store.savedTimeZone())
        let app = try BoardApp(store: store, path: path, config: ConfigFile.loaded, clock: clock)
        if let banner { app.showBanner(banner) }
        // With a server configured, or one the board joined, the board syncs by itself, in a process
        // beside it: offline never blocks a key.
        var sync: ScreenSync?
        if syncing, !store.isReadOnly, try SyncCommands.configuredURL != nil || store.sync.server() != nil {
            let box = SyncStatusBox()
            app.syncStatus = box
            box.post("Syncing…")
            let fixed = clockOptions.isFixed
            store.sync.setWallClock { fixed ? clock().instant : Date() }
            do { sync = try ScreenSync(path: path, clockOptions: clockOptions, box: box) } catch {
                box.post("No sync: " + ((error as? BoardError)?.problem ?? "\(error)").escapedForTerminal)
            }
        }
        defer { sync?.stop() }
        try app.run(on: TerminalDriver(theme: ConfigFile.loaded.theme))
    }
}
