/// JSON string literals read from UTF-8 bytes by JSON's rules (RFC 8259) as Foundation's decoder
/// applies them: escapes decoded, a surrogate pair as one scalar; a raw control byte, an unknown
/// escape, a lone surrogate or bytes that are not UTF-8 refused. The one string reader of Board's
/// hand-written JSON readers — a received field change (`JSONText`), a document's cards
/// (`CardReader`), the store's JSON columns — each of which reads too many values for a general
/// decoder; a test holds it to `JSONDecoder` (ARCHITECTURE.md §11).
public enum JSONString {
    /// Reads the literal whose opening quote is at `position`, leaving `position` past its closing
    /// quote; nil when the bytes there are not a JSON string.
    public static func read(_ bytes: UnsafeRawBufferPointer, at position: inout Int) -> String? {
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { return nil }
        position += 1
        let start = position
        // Most strings have no escape: one scan, and no validation for plain ASCII.
        var seen: UInt8 = 0
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { break }
            guard byte >= 0x20 else { return nil }
            seen |= byte
            position += 1
        }
        guard position < bytes.count else { return nil }
        if bytes[position] == UInt8(ascii: "\"") {
            position += 1
            return text(UnsafeRawBufferPointer(rebasing: bytes[start..<position - 1]), ascii: seen < 0x80)
        }
        var out = [UInt8](bytes[start..<position])
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            switch byte {
            case UInt8(ascii: "\""):
                return out.withUnsafeBytes { text($0, ascii: false) }
            case UInt8(ascii: "\\"):
                guard position < bytes.count else { return nil }
                let escaped = bytes[position]
                position += 1
                switch escaped {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(escaped)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    guard var scalar = hex4(bytes, at: &position) else { return nil }
                    if (0xD800..<0xDC00).contains(scalar) {
                        // A surrogate pair: the low half must follow.
                        guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u") else { return nil }
                        position += 2
                        guard let low = hex4(bytes, at: &position), (0xDC00..<0xE000).contains(low) else { return nil }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let unicode = Unicode.Scalar(scalar) else { return nil }
                    out.append(contentsOf: UTF8.encode(unicode)!)
                default: return nil
                }
            default:
                guard byte >= 0x20 else { return nil }
                out.append(byte)
            }
        }
        return nil
    }

    /// `["a", "b"]`: an array of string literals, JSON's spaces allowed; nil for anything else.
    public static func array(_ text: String) -> [String]? {
        var copy = text
        return copy.withUTF8 { utf8 in
            let bytes = UnsafeRawBufferPointer(utf8)
            var position = 0
            skipSpace(bytes, &position)
            guard position < bytes.count, bytes[position] == UInt8(ascii: "[") else { return nil }
            position += 1
            skipSpace(bytes, &position)
            var strings: [String] = []
            if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
                position += 1
            } else {
                while true {
                    guard let string = read(bytes, at: &position) else { return nil }
                    strings.append(string)
                    skipSpace(bytes, &position)
                    guard position < bytes.count else { return nil }
                    position += 1
                    if bytes[position - 1] == UInt8(ascii: "]") { break }
                    guard bytes[position - 1] == UInt8(ascii: ",") else { return nil }
                    skipSpace(bytes, &position)
                }
            }
            skipSpace(bytes, &position)
            return position == bytes.count ? strings : nil
        }
    }

    /// Steps over JSON's spaces: space, tab, line feed, carriage return.
    public static func skipSpace(_ bytes: UnsafeRawBufferPointer, _ position: inout Int) {
        while position < bytes.count {
            let byte = bytes[position]
            guard byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D else { return }
            position += 1
        }
    }

    /// The number four hexadecimal digits (a `\u` escape's) stand for; nil for anything else.
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

    private static func hex4(_ bytes: UnsafeRawBufferPointer, at position: inout Int) -> UInt32? {
        guard position + 4 <= bytes.count, let value = hexValue(bytes[position..<position + 4]) else { return nil }
        position += 4
        return value
    }

    /// The bytes as a string when they are UTF-8. ASCII is UTF-8 as it stands; `String(validating:)`
    /// is generic, and looking up its metadata for every string was a tenth of reading 100,000 cards.
    private static func text(_ bytes: UnsafeRawBufferPointer, ascii: Bool) -> String? {
        let utf8 = bytes.assumingMemoryBound(to: UInt8.self)
        return ascii ? String(decoding: utf8, as: UTF8.self) : String(validating: utf8, as: UTF8.self)
    }
}
