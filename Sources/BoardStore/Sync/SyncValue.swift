import BoardModel
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
        if first == UInt8(ascii: "\"") { return JSONText.unquoted(text).map { $0.databaseValue } }
        if let n = Int64(text) { return n.databaseValue }
        return Double(text).map { $0.databaseValue }
    }

    static func quoted(_ text: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 2)
        CardJSON.appendString(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
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
