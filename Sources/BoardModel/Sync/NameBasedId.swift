/// Ids derived from what a row is, not drawn at random (ARCHITECTURE.md §13): an occurrence's from
/// its series and date, a habit entry's from its habit and day. Two devices making the same row
/// offline make it under the same id, so sync never sees two. RFC 9562 version 5 UUIDs (SHA-1 of a
/// namespace and a name), lower-case, as `uuid.uuid5` in Python writes them.
public enum NameBasedId {
    /// Board's namespace for its name-based ids.
    public static let namespace: [UInt8] = uuidBytes("6f2c1b0e-8d3a-5e47-9b1f-2a4c6d8e0f13")!

    /// `time`: the run's, for a routine with several times a day (nil for one, as before them).
    public static func occurrence(series: String, date: LocalDate, time: LocalTime? = nil) -> String {
        uuid5(namespace: namespace, name: "occurrence:" + series + ":" + date.iso + (time.map { "T" + $0.description } ?? ""))
    }

    /// `device`: the device whose count the entry holds; empty for an entry made before counts
    /// (whose id stays what it was).
    public static func habitEntry(habit: String, day: LocalDate, device: String = "") -> String {
        uuid5(namespace: namespace, name: "habit-entry:" + habit + ":" + day.iso + (device.isEmpty ? "" : ":" + device))
    }

    /// A version 5 UUID of `name` in `namespace`. Generation makes one per occurrence, thousands
    /// at a first start, so the text is built byte by byte.
    public static func uuid5(namespace: [UInt8], name: String) -> String {
        var hash = SHA1.digest(namespace + Array(name.utf8))
        hash[6] = (hash[6] & 0x0F) | 0x50
        hash[8] = (hash[8] & 0x3F) | 0x80
        return text(of: hash)
    }

    /// A UUID's 16 bytes (the first 16 of `bytes`) as its lower-case text, built byte by byte.
    static func text(of bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text = [UInt8]()
        text.reserveCapacity(36)
        for i in 0..<16 {
            if i == 4 || i == 6 || i == 8 || i == 10 { text.append(UInt8(ascii: "-")) }
            text.append(digits[Int(bytes[i] >> 4)])
            text.append(digits[Int(bytes[i] & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The 16 bytes of a UUID's text; nil for text that isn't one.
    public static func uuidBytes(_ text: String) -> [UInt8]? {
        let hex = Array(text.lowercased().filter { $0 != "-" })
        guard hex.count == 32 else { return nil }
        var bytes: [UInt8] = []
        for i in stride(from: 0, to: 32, by: 2) {
            guard let byte = UInt8(String(hex[i...i + 1]), radix: 16) else { return nil }
            bytes.append(byte)
        }
        return bytes
    }
}

/// SHA-1 (FIPS 180-4), for name-based UUIDs only: not for anything that must withstand an attacker.
enum SHA1 {
    static func digest(_ message: [UInt8]) -> [UInt8] {
        var h: [UInt32] = [0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0]
        var data = message
        let bitLength = UInt64(message.count) * 8
        data.append(0x80)
        while data.count % 64 != 56 { data.append(0) }
        for shift in stride(from: 56, through: 0, by: -8) { data.append(UInt8((bitLength >> UInt64(shift)) & 0xFF)) }
        func rotl(_ x: UInt32, _ n: UInt32) -> UInt32 { (x << n) | (x >> (32 - n)) }
        var w = [UInt32](repeating: 0, count: 80)
        for chunk in stride(from: 0, to: data.count, by: 64) {
            for i in 0..<16 {
                let j = chunk + i * 4
                w[i] = UInt32(data[j]) << 24 | UInt32(data[j + 1]) << 16 | UInt32(data[j + 2]) << 8 | UInt32(data[j + 3])
            }
            for i in 16..<80 { w[i] = rotl(w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16], 1) }
            var (a, b, c, d, e) = (h[0], h[1], h[2], h[3], h[4])
            for i in 0..<80 {
                let (f, k): (UInt32, UInt32)
                switch i {
                case 0..<20: (f, k) = ((b & c) | (~b & d), 0x5A82_7999)
                case 20..<40: (f, k) = (b ^ c ^ d, 0x6ED9_EBA1)
                case 40..<60: (f, k) = ((b & c) | (b & d) | (c & d), 0x8F1B_BCDC)
                default: (f, k) = (b ^ c ^ d, 0xCA62_C1D6)
                }
                let t = rotl(a, 5) &+ f &+ e &+ k &+ w[i]
                (e, d, c, b, a) = (d, c, rotl(b, 30), a, t)
            }
            h[0] = h[0] &+ a; h[1] = h[1] &+ b; h[2] = h[2] &+ c; h[3] = h[3] &+ d; h[4] = h[4] &+ e
        }
        return h.flatMap { v in [24, 16, 8, 0].map { UInt8((v >> UInt32($0)) & 0xFF) } }
    }
}
