/// A hybrid logical clock stamp (ARCHITECTURE.md §13): wall-clock milliseconds and a counter that
/// orders changes made in the same millisecond, or while this device's clock lags another's. Stamps
/// from one device only grow; with the device id they order every change of every device.
public struct HybridTimestamp: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let milliseconds: Int64
    public let counter: Int

    public init(milliseconds: Int64, counter: Int = 0) {
        self.milliseconds = milliseconds
        self.counter = counter
    }

    public static func < (a: HybridTimestamp, b: HybridTimestamp) -> Bool {
        (a.milliseconds, a.counter) < (b.milliseconds, b.counter)
    }

    /// The highest counter: five digits, so that stamps as text sort as the stamps do. A clock that
    /// would count past it within one millisecond (a first sync of 100,000 rows) moves on to the
    /// next millisecond instead, as a hybrid clock may: it only runs a little ahead of the wall.
    public static let maxCounter = 99_999

    /// The stamp after `milliseconds`/`counter`: the counter one up, or the next millisecond's first.
    private static func after(_ milliseconds: Int64, _ counter: Int) -> HybridTimestamp {
        counter < maxCounter ? HybridTimestamp(milliseconds: milliseconds, counter: counter + 1) : HybridTimestamp(milliseconds: milliseconds + 1)
    }

    /// The next stamp for a local change at wall time `now`: never below the last one.
    public func next(now: Int64) -> HybridTimestamp {
        now > milliseconds ? HybridTimestamp(milliseconds: now) : Self.after(milliseconds, counter)
    }

    /// The stamp after receiving `remote` at wall time `now`: above both, so a change made next
    /// orders after everything this device has seen.
    public func receiving(_ remote: HybridTimestamp, now: Int64) -> HybridTimestamp {
        let top = max(milliseconds, remote.milliseconds, now)
        if top == now && now > milliseconds && now > remote.milliseconds { return HybridTimestamp(milliseconds: now) }
        let counter = top == milliseconds && top == remote.milliseconds ? max(self.counter, remote.counter)
            : top == milliseconds ? self.counter : remote.counter
        return Self.after(top, counter)
    }

    /// How far ahead of a clock a stamp may be: the server refuses a change stamped further ahead
    /// of its own clock, and receiving never moves a device's clock further than this past its own.
    public static let leeway: Int64 = 10 * 60 * 1000

    /// This stamp, or a fresh one at wall time `now` when this one is more than `leeway` ahead of
    /// it: a clock that a far-future stamp once pinned comes back to the wall clock.
    public func reined(now: Int64) -> HybridTimestamp {
        milliseconds > now + Self.leeway ? HybridTimestamp(milliseconds: now) : self
    }

    /// `0001795341600000-00000`: fixed width, so the text sorts as the stamps do.
    public var description: String {
        let ms = String(milliseconds), c = String(counter)
        return String(repeating: "0", count: max(0, 16 - ms.count)) + ms + "-" + String(repeating: "0", count: max(0, 5 - c.count)) + c
    }

    public init?(_ text: String) {
        let parts = text.split(separator: "-")
        guard parts.count == 2, let ms = Int64(parts[0]), let c = Int(parts[1]), ms >= 0, c >= 0 else { return nil }
        self.init(milliseconds: ms, counter: c)
    }
}
