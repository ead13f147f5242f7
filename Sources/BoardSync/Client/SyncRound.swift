import BoardModel
import BoardStore
import Foundation
import PostgresNIO

/// What one round moved.
public struct RoundSummary: Equatable, Sendable {
    /// Changes pushed, and changes pulled from other devices.
    public var pushed = 0
    public var pulled = 0
    /// Occurrences generation made after the pull.
    public var generated = 0
    /// Rows that wait for changes still to come (`ReceiveSummary.heldBack`).
    public var heldBack = 0
    /// Set on a board's first round: the changes its rows became when it joined the account.
    public var joined = 0
    /// Pulled changes that failed the field rules and were set aside (`board sync status` says why).
    public var setAside = 0

    public init() {}

    /// "Pushed 12 changes, pulled 40; board up to date".
    public var sentence: String {
        func count(_ n: Int) -> String { n == 1 ? "1 change" : "\(n.formatted()) changes" }
        var text = pushed == 0 && pulled == 0 ? "Nothing to push or pull" : "Pushed \(count(pushed)), pulled \(pulled.formatted())"
        if generated > 0 { text += "; generated \(generated) \(generated == 1 ? "occurrence" : "occurrences")" }
        if heldBack > 0 { text += "; \(heldBack) \(heldBack == 1 ? "row waits" : "rows wait") for changes still to come" }
        if setAside > 0 { text += "; \(count(setAside)) set aside (`board sync status` says why)" }
        return text + "; board up to date"
    }
}

/// One round of sync (ARCHITECTURE.md §13): join the account on the first, push this device's
/// changes, pull everyone else's, generate, and push what generation made. Every step is one
/// store transaction, so a round cut anywhere leaves a board the next round carries on from.
public enum SyncRound {
    /// Changes per statement. Pull batches are smaller: two are in hand while one is taken in and the
    /// next is checked; two of 5,000 peaked a first pull of 100,000 at 146 MiB, of 20,000 at 200 MB.
    static let pushBatch = 5_000, pullBatch = 2_500

    /// Connects, runs a round and notes how it ended in the board (for `board sync status`).
    public static func run(_ store: BoardStore, server: ServerURL, clock: @escaping @Sendable () -> BoardClock) async throws -> RoundSummary {
        do {
            let summary = try await ServerConnection.withConnection(server) { connection in
                try await run(store, SyncConnection(connection: connection, server: server), clock: clock)
            }
            try store.sync.noteSyncRound(problem: nil, clock: clock())
            return summary
        } catch {
            try? store.sync.noteSyncRound(problem: (error as? SyncError)?.reason ?? "\(error)", clock: clock())
            throw error
        }
    }

