import BoardSync
import Foundation

/// Who is listening for which person's log (ARCHITECTURE.md §19): each open stream of the realtime
/// channel under its person's notification channel. A poke reaches every stream of that person and
/// carries nothing; pokes a stream has not written yet fold into one.
final class RealtimeHub: @unchecked Sendable {
    /// One open stream: its pokes, and the ticket it was opened with (checked again while it lasts).
    struct Listener {
        let ticket: String
        let pokes: AsyncStream<Void>.Continuation
    }

    private let lock = NSLock()
    private var listeners: [String: [UUID: Listener]] = [:]

    /// Adds a stream for `channel`; its pokes, and the key that removes it.
    func listen(_ channel: String, ticket: String) -> (pokes: AsyncStream<Void>, key: UUID) {
        let (pokes, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let key = UUID()
        lock.withLock { listeners[channel, default: [:]][key] = Listener(ticket: ticket, pokes: continuation) }
        return (pokes, key)
    }

    func remove(_ channel: String, key: UUID) {
        let gone = lock.withLock { () -> Listener? in
            defer { if listeners[channel]?.isEmpty == true { listeners[channel] = nil } }
            return listeners[channel]?.removeValue(forKey: key)
        }
        gone?.pokes.finish()
    }

    /// Tells every stream of `channel` that its person's log moved (or a share changed).
    func poke(_ channel: String) {
        for listener in lock.withLock({ listeners[channel].map { Array($0.values) } ?? [] }) { listener.pokes.yield() }
    }

    /// The channel a person's pages listen on: poked when their tables moved (`tables:CHANNEL`).
    static func tablesChannel(_ channel: String) -> String { "tables:" + channel }

    /// What a page opened by a routine's link listens under instead of a ticket (`link:ID`).
    static func linkTicket(_ id: String) -> String { "link:" + id }

    /// The tickets of the open streams of devices.
    var tickets: [String] { openTickets.filter { !$0.hasPrefix("link:") } }

    /// The link ids of the open streams of pages.
    var links: [String] { openTickets.filter { $0.hasPrefix("link:") }.map { String($0.dropFirst(5)) } }

    private var openTickets: [String] { lock.withLock { Array(Set(listeners.values.flatMap { $0.values.map(\.ticket) })) } }

    /// Ends every stream whose ticket was `checked` and is not among `good` (replaced, revoked or
    /// expired); a stream opened since the check keeps going.
    func close(checked: Set<String>, good: Set<String>) {
        let ending = lock.withLock { () -> [Listener] in
            var ending: [Listener] = []
            for (channel, streams) in listeners {
                for (key, listener) in streams where checked.contains(listener.ticket) && !good.contains(listener.ticket) {
                    ending.append(listener)
                    listeners[channel]?[key] = nil
                }
                if listeners[channel]?.isEmpty == true { listeners[channel] = nil }
            }
            return ending
        }
        for listener in ending { listener.pokes.finish() }
    }

    /// Ends every stream: the server is stopping.
    func closeAll() {
        let ending = lock.withLock { () -> [Listener] in
            defer { listeners = [:] }
            return listeners.values.flatMap(\.values)
        }
        for listener in ending { listener.pokes.finish() }
    }
}
