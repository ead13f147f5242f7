/// Ids drawn at random, for rows that are not derived from what they are (`NameBasedId` is for
/// those): RFC 9562 version 4 UUIDs, lower-case. Foundation's `UUID()` opens and reads
/// /dev/urandom for each id on Linux; joining or importing 100,000 cards made 100,000 of those
/// opens, a third of a first sync's time. The system's generator here is one `getrandom` call.
public enum RandomId {
    public static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        var bytes = [UInt8](repeating: 0, count: 16)
        for (half, value) in [generator.next() as UInt64, generator.next() as UInt64].enumerated() {
            for i in 0..<8 { bytes[half * 8 + i] = UInt8(truncatingIfNeeded: value >> (8 * i)) }
        }
        bytes[6] = (bytes[6] & 0x0F) | 0x40  // version 4
        bytes[8] = (bytes[8] & 0x3F) | 0x80  // the RFC's variant
        return NameBasedId.text(of: bytes)
    }
}
