/// The two shapes of JSON that field changes carry (ARCHITECTURE.md §13), read by hand: a string
/// literal, and a `row` change's flat object of strings and nulls. A pull of 100,000 rows reads
/// 100,000 objects; a general decoder spends most of the time there.
public enum JSONText {
    /// The string a JSON string literal stands for; nil when `text` is not one.
    public static func unquoted(_ text: String) -> String? {
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

    /// Reads one string literal off the front of `utf8` (no spaces around it, as Board writes them).
    static func string(_ utf8: inout ArraySlice<UInt8>) -> String? {
        guard utf8.popFirst() == UInt8(ascii: "\"") else { return nil }
        // The common case: no escapes, one copy.
        if let end = utf8.firstIndex(where: { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }), utf8[end] == UInt8(ascii: "\"") {
            let value = String(decoding: utf8[..<end], as: UTF8.self)
            utf8 = utf8[(end + 1)...]
            return value
        }
        var out = String.UnicodeScalarView()
        var plain: [UInt8] = []
        func flush() {
            if !plain.isEmpty { out.append(contentsOf: String(decoding: plain, as: UTF8.self).unicodeScalars); plain = [] }
        }
        func hex4() -> UInt32? {
            guard utf8.count >= 4 else { return nil }
            let digits = utf8.prefix(4)
            utf8.removeFirst(4)
            return UInt32(String(decoding: digits, as: UTF8.self), radix: 16)
        }
        while let byte = utf8.popFirst() {
            switch byte {
            case UInt8(ascii: "\""):
                flush()
                return String(out)
            case UInt8(ascii: "\\"):
                flush()
                guard let escape = utf8.popFirst() else { return nil }
                switch escape {
                case UInt8(ascii: "\""): out.append("\"")
                case UInt8(ascii: "\\"): out.append("\\")
                case UInt8(ascii: "/"): out.append("/")
                case UInt8(ascii: "b"): out.append("\u{08}")
                case UInt8(ascii: "f"): out.append("\u{0C}")
                case UInt8(ascii: "n"): out.append("\n")
                case UInt8(ascii: "r"): out.append("\r")
                case UInt8(ascii: "t"): out.append("\t")
                case UInt8(ascii: "u"):
                    guard let high = hex4() else { return nil }
                    if (0xD800..<0xDC00).contains(high) {
                        guard utf8.popFirst() == UInt8(ascii: "\\"), utf8.popFirst() == UInt8(ascii: "u"), let low = hex4(),
                              (0xDC00..<0xE000).contains(low),
                              let scalar = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)) else { return nil }
                        out.append(scalar)
                    } else {
                        guard let scalar = Unicode.Scalar(high) else { return nil }
                        out.append(scalar)
                    }
                default: return nil
                }
            default: plain.append(byte)
            }
        }
        return nil
    }
}
