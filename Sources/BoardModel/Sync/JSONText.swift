/// The two shapes of JSON that field changes carry (ARCHITECTURE.md §13), read by hand: a string
/// literal, and a `row` change's flat object of strings and nulls. A pull of 100,000 rows reads
/// 100,000 objects; a general decoder spends most of the time there. Strings are read by
/// `JSONString`, by JSON's rules: a received change is untrusted input.
public enum JSONText {
    /// The string a JSON string literal stands for (JSON's spaces around it allowed); nil when `text` is not one.
    public static func unquoted(_ text: String) -> String? {
        var copy = text
        return copy.withUTF8 { utf8 in
            let bytes = UnsafeRawBufferPointer(utf8)
            var position = 0
            JSONString.skipSpace(bytes, &position)
            guard let value = JSONString.read(bytes, at: &position) else { return nil }
            JSONString.skipSpace(bytes, &position)
            return position == bytes.count ? value : nil
        }
    }

    /// `{"key": "text" | null, …}` as a dictionary; nil when `text` is not such an object.
    public static func flatObject(_ text: String) -> [String: String?]? {
        var copy = text
        return copy.withUTF8 { utf8 -> [String: String?]? in
            let bytes = UnsafeRawBufferPointer(utf8)
            var position = 0
            func next(_ byte: UInt8) -> Bool {
                JSONString.skipSpace(bytes, &position)
                guard position < bytes.count, bytes[position] == byte else { return false }
                position += 1
                return true
            }
            guard next(UInt8(ascii: "{")) else { return nil }
            var object: [String: String?] = [:]
            // A card's row is two dozen fields: room for them at once, not grown five times.
            object.reserveCapacity(32)
            if next(UInt8(ascii: "}")) {
                JSONString.skipSpace(bytes, &position)
                return position == bytes.count ? object : nil
            }
            while true {
                JSONString.skipSpace(bytes, &position)
                guard let key = JSONString.read(bytes, at: &position), next(UInt8(ascii: ":")) else { return nil }
                JSONString.skipSpace(bytes, &position)
                if bytes[position...].starts(with: "null".utf8) {
                    position += 4
                    object[key] = .some(nil)
                } else {
                    guard let value = JSONString.read(bytes, at: &position) else { return nil }
                    object[key] = value
                }
                if next(UInt8(ascii: ",")) { continue }
                guard next(UInt8(ascii: "}")) else { return nil }
                JSONString.skipSpace(bytes, &position)
                return position == bytes.count ? object : nil
            }
        }
    }
}
