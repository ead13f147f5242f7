import BoardCLI
import BoardModel
import BoardStore
import BoardServer
import BoardSync
import Foundation

/// `board server remind`: one pass of the reminders the server sends (ARCHITECTURE.md §17); `board
/// server run --exec` makes the same pass every minute, and sooner when a reminder comes due.
struct ServerRemind: Command {
    static let info = SyncCommands.serverRemind.runs(Self.self)

    let server: String, state: String?, command: String?, grace: Int?, now: String?

    init(_ given: ParsedArguments) throws {
        server = try given[SyncCommands.Replica.server]
        state = try given[SyncCommands.Replica.state]
        command = try given[SyncCommands.Remind.exec]
        grace = try given[SyncCommands.Remind.grace]
        now = try given[SyncCommands.Remind.now]
    }

    func run() throws {
        let delivery = try ServerDelivery(command: command, grace: grace, log: ServerLog.logger(.command))
        let reminders = ServerReminders(replica: ServerReplica(server: try ServerURL(server), folder: state ?? ServerRun.defaultFolder))
        let instant = try now.map(Self.instant) ?? Date()
        let failed = try waitFor { try await delivery.pass(reminders, now: instant).failed }
        if !failed.isEmpty { throw NotifierFailure(titles: failed) }
    }

    /// `--now`: an instant, in UTC unless it names its offset (seconds optional).
    static func instant(_ text: String) throws -> Date {
        let refusal = BoardError("now", "must be YYYY-MM-DDTHH:MM[:SS] in UTC, or with a Z or an offset, got '\(text.echoed)'")
        guard let parts = text.wholeMatch(of: /(\d{4}-\d\d-\d\dT\d\d:\d\d)(:\d\d)?(Z|[+-]\d\d:\d\d)?/) else { throw refusal }
        guard let date = ISO8601DateFormatter().date(from: "\(parts.1)\(parts.2 ?? ":00")\(parts.3 ?? "Z")") else { throw refusal }
        return date
    }
}
