/// How long to wait before trying again (ARCHITECTURE.md §21): the first wait, doubled after each
/// failure up to the last, and the first again once something worked. Every retry in Board, on a
/// device and on the server, waits by one of these.
public struct Backoff: Sendable, Equatable {
    public let first: Double
    public let last: Double
    /// The wait the next failure gets.
    public private(set) var wait: Double

    public init(first: Double, last: Double) {
        precondition(first > 0 && last >= first, "a back-off grows from a positive first wait")
        self.first = first
        self.last = last
        wait = first
    }

    /// A lost connection or a failed pass: 1, 2, 4 … 30 seconds.
    public static var reconnect: Backoff { Backoff(first: 1, last: 30) }

    /// The wait for this failure; the next one waits twice as long, up to the last.
    public mutating func next() -> Double {
        defer { wait = min(wait * 2, last) }
        return wait
    }

    /// Something worked: the next failure waits the first wait again.
    public mutating func reset() { wait = first }
}
