import GRDB

/// A column's value as a field change carries it (ARCHITECTURE.md §13): JSON text — a number, or a
/// string — and nil for SQL NULL, so every device compares and stores the same text.
enum SyncValue {
    static func text(_ value: DatabaseValue) -> String? {
        switch value.storage {
        case .null: return nil
        case .int64(let n): return String(n)
        case .double(let d): return d.isFinite ? String(d) : nil
        case .string(let s): return quoted(s)
        case .blob(let data): return quoted(data.base64EncodedString())
        }
    }

    /// The column value of `text` (what `text(_:)` made); nil when it is not such text.
    static func value(_ text: String?) -> DatabaseValue? {
        guard let text else { return .null }
        guard let first = text.utf8.first else { return nil }
        if first == UInt8(ascii: "\"") { return unquoted(text).map { $0.databaseValue } }
        if let n = Int64(text) { return n.databaseValue }
        return Double(text).map { $0.databaseValue }
    }

    static func quoted(_ text: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 2)
        CardJSON.appendString(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The string a JSON string literal stands for; nil when `text` is not one.
    static func unquoted(_ text: String) -> String? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 2, bytes.first == UInt8(ascii: "\""), bytes.last == UInt8(ascii: "\"") else { return nil }
        guard bytes.contains(UInt8(ascii: "\\")) else { return String(decoding: bytes[1..<(bytes.count - 1)], as: UTF8.self) }
        var out = String.UnicodeScalarView()
        var plain: [UInt8] = []
        func flush() {
            if !plain.isEmpty { out.append(contentsOf: String(decoding: plain, as: UTF8.self).unicodeScalars); plain = [] }
        }
        var i = 1
        let end = bytes.count - 1
        func hex4(_ at: Int) -> UInt32? {
            guard at + 4 <= end else { return nil }
            return UInt32(String(decoding: bytes[at..<(at + 4)], as: UTF8.self), radix: 16)
        }
        while i < end {
            let byte = bytes[i]
            guard byte == UInt8(ascii: "\\") else { plain.append(byte); i += 1; continue }
            guard i + 1 < end else { return nil }
            flush()
            let escape = bytes[i + 1]
            i += 2
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
                guard let high = hex4(i) else { return nil }
                i += 4
                if (0xD800..<0xDC00).contains(high) {
                    guard i + 1 < end, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u"), let low = hex4(i + 2),
                          (0xDC00..<0xE000).contains(low) else { return nil }
                    i += 6
                    guard let scalar = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)) else { return nil }
                    out.append(scalar)
                } else {
                    guard let scalar = Unicode.Scalar(high) else { return nil }
                    out.append(scalar)
                }
            default: return nil
            }
        }
        flush()
        return String(out)
    }

    /// A created row's fields as one `row` change's value: a JSON object, keys sorted, from each
    /// field to its value text (as a JSON string) or null.
    static func rowObject(_ fields: [(String, String?)]) -> String {
        var bytes: [UInt8] = [UInt8(ascii: "{")]
        for (i, (field, value)) in fields.sorted(by: { $0.0 < $1.0 }).enumerated() {
            if i > 0 { bytes.append(UInt8(ascii: ",")) }
            CardJSON.appendString(field, to: &bytes)
            bytes.append(UInt8(ascii: ":"))
            if let value { CardJSON.appendString(value, to: &bytes) } else { bytes.append(contentsOf: "null".utf8) }
        }
        bytes.append(UInt8(ascii: "}"))
        return String(decoding: bytes, as: UTF8.self)
    }
}
