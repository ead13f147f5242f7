import BoardSync
import Foundation
import NIOCore
import NIOHTTP1

extension RealtimeServer {
    /// What one connection gets: its request read within a few seconds, its ticket checked, then
    /// the stream for as long as the device holds it and its ticket stays good.
    func stream(_ connection: NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>, desk: TicketDesk) async {
        // A client that never finishes its request is not kept waiting on.
        let slow = connection.channel.eventLoop.scheduleTask(in: .seconds(10)) { connection.channel.close(promise: nil) }
        try? await connection.executeThenClose { inbound, outbound in
            var head: HTTPRequestHead?
            var parts = inbound.makeAsyncIterator()
            while let part = try await parts.next() {
                if case .head(let given) = part { head = given }
                if case .end = part { break }
            }
            slow.cancel()
            guard let head else { return }
            let ticket = Self.ticket(head)
            let refusal: (HTTPResponseStatus, String)?
            var channel: String?
            if head.uri.split(separator: "?").first != "/watch" {
                refusal = (.notFound, "Board's realtime channel serves GET /watch only.")
            } else if head.method != .GET {
                refusal = (.methodNotAllowed, "GET /watch only.")
            } else if let ticket {
                do {
                    channel = try await desk.channel(ticket: ticket)
                    refusal = channel == nil ? (.unauthorized, "ticket refused: wrong, replaced or expired; fetch a new one") : nil
                } catch {
                    refusal = (.serviceUnavailable, "the database is out of reach; poll it meanwhile")
                }
            } else {
                refusal = (.unauthorized, "no ticket: send Authorization: Bearer TICKET")
            }
            if let (status, words) = refusal {
                var headers = HTTPHeaders([("content-type", "text/plain; charset=utf-8"), ("connection", "close"),
                                           ("content-length", String(words.utf8.count + 1))])
                if status == .unauthorized { headers.add(name: "www-authenticate", value: "Bearer") }
                try await outbound.write(.head(HTTPResponseHead(version: head.version, status: status, headers: headers)))
                try await outbound.write(.body(.byteBuffer(ByteBuffer(string: words + "\n"))))
                try await outbound.write(.end(nil))
                return
            }
            guard let channel, let ticket else { return }
            let (pokes, key) = hub.listen(channel, ticket: ticket)
            // The device hung up: its pokes end, and with them the stream (nothing more is read,
            // but a closed socket closes the channel).
            connection.channel.closeFuture.whenComplete { [hub] _ in hub.remove(channel, key: key) }
            defer { hub.remove(channel, key: key) }
            try await outbound.write(.head(HTTPResponseHead(version: head.version, status: .ok, headers: HTTPHeaders([
                ("content-type", "text/event-stream"), ("cache-control", "no-store"), ("x-accel-buffering", "no"),
            ]))))
            try await outbound.write(.body(.byteBuffer(ByteBuffer(string: "event: ready\ndata:\n\n"))))
            try await withThrowingTaskGroup(of: Void.self) { group in
                // Pokes, until the hub ends the stream (its ticket is no longer good).
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