    static func run(_ store: BoardStore, _ connection: SyncConnection, clock: @Sendable () -> BoardClock) async throws -> RoundSummary {
        var summary = RoundSummary()
        let owner = try await connection.owner()
        if let status = try store.sync.status(), store.ownerId != owner {
            throw SyncError.refused("this board syncs with another account (through \(status.server)); use a new board file for \(connection.server.user)",
                                    server: "\(connection.server.host):\(connection.server.port)")
        }
        summary.joined = try store.sync.join(owner: owner, server: connection.server.display)
        // Sent beside the clock's question, so it costs the round no wait of its own.
        async let zoneNoted: Void = connection.noteZone(clock().zone.identifier)
        let serverClock = try await connection.clock()
        await zoneNoted
        try store.sync.reinClock(serverClock: serverClock)
        summary.pushed += try await push(store, connection, owner: owner)
        guard try store.sync.status() != nil else { return summary }
        // The changes come by one statement; the store takes each batch in while the next is read
        // and checked against the field rules (a third of taking a batch in, needing no transaction).
        // That waiting runs on a thread of its own. This device's own pushes are read beforehand.
        let from = try store.sync.status()?.pulledThrough ?? 0
        let pulled = connection.pull(after: from, excluding: try store.sync.ownPushes(after: from))
        let received = try await onThreadOfItsOwn {
            var through = from, finished = false
            return try store.sync.receive(pulling: {
                guard !finished else { return nil }
                let batch = try waitFor { try await pulled.next(pullBatch) }
                finished = batch.count < pullBatch
                guard batch.through > through else { return nil }
                through = batch.through
                return (batch.changes, batch.through)
            }, serverClock: serverClock)
        }
        summary.pulled += received.received
        summary.heldBack = received.heldBack
        summary.setAside += received.setAside
        summary.generated = try store.routines.generate(clock: clock())
        summary.pushed += try await push(store, connection, owner: owner)
        // Reminders this device claimed and delivered while offline: the server learns of them now.
        let offline = try store.reminders.unpushedClaims()
        if !offline.isEmpty, let device = try store.sync.status()?.deviceId {
            _ = try await connection.claimReminders(offline, device: device)
            try store.reminders.markClaimsPushed(offline)
        }
        // What other people share with this person, as it is now: a routine no longer shared goes.
        if let shared = try await connection.shared() { try store.routines.replaceShared(shared.routines, runs: shared.runs) }
        return summary
    }

    /// Where the server reminds the person (nil: it doesn't), in which zone and whether it is pinned;
    /// `edit` first asks it to remind them somewhere (`.set`) or no more (`.clear`), `pin` to read
    /// their times in a zone of their choosing (`.set`) or in their devices' (`.clear`).
    /// `within`: seconds to give up after (`sync status` asks in passing and never waits long).
    public static func serverReminders(_ edit: FieldEdit<String>, pin: FieldEdit<String> = .keep, zone: String, server: ServerURL,
                                       within: Double = 60) async throws -> ServerReminderSetting {
        try await Deadline.run(seconds: within, server: "\(server.host):\(server.port)") {
            try await askServerReminders(edit, pin: pin, zone: zone, server: server)
        }
    }

    private static func askServerReminders(_ edit: FieldEdit<String>, pin: FieldEdit<String>, zone: String, server: ServerURL) async throws
        -> ServerReminderSetting {
        try await ServerConnection.withConnection(server) { connection in
            let session = SyncConnection(connection: connection, server: server)
            switch edit {
            case .keep: break
            case .set(let to): try await session.setServerReminders(to, zone: zone)
            case .clear: try await session.setServerReminders(nil, zone: zone)
            }
            switch pin {
            case .keep: break
            case .set(let pinned): try await session.pinReminderZone(pinned)
            case .clear: try await session.pinReminderZone(nil)
            }
            return try await session.serverReminders()
        }
    }

    /// Claims reminders on the server for this device; the ones it got.
    public static func claimReminders(_ store: BoardStore, _ claims: [(cardId: String, instant: String)], server: ServerURL) async throws -> Set<[String]> {
        guard let device = try store.sync.status()?.deviceId else { return [] }
        return try await ServerConnection.withConnection(server) { connection in
            try await SyncConnection(connection: connection, server: server).claimReminders(claims, device: device)
        }
    }

    /// Pushes the outbox in batches as `owner`'s (the session's); each batch leaves it once the server
    /// has it. The next batch is read while the server takes one (making a first sync's values is
    /// most of its own work).
    static func push(_ store: BoardStore, _ connection: SyncConnection, owner: String) async throws -> Int {
        var pushed = 0
        var batch = try store.sync.outbox(limit: pushBatch)
        while let last = batch.entries.last {
            let sending = batch.changes, entries = batch.entries
            async let numbers = connection.push(sending, owner: owner)
            let next = entries.count < pushBatch ? OutboxBatch() : try store.sync.outbox(after: last, limit: pushBatch)
            try store.sync.markPushed(entries, numbers: try await numbers)
            pushed += entries.count
            batch = next
        }
        return pushed
    }
}
