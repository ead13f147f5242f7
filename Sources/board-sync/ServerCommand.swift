import BoardCLI
import BoardModel
import BoardSync
import Foundation

enum ServerCommand {
    static let info = SyncCommands.server([ServerInit.info, ServerAddUser.info])
}

struct ServerInit: Command {
    static let info = CommandInfo(
        "init",
        abstract: "Create or migrate Board's schema on the server (numbered migrations; running it again changes nothing).",
        parameters: [.argument("url", "An administrator's URL.")], runs: Self.self)

    let url: String

    init(_ given: ParsedArguments) { url = given.required("url") }

    func run() throws {
        let server = try ServerURL(url)
        let ran = try waitFor { try await BoardServer.initialize(server) }
        printOut(ran == 0 ? "The schema on \(server.host):\(server.port)/\(server.database) is up to date."
                 : "Migrated the schema on \(server.host):\(server.port)/\(server.database): \(ran) \(ran == 1 ? "migration" : "migrations") run.")
    }
}

struct ServerAddUser: Command {
    static let info = CommandInfo(
        "add-user",
        abstract: "Create a login for a person and print the URL to give them (the password is generated unless given).",
        parameters: [
            .argument("name", "The person's login: lower-case letters, digits and _."),
            .option("server", "An administrator's URL.", value: "url", required: true),
            .option("password", "Their password (default: 24 random letters and digits)."),
        ], runs: Self.self)

    let name: String, server: String, password: String?

    init(_ given: ParsedArguments) {
        name = given.required("name")
        server = given.required("server")
        password = given.value("password")
    }

    func run() throws {
        let admin = try ServerURL(server)
        let (name, password) = (self.name, self.password)
        let url = try waitFor { try await BoardServer.addUser(name, password: password, admin: admin) }
        printOut("Added \(name). Their server URL (keep it secret, it holds the password):\n\(url)")
    }
}

/// Where async work leaves its result for the waiting thread.
private final class Outcome<T>: @unchecked Sendable { var result: Result<T, any Error>? }

/// Runs async work to its end from a command's synchronous `run`.
func waitFor<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) throws -> T {
    let outcome = Outcome<T>(), done = DispatchSemaphore(value: 0)
    Task {
        do { outcome.result = .success(try await work()) } catch { outcome.result = .failure(error) }
        done.signal()
    }
    done.wait()
    return try outcome.result!.get()
}
