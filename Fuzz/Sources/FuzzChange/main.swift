import BoardModel
import Foundation
import FuzzSupport

/// The JSON a received field change carries (ARCHITECTURE.md §13: untrusted input): a string
/// literal, or a created row's flat object of strings and nulls, read by `JSONText` (its strings
/// by `JSONString`). Held to Foundation's decoder: the same value, or both refuse.
FuzzDriver.run(fuzzChange)

func fuzzChange(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Data(fuzzInput(data, size))
    // A change's value reaches Board as text: bytes that are not UTF-8 never arrive as they are.
    guard let text = String(data: bytes, encoding: .utf8) else { return 0 }
    // Foundation's decoder stops reading at a NUL byte, as if the text ended there ("\"<NUL>\"" reads
    // as ""); Board refuses a raw NUL (a control character). No oracle there: only no crash.
    if bytes.contains(0) {
        _ = (JSONText.unquoted(text), JSONText.flatObject(text))
        return 0
    }
    let decoder = JSONDecoder()
    let literal = JSONText.unquoted(text), foundationLiteral = try? decoder.decode(String.self, from: bytes)
    if literal != foundationLiteral {
        Refusal.finding("change", "a string literal read as \(String(describing: literal)), Foundation's as \(String(describing: foundationLiteral))")
    }
    let object = JSONText.flatObject(text)
    if let foundationObject = try? decoder.decode([String: String?].self, from: bytes) {
        // Foundation keeps the first of a key given twice and never reads the later values (an
        // invalid escape there goes unseen); Board refuses those. A row never holds a key twice.
        // Foundation also takes a comma before the closing brace, which JSON does not allow.
        if object != foundationObject, !mayRepeatKeys(text, keys: foundationObject.count), !hasTrailingComma(bytes) {
            Refusal.finding("change", "a row read as \(String(describing: object)), Foundation's as \(foundationObject)")
        }
    } else if let object {
        Refusal.finding("change", "a row Foundation refuses was read as \(object)")
    }
    return 0
}

/// Whether the object's text may hold more keys than Foundation kept: more quotes followed (past
/// JSON's spaces) by a colon than keys (a value's escaped JSON holds some too, so this errs
/// towards yes, which only skips a comparison).
func mayRepeatKeys(_ text: String, keys: Int) -> Bool {
    let bytes = Array(text.utf8)
    var colons = 0
    for (i, byte) in bytes.enumerated() where byte == UInt8(ascii: "\"") {
        var j = i + 1
        while j < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[j]) { j += 1 }
        if j < bytes.count, bytes[j] == UInt8(ascii: ":") { colons += 1 }
    }
    return colons > keys
}

/// Whether a comma is followed, past JSON's spaces, by a closing brace or bracket.
func hasTrailingComma(_ bytes: Data) -> Bool {
    var afterComma = false
    for byte in bytes {
        if byte == UInt8(ascii: ",") { afterComma = true; continue }
        if afterComma, byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") { return true }
        if ![0x20, 0x09, 0x0A, 0x0D].contains(byte) { afterComma = false }
    }
    return false
}
