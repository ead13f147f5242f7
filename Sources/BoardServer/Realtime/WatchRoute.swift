import BoardSync
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// `GET /watch`, the realtime channel (ARCHITECTURE.md §19): a device opens it with its ticket and
/// holds an event stream (`text/event-stream`) that says `ready`, then `moved` whenever its
/// person's log moves or a share changes, and nothing else. No notice carries data, so a stream
/// someone else heard would tell them nothing.
enum WatchRoute {
    /// Seconds between the comments that keep an idle stream open through proxies, and between
    /// checks that each open stream's ticket is still good.
    static let heartbeat = 25.0, recheck = 10.0

    static func add(to router: Router<ListenerContext>, _ services: ServerListener.Services) {
        router.get("/watch") { request, context in try await watch(request, context, services) }
    }

    static func watch(_ request: Request, _ context: ListenerContext, _ services: ServerListener.Services) async throws -> Response {
        guard let ticket = ticket(request.headers[.authorization]) else {
            services.metrics.ticketRefused()
            return .words(.unauthorized, "no ticket: send Authorization: Bearer TICKET", headers: [.wwwAuthenticate: "Bearer"])
        }
        let channel: String
        do {
            guard let found = try await services.desk.channel(ticket: ticket) else {
                services.metrics.ticketRefused()
                return .words(.unauthorized, "ticket refused: wrong, replaced or expired; fetch a new one", headers: [.wwwAuthenticate: "Bearer"])
            }
            channel = found
        } catch {
            return .words(.serviceUnavailable, "the database is out of reach; poll it meanwhile")
        }
        let hub = services.hub, metrics = services.metrics
        let (pokes, key) = hub.listen(channel, ticket: ticket)
        metrics.streamOpened()
        // The device hung up: its pokes end, and with them the stream (nothing more is read, but a
        // closed socket closes the channel).
        context.channel.closeFuture.whenComplete { _ in hub.remove(channel, key: key) }
        let body = ResponseBody { writer in
            defer {
                hub.remove(channel, key: key)
                metrics.streamClosed()
            }
            try await writer.write(ByteBuffer(string: "event: ready\ndata:\n\n"))
            // Pokes until the hub ends the stream (its ticket is no longer good, or the server
            // stops), a comment every heartbeat between them.
            var beats = pokes.beating(every: heartbeat).makeAsyncIterator()
            while let beat = await beats.next() {
                try await writer.write(ByteBuffer(string: beat ? "event: moved\ndata:\n\n" : ": still here\n\n"))
            }
            try await writer.finish(nil)
            // An ended stream ends its connection, as it always has: a device starts afresh.
            context.channel.close(promise: nil)
        }
        return Response(status: .ok, headers: [.contentType: "text/event-stream", .cacheControl: "no-store", .connection: "close",
                                               HTTPField.Name("x-accel-buffering")!: "no"],
                        body: body)
    }

    /// The ticket of `Authorization: Bearer TICKET`, if it is one of the shape tickets have (64
    /// hex digits): anything else is refused without asking the database.
    static func ticket(_ value: String?) -> String? {
        guard let value else { return nil }
        let parts = value.split(separator: " ", omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        let ticket = String(parts[1])
        return TokenShape.isHex64(ticket) ? ticket : nil
    }
}

extension AsyncStream where Element == Void {
    /// This stream's pokes as `true`, with a `false` after each `seconds` without one; ends with it.
    func beating(every seconds: Double) -> AsyncStream<Bool> {
        AsyncStream<Bool> { continuation in
            let task = Task {
                await withTaskGroup(of: Void.self) { group in
                    group.addTask {
                        for await _ in self { continuation.yield(true) }
                        continuation.finish()
                    }
                    group.addTask {
                        while (try? await Task.sleep(for: .seconds(seconds))) != nil { continuation.yield(false) }
                    }
                    await group.next()
                    group.cancelAll()
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}
