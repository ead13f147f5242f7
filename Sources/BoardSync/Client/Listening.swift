import BoardModel
import BoardStore
import Foundation

/// How a watching device hears that its person's log moved (ARCHITECTURE.md §19), holding no
/// database connection while nothing happens: the realtime channel `board server run` serves, with
/// a ticket fetched on a short connection and renewed halfway through its life; without it (an
/// older server, none running, a firewall) the log's head polled on a short connection, every 1 s
/// backing off to 10 s while nothing moves, and the channel tried again after about 5 s, 10 s … 5 min.
enum Listening {
    /// Seconds between polls of the head: from the first, doubled while nothing moves, to the last.
    static let polls = Backoff(first: 1, last: 10)
    /// Seconds of polling before the channel is tried again: from the first, doubled, to the last.
    static let retries = Backoff(first: 5, last: 300)

    /// Runs until cancelled. `heard` is set whenever a round should run; `said` tells how this
    /// device hears, each time that changes.
    static func run(_ store: BoardStore, server: ServerURL, heard: Flag, said: @escaping @Sendable (String) -> Void) async {
        var retry = retries
        let roots = ServerConnection.trustRoots(server)
        // Each watch its own ticket: two on one board (the screen's and `sync --watch`) would
        // otherwise replace each other's.
        let watch = String(UInt32.random(in: 0...UInt32.max), radix: 16)
        while !Task.isCancelled {
            // A board joins its account at its first round: until then it has no device id.
            guard let device = (try? store.sync.status())??.deviceId else {
                try? await Task.sleep(for: .seconds(1))
                continue
            }
            var why: String, address: String?
            do {
                let ticket = try await ServerConnection.withConnection(server) { connection in
                    try await SyncConnection(connection: connection, server: server).realtimeTicket(device: device + "/" + watch)
                }
                address = ticket?.address
                if let ticket, let address {
                    let opened = Flag()
                    defer { if opened.take() { retry.reset() } }
                    try await RealtimeStream.listen(address: address, ticket: ticket.ticket, roots: roots, until: ticket.renewAt) { notice in
                        if case .ready = notice {
                            opened.set()
                            said("through the realtime channel at \(address)")
                        }
                        // Ready too: what moved before the stream opened is pulled now.
                        heard.set()
                    }
                    continue
                }
                why = ticket == nil ? "the server has no realtime channel: its administrator runs `board server init`"
                    : "the server runs no realtime channel: `board server run --realtime`"
            } catch is CancellationError {
                return
            } catch {
                why = (error as? SyncError).map { "the server: " + $0.reason } ?? "the channel at \(address ?? "?"): " + RealtimeStream.describe(error)
            }
            said("by polling the server every \(Int(polls.first))–\(Int(polls.last)) s (\(why))")
            // Spread: a thousand devices that lost the channel at once come back over seconds, not at once.
            await poll(store, server: server, heard: heard, for: retry.next() * Double.random(in: 0.5...1.5))
        }
    }

    /// Polls the log's head for `seconds`: a head past what the board pulled is something to pull.
    static func poll(_ store: BoardStore, server: ServerURL, heard: Flag, for seconds: Double) async {
        let end = Date().addingTimeInterval(seconds)
        var interval = polls
        while !Task.isCancelled && Date() < end {
            let head = try? await ServerConnection.withConnection(server) { connection in
                try await SyncConnection(connection: connection, server: server).head()
            }
            if let head, head > (try? store.sync.status()?.pulledThrough) ?? 0 {
                heard.set()
                interval.reset()
            }
            try? await Task.sleep(for: .seconds(interval.next()))
        }
    }
}
