import BoardModel

/// A card as pretty JSON, written byte by byte: the bytes `JSONEncoder` writes for
/// `BoardDocument.Card` (sorted keys, two-space indent, `\/`), at several times its speed, for
/// `list --json` and `export` of 100,000 cards (ARCHITECTURE.md §11). A test compares the two
/// on random cards; everything else in a document goes through `JSONEncoder`.
public enum CardJSON {
    /// The card's JSON at `depth`, with what JSON leaves raw (C1, bidi) escaped for a terminal.
    public static func text(_ card: BoardDocument.Card, depth: Int) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(768)
        write(card, depth: depth, into: &bytes)
        return TerminalText.escapeJSON(String(decoding: bytes, as: UTF8.self))
    }

    /// The card at `depth` (its braces indented by two spaces a level), appended to `out`.
    static func write(_ card: BoardDocument.Card, depth: Int, into out: inout [UInt8]) {
        typealias T = CardTable
        var w = Writer(out: out, keys: 2 * depth + 2)
        out = []
        w.pad(2 * depth)
        w.raw("{\n")
        if let aimedOn = card.aimedOn { w.key(T.aimedOn); w.string(aimedOn); w.next() }
        w.key(T.bucket); w.string(card.bucket); w.next()
        w.key(T.checklist)
        w.array(card.checklist) { w, item in
            let inner = w.keys + 4
            w.raw("{\n")
            w.pad(inner); w.raw("\"done\" : "); w.bool(item.done); w.next()
            w.pad(inner); w.raw("\"text\" : "); w.string(item.text); w.raw("\n")
            w.pad(inner - 2); w.raw("}")
        }
        w.next()
        w.key(T.isCompleted); w.bool(card.completed); w.next()
        if let completedAt = card.completedAt { w.key(T.completedAt); w.string(completedAt); w.next() }
        if let createdAt = card.createdAt { w.key(T.createdAt); w.string(createdAt); w.next() }
        w.key(T.description); w.string(card.description); w.next()
        w.key(T.dueDate); w.optional(card.dueDate); w.next()
        w.key(T.dueTime); w.optional(card.dueTime); w.next()
        w.key(T.durationMin); w.optional(card.duration); w.next()
        w.key(T.exceptionMask); w.array(card.exceptions) { w, name in w.string(name) }; w.next()
        w.key(T.id); w.string(card.id); w.next()
        w.key(T.labels); w.array(card.labels) { w, label in w.string(label) }; w.next()
        w.key(T.occurrenceDate); w.optional(card.occurrenceDate); w.next()
        if let occurrenceTime = card.occurrenceTime { w.key(T.occurrenceTime); w.string(occurrenceTime); w.next() }
        if let ownerId = card.ownerId { w.key(T.ownerId); w.string(ownerId); w.next() }
        w.key(T.position); w.int(card.position ?? 0); w.next()
        w.key(T.priority); w.int(card.priority); w.next()
        if let remindBefore = card.remindBefore { w.key(T.remindBefore); w.int(remindBefore); w.next() }
        w.key(T.seriesId); w.optional(card.seriesId); w.next()
        w.key(T.templateId); w.optional(card.templateId); w.next()
        w.key(T.title); w.string(card.title)
        if let updatedAt = card.updatedAt { w.next(); w.key(T.updatedAt); w.string(updatedAt) }
        w.raw("\n")
        w.pad(2 * depth)
        w.raw("}")
        out = w.out
    }

    private struct Writer {
        var out: [UInt8]
        /// The indent of the card's keys.
        let keys: Int

        mutating func raw(_ text: StaticString) {
            text.withUTF8Buffer { out.append(contentsOf: $0) }
        }

        mutating func pad(_ spaces: Int) {
            out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: spaces))
        }

        mutating func key(_ field: SyncedField) {
            pad(keys)
            out.append(UInt8(ascii: "\""))
            out.append(contentsOf: field.documentKey.utf8)
            raw("\" : ")
        }

        mutating func next() { raw(",\n") }

        mutating func bool(_ value: Bool) { value ? raw("true") : raw("false") }

        mutating func int(_ value: Int) { out.append(contentsOf: String(value).utf8) }

        mutating func optional(_ value: String?) { if let value { string(value) } else { raw("null") } }

        mutating func optional(_ value: Int?) { if let value { int(value) } else { raw("null") } }

        /// `[`, each item on a line of its own one level in, `]`; an empty array as JSONEncoder
        /// writes it (an empty line between the brackets).
        mutating func array<T>(_ items: [T], _ item: (inout Writer, T) -> Void) {
            raw("[\n")
            if items.isEmpty { raw("\n") }
            for (i, element) in items.enumerated() {
                pad(keys + 2)
                item(&self, element)
                raw(i == items.count - 1 ? "\n" : ",\n")
            }
            pad(keys)
            raw("]")
        }

        mutating func string(_ text: String) { CardJSON.appendString(text, to: &out) }
    }
}

extension CardJSON {
    /// A JSON string as JSONEncoder escapes it: `"`, `\`, `/`, the short escapes, other control
    /// characters as `\u00xx`; the rest as it is.
    static func appendString(_ text: String, to out: inout [UInt8]) {
        var text = text
        text.withUTF8 { appendString(utf8: $0, to: &out) }
    }

    /// `appendString` of text already in UTF-8 bytes.
    static func appendString(utf8 bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        // Bytes that need no escape go in runs: a card's value is mostly them (a first sync writes 100,000 such values).
        out.append(UInt8(ascii: "\""))
        var start = 0
        for (i, byte) in bytes.enumerated() where escapes(byte) {
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<i]))
            appendEscaped(byte, to: &out)
            start = i + 1
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
        out.append(UInt8(ascii: "\""))
    }

    /// Whether a JSON string escapes `byte`: a control character, `"`, `\` or `/`.
    @inline(__always)
    static func escapes(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "/")
    }

    /// One byte that a JSON string escapes.
    private static func appendEscaped(_ byte: UInt8, to out: inout [UInt8]) {
        func raw(_ text: StaticString) { text.withUTF8Buffer { out.append(contentsOf: $0) } }
        switch byte {
        case UInt8(ascii: "\""): raw("\\\"")
        case UInt8(ascii: "\\"): raw("\\\\")
        case UInt8(ascii: "/"): raw("\\/")
        case 0x08: raw("\\b")
        case 0x09: raw("\\t")
        case 0x0A: raw("\\n")
        case 0x0C: raw("\\f")
        case 0x0D: raw("\\r")
        default:
            raw("\\u00")
            out.append(hexDigits[Int(byte >> 4)])
            out.append(hexDigits[Int(byte & 0xF)])
        }
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)
}
