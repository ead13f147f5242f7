import ArgumentParser
import BoardCLI
import BoardModel
import BoardSync
import Foundation

struct ServerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: SyncCommands.server.commandName, abstract: SyncCommands.server.abstract, discussion: SyncCommands.server.discussion,
        subcommands: [ServerInit.self, ServerAddUser.self])
}

struct ServerInit: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Create or migrate Board's schema on the server (numbered migrations; running it again changes nothing).")

    @Argument(help: ArgumentHelp("An administrator's URL.", valueName: "url")) var url: String

    func run() throws {
        let server = try ServerURL(url)
        let ran = try waitFor { try await BoardServer.initialize(server) }
        printOut(ran == 0 ? "The schema on \(server.host):\(server.port)/\(server.database) is up to date."
                 : "Migrated the schema on \(server.host):\(server.port)/\(server.database): \(ran) \(ran == 1 ? "migration" : "migrations") run.")
    }
}

struct ServerAddUser: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add-user",
        abstract: "Create a login for a person and print the URL to give them (the password is generated unless given).")

    @Argument(help: ArgumentHelp("The person's login: lower-case letters, digits and _.", valueName: "name")) var name: String
    @Option(help: ArgumentHelp("An administrator's URL.", valueName: "url")) var server: String
    @Option(help: ArgumentHelp("Their password (default: 24 random letters and digits).", valueName: "password")) var password: String?

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
