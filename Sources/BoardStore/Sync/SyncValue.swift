import BoardModel
import GRDB

/// A column's value as a field change carries it (ARCHITECTURE.md §13): JSON text — a number, or a
/// string — and nil for SQL NULL, so every device compares and stores the same text.
enum SyncValue {
    static func text(_ value: DatabaseValue) -> String? {
        var bytes: [UInt8] = []
        return appendText(value, to: &bytes) ? String(decoding: bytes, as: UTF8.self) : nil
    }

    /// Appends the bytes of `text(value)`; false, appending nothing, where that is nil.
    static func appendText(_ value: DatabaseValue, to bytes: inout [UInt8]) -> Bool {
        switch value.storage {
        case .null: return false
        case .int64(let n): bytes.append(contentsOf: String(n).utf8)
        case .double(let d):
            guard d.isFinite else { return false }
            bytes.append(contentsOf: String(d).utf8)
        case .string(let s): CardJSON.appendString(s, to: &bytes)
        case .blob(let data): CardJSON.appendString(data.base64EncodedString(), to: &bytes)
        }
        return true
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

    /// Appends one key and value of a created row's `row` change: `key` as JSON with its colon,
    /// then the value's text (`text(_:)`) as a JSON string, or null; a register set (nil) is "true".
    static func appendField(key: [UInt8], value: DatabaseValue?, to bytes: inout [UInt8], scratch: inout [UInt8]) {
        bytes.append(contentsOf: key)
        guard let value else {
            CardJSON.appendString("true", to: &bytes)
            return
        }
        if case .string(var text) = value.storage {
            // Text with nothing to escape (nearly every title, label and date) is its own bytes
            // inside `"\"` and `\""`: one pass over it, where escaping it twice took four.
            let plain = text.withUTF8 { utf8 in
                guard !utf8.contains(where: CardJSON.escapes) else { return false }
                bytes.append(UInt8(ascii: "\""))
                bytes.append(UInt8(ascii: "\\"))
                bytes.append(UInt8(ascii: "\""))
                bytes.append(contentsOf: utf8)
                bytes.append(UInt8(ascii: "\\"))
                bytes.append(UInt8(ascii: "\""))
                bytes.append(UInt8(ascii: "\""))
                return true
            }
            if plain { return }
        }
        scratch.removeAll(keepingCapacity: true)
        if appendText(value, to: &scratch) {
            scratch.withUnsafeBufferPointer { CardJSON.appendString(utf8: $0, to: &bytes) }
        } else {
            bytes.append(contentsOf: "null".utf8)
        }
    }
}
