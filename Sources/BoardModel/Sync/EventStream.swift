/// The realtime channel's event stream as a device reads it (ARCHITECTURE.md §19): server-sent
/// events, line by line as bytes arrive in any pieces, `event: ready` and `event: moved` each
/// ended by an empty line; comments, data and other events pass unread. Input from the network:
/// a line longer than `largest` refuses the stream, so at most that much is ever held, and each
/// byte is looked at once.
public struct EventStream: Sendable {
    public enum Event: Equatable, Sendable { case ready, moved }

    /// The longest line taken, in bytes.
    public static let largest = 4_096

    private var pending: [UInt8] = []
    private var event: String?

    public init() {}

    /// The events these bytes complete; nil once a line is longer than `largest` (the stream is
    /// then no good, and so is everything after).
    public mutating func take(_ bytes: some Sequence<UInt8>) -> [Event]? {
        var events: [Event] = []
        for byte in bytes {
            guard byte == 10 else {
                if pending.count >= Self.largest { return nil }
                pending.append(byte)
                continue
            }
            if pending.last == 13 { pending.removeLast() }
            if pending.isEmpty {
                if event == "ready" { events.append(.ready) } else if event == "moved" { events.append(.moved) }
                event = nil
            } else if pending.starts(with: Self.eventField) {
                var value = pending.dropFirst(Self.eventField.count)
                if value.first == 32 { value = value.dropFirst() }
                event = String(decoding: value, as: UTF8.self)
            }
            pending.removeAll(keepingCapacity: true)
        }
        return events
    }

    private static let eventField = Array("event:".utf8)
}
