import BoardCLI
import BoardModel
import BoardSync
import Foundation

enum ServerCommand {
    static let info = SyncCommands.server(initialize: ServerInit.info, addUser: ServerAddUser.info)
}

struct ServerInit: Command {
    static let info = SyncCommands.serverInit.runs(Self.self)

    let url: String

    init(_ given: ParsedArguments) throws { url = try given[SyncCommands.adminURL] }

    func run() throws {
        let server = try ServerURL(url)
        let ran = try waitFor { try await BoardServer.initialize(server) }
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
        let url = try waitFor { try await BoardServer.addUser(name, password: password, admin: admin) }
        printOut("Added \(name). Their server URL (keep it secret, it holds the password):\n\(url)")
    }
}

/// Where async work leaves its result for the waiting thread.
private final class ResultBox<T>: @unchecked Sendable { var result: Result<T, any Error>? }

/// Runs async work to its end from a command's synchronous `run`.
func waitFor<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) throws -> T {
    let outcome = ResultBox<T>(), done = DispatchSemaphore(value: 0)
    Task {
        do { outcome.result = .success(try await work()) } catch { outcome.result = .failure(error) }
        done.signal()
    }
    done.wait()
    return try outcome.result!.get()
}
