import BoardCLI
import BoardModel
import BoardStore
import BoardSync
import Foundation

enum SyncCommand {
    static let info = SyncCommands.sync(run: SyncRun.info, status: SyncStatusCommand.info)

    /// The server, the board, and its running clock (whose wall clock the board's stamps follow).
    static func start(_ options: BoardOptions, server: String?, creating: Bool) throws -> (ServerURL, BoardStore, @Sendable () -> BoardClock) {
        let given = try serverURL(server)
        let exists = FileManager.default.fileExists(atPath: options.path)
        // Without a server given, only a board that joined one can name it: nothing is created for nothing.
        guard given != nil || exists else { throw noServer }
        let (store, _) = try options.open(generating: false, creating: creating)
        guard let url = try given ?? joinedServer(store) else { throw noServer }
        let clock = try options.clockOptions.runningClock(savedZone: try store.savedTimeZone())
        let fixed = options.clockOptions.isFixed
        store.sync.setWallClock { fixed ? clock().instant : Date() }
        return (url, store, clock)
    }

    static let noServer = BoardError("server", "no server given: use --server URL, BOARD_SYNC_URL, or sync_url in config.toml")

    /// `--server`, `BOARD_SYNC_URL`, then config.toml's `sync_url`; with none of them, the server the
    /// board at `board` joined, if it did.
    static func serverURL(_ given: String?, board: BoardOptions? = nil) throws -> ServerURL? {
        if let text = given ?? SyncCommands.configuredURL { return try ServerURL(text) }
        guard let board, FileManager.default.fileExists(atPath: board.path) else { return nil }
        return try joinedServer(try board.open(generating: false).0)
    }

    /// The server a board joined, as its first sync recorded it: the URL without its password,
    /// which comes the way psql finds one (PGPASSWORD, the pgpass file), never from the board.
    static func joinedServer(_ store: BoardStore) throws -> ServerURL? {
        try store.sync.server().map { text throws in try ServerURL(text) }
    }
}

struct SyncRun: Command {
    static let info = SyncCommands.run.runs(Self.self)

    let options: BoardOptions, server: String?, watch: Bool, screen: Bool, claimReminders: Bool
    let serverReminders: FieldEdit<String>, reminderZone: FieldEdit<String>

    init(_ given: ParsedArguments) throws {
        options = try BoardOptions(given)
        server = try given[SyncCommands.Run.server]
        watch = try given[SyncCommands.Run.watch]
        screen = try given[SyncCommands.Run.screen]
        claimReminders = try given[SyncCommands.Run.claimReminders]
        serverReminders = try Self.reminderAddress(try given[SyncCommands.Run.serverReminders])
        reminderZone = try Self.pinnedZone(try given[SyncCommands.Run.reminderZone])
    }

    /// `--reminder-zone`: `follow`, or a zone of the time-zone database the server reads times in.
    static func pinnedZone(_ text: String?) throws -> FieldEdit<String> {
        guard let text else { return .keep }
        if text == "follow" { return .clear }
        guard text.count <= 64, TimeZone(identifier: text) != nil, text.contains("/") || text == "UTC" else {
            throw BoardError("reminder-zone", "must be a time zone such as Europe/Paris, or follow, got '\(text.echoed)'")
        }
        return .set(text)
    }

