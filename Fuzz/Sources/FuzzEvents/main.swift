import BoardModel
import FuzzSupport

/// The realtime channel's event stream (ARCHITECTURE.md §19: a server's bytes, untrusted), read by
/// `EventStream` as the network hands it over. Held to itself: the bytes in one piece and in pieces
/// cut where the input's first byte says give the same events, or both refuse the stream.
FuzzDriver.run(fuzzEvents)

func fuzzEvents(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzInput(data, size)
    guard let first = bytes.first else { return 0 }
    let body = Array(bytes.dropFirst()), piece = Int(first % 64) + 1
    var whole = EventStream()
    let all = whole.take(body)
    var pieces = EventStream(), events: [EventStream.Event]? = []
    for start in stride(from: 0, to: body.count, by: piece) {
        guard let more = pieces.take(body[start..<min(start + piece, body.count)]) else { events = nil; break }
        events! += more
    }
    if all != events {
        Refusal.finding("events", "in one piece \(String(describing: all)), in pieces of \(piece) \(String(describing: events))")
    }
    return 0
}
