import BoardCLI
import BoardModel
import BoardServer
import BoardSync
import Foundation
import Logging

enum ServerCommand {
    static let info = SyncCommands.server(initialize: ServerInit.info, addUser: ServerAddUser.info, run: ServerRun.info,
                                          remind: ServerRemind.info, status: ServerStatus.info)
}

struct ServerInit: Command {
    static let info = SyncCommands.serverInit.runs(Self.self)

    let url: String

    init(_ given: ParsedArguments) throws { url = try given[SyncCommands.adminURL] }

    func run() throws {
        let server = try ServerURL(url)
        let ran = try waitFor { try await ServerAdmin.initialize(server) }
        printOut(ran == 0 ? "The schema on \(server.host):\(server.port)/\(server.database) is up to date."
                 : "Migrated the schema on \(server.host):\(server.port)/\(server.database): \(ran) \(ran == 1 ? "migration" : "migrations") run.")
    }
}

struct ServerAddUser: Command {
    static let info = SyncCommands.addUser.runs(Self.self)

    let name: String, server: String, password: String?

    init(_ given: ParsedArguments) throws {
        name = try given[SyncCommands.AddUser.name]
        server = try given[SyncCommands.AddUser.server]
        password = try given[SyncCommands.AddUser.password]
    }

    func run() throws {
        let admin = try ServerURL(server)
        let (name, password) = (self.name, self.password)
        let url = try waitFor { try await ServerAdmin.addUser(name, password: password, admin: admin) }
        printOut("Added \(name). Their server URL (keep it secret, it holds the password):\n\(url)")
    }
}

/// `board server run`: the server's replica, a pass whenever a person's log moves (ARCHITECTURE.md
/// §16), as one service until SIGTERM or SIGINT (§21); `--once`, one pass as a command.
struct ServerRun: Command {
    static let info = SyncCommands.serverRun.runs(Self.self)

    let server: String, state: String?, once: Bool
    /// Reminders too, when given a command to send them with.
    let delivery: ServerDelivery?
    /// The realtime channel, when given where to serve it.
    let realtime: ServerListener?
    let maxLag: Int
    /// The daemon's log for a running server, a command's for `--once`; reminders say theirs through it too.
    let log: Logger

    init(_ given: ParsedArguments) throws {
        server = try given[SyncCommands.Replica.server]
        state = try given[SyncCommands.Replica.state]
        once = try given[SyncCommands.Replica.once]
        let level = try (given[SyncCommands.Service.logLevel] as String?).map(ServerLog.level) ?? .info
        maxLag = try given[SyncCommands.Service.maxLag] ?? 60
        guard maxLag >= 1 else { throw BoardError("max-lag", "must be 1 or more seconds, got \(maxLag)") }
        log = ServerLog.logger(once ? .command : .daemon, level: level)
        let command: String? = try given[SyncCommands.Remind.exec], grace: Int? = try given[SyncCommands.Remind.grace]
        delivery = command == nil && grace == nil ? nil : try ServerDelivery(command: command, grace: grace, log: log)
        if delivery != nil && command == nil { throw BoardError("grace", "is for reminders, which run sends only with --exec") }
        let listen: String? = try given[SyncCommands.Realtime.listen], advertise: String? = try given[SyncCommands.Realtime.advertise]
        let certificate: String? = try given[SyncCommands.Realtime.certificate], key: String? = try given[SyncCommands.Realtime.key]
        if listen == nil, let stray = [("advertise", advertise), ("tls-cert", certificate), ("tls-key", key)].first(where: { $0.1 != nil }) {
            throw BoardError(Field(stray.0), "is for the realtime channel, which run serves only with --realtime HOST:PORT")
        }
        realtime = try listen.map { listen throws(BoardError) in try ServerListener(listen: listen, advertise: advertise, certificate: certificate, key: key) }
        if realtime != nil && once { throw BoardError("realtime", "is served by a running server; --once makes one pass and exits") }
    }

    static var defaultFolder: String {
        let environment = ProcessInfo.processInfo.environment
        if let state = environment["XDG_STATE_HOME"], !state.isEmpty { return state + "/board-server" }
        return (environment["HOME"] ?? NSHomeDirectory()) + "/.local/state/board-server"
    }

    func run() throws {
        let replica = ServerReplica(server: try ServerURL(server), folder: state ?? Self.defaultFolder)
        guard once else {
            let service = ServerService(replica: replica, realtime: realtime, delivery: delivery, maxLag: Double(maxLag),
                                        log: log)
            ServerService.hearStopSignals()
            return try waitFor { try await service.runUntilStopped() }
        }
        let (log, delivery) = (self.log, self.delivery)
        try waitFor {
            let moved = try await replica.pass()
            for person in moved {
                if let problem = person.problem { log.error("\(person.person): \(problem)") }
                guard person.changes > 0 else { continue }
                log.info("\(person.person): \(person.changes) \(person.changes == 1 ? "change" : "changes") in, tables through \(person.through)")
            }
            if moved.contains(where: { $0.problem != nil }) { throw ExitStatus(5) }
            // With --exec, one pass of reminders too, as `board server remind` makes it.
            if let delivery {
                let failed = try await delivery.pass(ServerReminders(replica: replica), now: Date()).failed
                if !failed.isEmpty { throw NotifierFailure(titles: failed) }
            }
        }
    }
}

/// `board server status`: each person's lag.
struct ServerStatus: Command {
    static let info = SyncCommands.serverStatus.runs(Self.self)

    let server: String

    init(_ given: ParsedArguments) throws { server = try given[SyncCommands.Replica.server] }

    func run() throws {
        let server = try ServerURL(self.server)
        for lag in try waitFor({ try await ServerReplica.lags(on: server) }) {
            let age = lag.oldestSeconds.map { ", the oldest waiting \(Int($0.rounded())) s" } ?? ""
            printOut("\(lag.person): \(lag.changes == 0 ? "up to date" : "\(lag.changes) \(lag.changes == 1 ? "change" : "changes") behind\(age)")")
        }
    }
}