    /// `--server-reminders`: `off`, or where the server reaches the person, checked as the server's
    /// table checks it (1 to 200 characters, no control characters).
    static func reminderAddress(_ text: String?) throws -> FieldEdit<String> {
        guard let text else { return .keep }
        if text == "off" { return .clear }
        guard !text.isEmpty, text.count <= 200, !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw BoardError("server-reminders", "must be 1 to 200 characters without control characters, or off, got '\(text.echoed)'")
        }
        return .set(text)
    }

    func run() throws {
        if screen { besideTheScreen() }
        if claimReminders { return try claim() }
        if serverReminders != .keep || reminderZone != .keep { return try remindFromServer() }
        let (url, store, clock) = try start(creating: true)
        if watch {
            printOut("Syncing with \(url.display) — Ctrl-C stops.")
            waitForever { await SyncWatch.run(store, server: url, clock: clock, report: Self.print) }
        }
        let summary = try waitFor { try await SyncRound.run(store, server: url, clock: clock) }
        if summary.joined > 0 { printOut("Joined the account of \(url.user.escapedForTerminal) on \(url.host):\(url.port): \(summary.joined.formatted()) \(summary.joined == 1 ? "change" : "changes") from this board.") }
        printOut(summary.sentence + ".")
    }

    /// A reminder once across a person's devices (ARCHITECTURE.md §13): the device that claims it
    /// on the server delivers it. Out of reach: exit 5, and `board remind` delivers none of them.
    private func claim() throws {
        let (url, store, _) = try start(creating: false)
        var wanted: [String] = []
        while let line = readLine() { wanted.append(line) }
        let claims = wanted.compactMap { line -> (cardId: String, instant: String)? in
            let parts = line.split(separator: "\t", omittingEmptySubsequences: false)
            return parts.count == 2 ? (String(parts[0]), String(parts[1])) : nil
        }
        let won = try waitFor { try await SyncRound.claimReminders(store, claims, server: url) }
        for claim in claims where won.contains([claim.cardId, claim.instant]) { printOut(claim.cardId + " " + claim.instant) }
    }

    /// `--server-reminders`, `--reminder-zone`: tells the server where (and in which zone) to remind
    /// the person, or to stop.
    private func remindFromServer() throws {
        let (url, _, clock) = try start(creating: false)
        let (edit, pin, zone) = (serverReminders, reminderZone, clock().zone.identifier)
        let now = try waitFor { try await SyncRound.serverReminders(edit, pin: pin, zone: zone, server: url) }
        printOut(ServerReminderWords.sentence(now, person: url.user))
    }

    private func start(creating: Bool) throws -> (ServerURL, BoardStore, @Sendable () -> BoardClock) {
        try SyncCommand.start(options, server: server, creating: creating)
    }

    /// The screen reads each line into its status line, and closes this process's input when it
    /// quits (or dies): that ends this process too, so no sync outlives its screen.
    private func besideTheScreen() -> Never {
        Thread.detachNewThread {
            var byte: UInt8 = 0
            while read(0, &byte, 1) > 0 {}
            Foundation.exit(0)
        }
        do {
            let (url, store, clock) = try start(creating: false)
            // How it hears of changes is `board sync status`'s to say; the status line says where sync stands.
            waitForever {
                await SyncWatch.run(store, server: url, clock: clock) { event in
                    if case .listening = event { return }
                    printOut(event.words)
                }
            }
        } catch {
            printOut("Sync refused: \(error)")
            Foundation.exit(2)
        }
    }

    static func print(_ event: SyncEvent) {
        switch event {
        case .synced(let summary, let at):
            if summary.pushed > 0 || summary.pulled > 0 || summary.generated > 0 { printOut("\(at.local.time.description) \(summary.sentence).") }
        case .offline(let error, let waiting, let retry):
            printOut("Offline — \(waiting) \(waiting == 1 ? "change" : "changes") waiting; \(error); trying again in \(retry) s.")
        case .refused(let error, let retry):
            printOut("Sync refused: \(error); trying again in \(retry) s.")
        case .listening:
            printOut(event.words + ".")
        }
    }
}

struct SyncStatusCommand: Command {
    static let info = SyncCommands.status.runs(Self.self)

    let options: BoardOptions

    init(_ given: ParsedArguments) throws { options = try BoardOptions(given) }

