/// The two shapes of JSON that field changes carry (ARCHITECTURE.md §13), read by hand: a string
/// literal, and a `row` change's flat object of strings and nulls. A pull of 100,000 rows reads
/// 100,000 objects; a general decoder spends most of the time there.
public enum JSONText {
    /// The string a JSON string literal stands for; nil when `text` is not one.
    public static func unquoted(_ text: String) -> String? {
        // Most values are a string without escapes: read in place, without copying the bytes first.
        let inPlace = text.utf8.withContiguousStorageIfAvailable { bytes -> String? in
            guard bytes.count >= 2, bytes[0] == UInt8(ascii: "\""), bytes[bytes.count - 1] == UInt8(ascii: "\"") else { return nil }
            let inner = UnsafeBufferPointer(rebasing: bytes[1..<bytes.count - 1])
            guard !inner.contains(where: { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else { return nil }
            return String(decoding: inner, as: UTF8.self)
        }
        if let inPlace, let value = inPlace { return value }
        var utf8 = Array(text.utf8)[...]
        guard let value = string(&utf8), utf8.isEmpty else { return nil }
        return value
    }

    /// `{"key": "text" | null, …}` as a dictionary; nil when `text` is not such an object.
    public static func flatObject(_ text: String) -> [String: String?]? {
        var utf8 = Array(text.utf8)[...]
        guard utf8.popFirst() == UInt8(ascii: "{") else { return nil }
        var object: [String: String?] = [:]
        if utf8.first == UInt8(ascii: "}") { utf8.removeFirst(); return utf8.isEmpty ? object : nil }
        while true {
            guard let key = string(&utf8), utf8.popFirst() == UInt8(ascii: ":") else { return nil }
            if utf8.starts(with: "null".utf8) {
                utf8.removeFirst(4)
                object[key] = .some(nil)
            } else {
                guard let value = string(&utf8) else { return nil }
                object[key] = value
            }
            switch utf8.popFirst() {
            case UInt8(ascii: ","): continue
            case UInt8(ascii: "}"): return utf8.isEmpty ? object : nil
            default: return nil
            }
        }
    }

    /// The number four hexadecimal digits (a `\\u` escape's) stand for; nil for anything else.
    public static func hexValue(_ digits: some Collection<UInt8>) -> UInt32? {
        var value: UInt32 = 0
        for digit in digits {
            switch digit {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = value << 4 | UInt32(digit - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): value = value << 4 | UInt32(digit - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): value = value << 4 | UInt32(digit - UInt8(ascii: "A") + 10)
            default: return nil
            }
        }
        return value
    }

    /// Reads one string literal off the front of `utf8` (no spaces around it, as Board writes them).
    static func string(_ utf8: inout ArraySlice<UInt8>) -> String? {
        guard utf8.popFirst() == UInt8(ascii: "\"") else { return nil }
        // The common case: no escapes, one copy.
        if let end = utf8.firstIndex(where: { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }), utf8[end] == UInt8(ascii: "\"") {
            let value = String(decoding: utf8[..<end], as: UTF8.self)
            utf8 = utf8[(end + 1)...]
            return value
        }
        // With escapes (every value of a `row` change is JSON text inside JSON: its quotes are
        // escaped), the bytes are decoded into one UTF-8 buffer and made a string once.
        var out: [UInt8] = []
        func hex4() -> UInt32? {
            guard utf8.count >= 4, let value = hexValue(utf8.prefix(4)) else { return nil }
            utf8.removeFirst(4)
            return value
        }
        func append(_ scalar: Unicode.Scalar) { out.append(contentsOf: UTF8.encode(scalar)!) }
        while let byte = utf8.popFirst() {
            switch byte {
            case UInt8(ascii: "\""):
                return String(decoding: out, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard let escape = utf8.popFirst() else { return nil }
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(escape)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    guard let high = hex4() else { return nil }
                    if (0xD800..<0xDC00).contains(high) {
                        guard utf8.popFirst() == UInt8(ascii: "\\"), utf8.popFirst() == UInt8(ascii: "u"), let low = hex4(),
                              (0xDC00..<0xE000).contains(low),
                              let scalar = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)) else { return nil }
                        append(scalar)
                    } else {
                        guard let scalar = Unicode.Scalar(high) else { return nil }
                        append(scalar)
                    }
                default: return nil
                }
            default: out.append(byte)
            }
        }
        return nil
    }
}
