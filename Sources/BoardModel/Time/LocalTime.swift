/// A wall-clock time of day, to the minute.
public struct LocalTime: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let hour: Int
    public let minute: Int

    public static let midnight = LocalTime(hour: 0, minute: 0)!

    public init?(hour: Int, minute: Int) {
        guard (0...23).contains(hour), (0...59).contains(minute) else { return nil }
        self.hour = hour
        self.minute = minute
    }

    /// Minutes since midnight.
    public var minuteOfDay: Int { hour * 60 + minute }

    public static func < (a: LocalTime, b: LocalTime) -> Bool { a.minuteOfDay < b.minuteOfDay }

    /// `HH:MM`.
    public var description: String { hour.zeroPadded(2) + ":" + minute.zeroPadded(2) }

    /// `HH:MM` as cards show it (07:30, 19:05), so a summary, a reminder and a card agree;
    /// midnight and noon in words, as the phrases read them back.
    public var display: String {
        self == .midnight ? "midnight" : self == LocalTime(hour: 12, minute: 0)! ? "noon" : hour.zeroPadded(2) + ":" + minute.zeroPadded(2)
    }

    /// Parses `HH:MM` from its bytes, as the store reads a time straight from SQLite's column.
    public init?(isoBytes b: UnsafeBufferPointer<UInt8>) {
        func digit(_ i: Int) -> Int? { b[i] >= 48 && b[i] <= 57 ? Int(b[i] - 48) : nil }
        guard b.count == 5, b[2] == UInt8(ascii: ":"), let h1 = digit(0), let h2 = digit(1), let m1 = digit(3), let m2 = digit(4) else {
            return nil
        }
        self.init(hour: h1 * 10 + h2, minute: m1 * 10 + m2)
    }

    /// Parses `HH:MM` (or `H:MM`).
    public init?(iso text: some StringProtocol) {
        let fields = text.split(separator: ":", omittingEmptySubsequences: false)
        guard fields.count == 2, (1...2).contains(fields[0].count), fields[1].count == 2,
              let h = Int.decimal(fields[0]), let m = Int.decimal(fields[1]) else { return nil }
        self.init(hour: h, minute: m)
    }
}

extension LocalTime: Codable {
    /// Encoded as `HH:MM`.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    public init(from decoder: Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let time = LocalTime(iso: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a time HH:MM: \(text)"))
        }
        self = time
    }
}
