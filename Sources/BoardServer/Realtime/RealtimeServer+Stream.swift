import BoardSync
import Foundation
import NIOCore
import NIOHTTP1

extension RealtimeServer {
    /// What one connection gets: its request read within a few seconds, then `/watch`'s stream,
    /// or `/metrics` and `/healthz` for a scraper on this machine, or a refusal in a line.
    func respond(_ connection: NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>, desk: TicketDesk, watchers: Watchers) async {
        // A client that never finishes its request is not kept waiting on.
        let slow = connection.channel.eventLoop.scheduleTask(in: .seconds(10)) { connection.channel.close(promise: nil) }
        let local = connection.channel.remoteAddress?.ipAddress.map(ServerURL.isLoopback) ?? false
        try? await connection.executeThenClose { inbound, outbound in
            var head: HTTPRequestHead?
            var parts = inbound.makeAsyncIterator()
            while let part = try await parts.next() {
                if case .head(let given) = part { head = given }
                if case .end = part { break }
            }
            slow.cancel()
            guard let head else { return }
            func reply(_ status: HTTPResponseStatus, _ words: String, type: String = "text/plain; charset=utf-8") async throws {
                var headers = HTTPHeaders([("content-type", type), ("connection", "close"), ("cache-control", "no-store"),
                                           ("content-length", String(words.utf8.count))])
                if status == .unauthorized { headers.add(name: "www-authenticate", value: "Bearer") }
                try await outbound.write(.head(HTTPResponseHead(version: head.version, status: status, headers: headers)))
                try await outbound.write(.body(.byteBuffer(ByteBuffer(string: words))))
                try await outbound.write(.end(nil))
            }
            let path = head.uri.split(separator: "?").first.map(String.init) ?? head.uri
            switch path {
            case "/watch": break
            case "/metrics", "/healthz":
                guard head.method == .GET else { return try await reply(.methodNotAllowed, "GET \(path) only.\n") }
                // Person names and lags are the administrator's: a scraper elsewhere comes through a proxy or tunnel here.
                guard local else { return try await reply(.forbidden, "\(path) is served to this machine only.\n") }
                let lags = try? await desk.lags()
                if path == "/metrics" {
                    return try await reply(.ok, watchers.metrics.exposition(lags: lags ?? []), type: "text/plain; version=0.0.4; charset=utf-8")
                }
                let (healthy, words) = watchers.health.verdict(lags: lags)
                return try await reply(healthy ? .ok : .serviceUnavailable, words + "\n")
            default:
                return try await reply(.notFound, "Board's realtime channel serves GET /watch, and /metrics and /healthz to this machine.\n")
            }
            guard head.method == .GET else { return try await reply(.methodNotAllowed, "GET /watch only.\n") }
            guard let ticket = Self.ticket(head) else {
                watchers.metrics.ticketRefused()
                return try await reply(.unauthorized, "no ticket: send Authorization: Bearer TICKET\n")
            }
            let channel: String
            do {
                guard let found = try await desk.channel(ticket: ticket) else {
                    watchers.metrics.ticketRefused()
                    return try await reply(.unauthorized, "ticket refused: wrong, replaced or expired; fetch a new one\n")
                }
                channel = found
            } catch {
                return try await reply(.serviceUnavailable, "the database is out of reach; poll it meanwhile\n")
            }
            let (pokes, key) = hub.listen(channel, ticket: ticket)
            watchers.metrics.streamOpened()
            // The device hung up: its pokes end, and with them the stream (nothing more is read,
            // but a closed socket closes the channel).
            connection.channel.closeFuture.whenComplete { [hub] _ in hub.remove(channel, key: key) }
            defer {
                hub.remove(channel, key: key)
                watchers.metrics.streamClosed()
            }
            try await outbound.write(.head(HTTPResponseHead(version: head.version, status: .ok, headers: HTTPHeaders([
                ("content-type", "text/event-stream"), ("cache-control", "no-store"), ("x-accel-buffering", "no"),
            ]))))
            try await outbound.write(.body(.byteBuffer(ByteBuffer(string: "event: ready\ndata:\n\n"))))
            try await withThrowingTaskGroup(of: Void.self) { group in
                // Pokes, until the hub ends the stream (its ticket is no longer good, or the server stops).
                group.addTask { for await _ in pokes { try await outbound.write(.body(.byteBuffer(ByteBuffer(string: "event: moved\ndata:\n\n")))) } }
                group.addTask {
                    while true {
                        try await Task.sleep(for: .seconds(Self.heartbeat))
                        try await outbound.write(.body(.byteBuffer(ByteBuffer(string: ": still here\n\n"))))
                    }
                }
                try await group.next()
                group.cancelAll()
            }
            try? await outbound.write(.end(nil))
        }
    }

    /// The ticket of `Authorization: Bearer TICKET`, if it is one of the shape tickets have (64
    /// hex digits): anything else is refused without asking the database.
    static func ticket(_ head: HTTPRequestHead) -> String? {
        guard let value = head.headers.first(name: "authorization") else { return nil }
        let parts = value.split(separator: " ", omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        let ticket = String(parts[1])
        guard ticket.utf8.count == 64, ticket.utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) }) else { return nil }
        return ticket
    }
}