    func run() throws {
        let (store, clock) = try options.open(generating: false)
        guard let status = try store.sync.status() else {
            printOut("This board has not synced yet; `board sync --server URL` joins it to an account.")
            return
        }
        printOut("Server:      \(status.server.escapedForTerminal)")
        printOut("Device:      \(status.deviceId)")
        func local(_ timestamp: String?) -> String? {
            timestamp.flatMap(BoardClock.date(fromTimestamp:)).map { LocalDateTime(instant: $0, in: clock.zone) }.map { $0.date.iso + " " + $0.time.description }
        }
        printOut("Last sync:   \(local(status.lastSyncedAt) ?? "never")")
        // How the watching sync (`--watch`, or beside the screen) hears of changes, and since when:
        // while its process runs (one killed says nothing on its way out).
        if let how = status.listening, let process = status.listeningProcess, kill(process, 0) == 0 || errno == EPERM {
            printOut("Watching:    \(how.escapedForTerminal)\(local(status.listeningSince).map { " (since \($0))" } ?? "")")
        }
        printOut("Waiting:     \(status.waiting.formatted()) \(status.waiting == 1 ? "change" : "changes") to push")
        if let problem = status.lastProblem { printOut("Last problem: \(problem.escapedForTerminal)") }
        remindersLine()
        // Received rows not made yet (their first values or parent still to come, or a rule of the board
        // in the way), and received changes that broke a field rule (never applied): each with why.
        list("Rows waiting:", status.waitingRows, "received row", "not made yet", status.waitingReasons)
        list("Set aside:  ", status.setAside, "received change", "that broke a rule, never applied", status.setAsideReasons)
    }

    /// Whether the server reminds the person, asked of the configured server (the board's status
    /// keeps no password); said as unknown when it is out of reach: status never fails for that.
    private func remindersLine() {
        guard let url = try? SyncCommand.serverURL(nil, board: options) else { return }
        let zone = TimeZone.current.identifier
        let line = (try? waitFor { try await SyncRound.serverReminders(.keep, zone: zone, server: url, within: 3) })
            .map { ServerReminderWords.status($0) } ?? "not known (the server is out of reach)"
        printOut("Reminders:   \(line)")
    }

    /// "Set aside:   3 received changes that broke a rule, never applied:" and the first few reasons.
    private func list(_ label: String, _ count: Int, _ noun: String, _ what: String, _ reasons: [String]) {
        guard count > 0 else { return }
        printOut("\(label) \(count.formatted()) \(noun)\(count == 1 ? "" : "s") \(what):")
        for reason in reasons { printOut("  \(reason.escapedForTerminal)") }
        if count > reasons.count { printOut("  … and \((count - reasons.count).formatted()) more") }
    }
}

/// Runs async work that ends only with the process (Ctrl-C).
func waitForever(_ work: @escaping @Sendable () async -> Void) -> Never {
    Task { await work() }
    while true { sleep(3600) }
}

/// How `board sync` says where the server reminds the person.
enum ServerReminderWords {
    static func status(_ now: ServerReminderSetting) -> String {
        guard let to = now.to else { return "from this device only (`board sync --server-reminders TO` asks the server)" }
        return "sent by the server to \(to.escapedForTerminal), \(zone(now))"
    }

    static func sentence(_ now: ServerReminderSetting, person: String) -> String {
        guard let to = now.to else { return "The server no longer reminds \(person.escapedForTerminal); devices running `board remind` still do." }
        return "The server reminds \(person.escapedForTerminal) at \(to.escapedForTerminal), \(zone(now)), "
            + "whenever `board server run --exec` runs there; each reminder once across the server and your devices."
    }

    /// "in Europe/Paris time (pinned)", or the zone the devices lead, said as following them.
    private static func zone(_ now: ServerReminderSetting) -> String {
        let zone = (now.zone ?? "UTC").escapedForTerminal
        return now.pinned ? "in \(zone) time (pinned; --reminder-zone follow lets your devices set it)"
            : "in \(zone) time, the zone of whichever of your devices synced last (--reminder-zone ZONE pins one)"
    }
}
