import BoardModel
import Foundation

/// Cards read straight from a document's bytes: the reading half of `CardJSON`, for the one
/// array a document may hold 100,000 of (ARCHITECTURE.md §11). It reads what `JSONDecoder`
/// reads into `BoardDocument.Card` and refuses what it refuses, naming the value by its path
/// in the same words (`cards[41].priority: must be a whole number`); a test compares the two.
struct CardReader {
    private let bytes: UnsafeRawBufferPointer
    var position: Int
    /// Where the reader is, kept as parts and spelled out only for an error: building a path
    /// string for each of a million values would cost more than reading them.
    private var path: [PathPart] = []

    private enum PathPart {
        case key(String)
        case index(Int)
    }

    var pathText: String {
        path.reduce("") { text, part in
            switch part {
            case .key(let key): text.isEmpty ? key : text + "." + key
            case .index(let i): text + "[\(i)]"
            }
        }
    }

    /// For bytes mapped from a file: told the ranges read, whose pages may go (read again, they
    /// come back from the file), so memory follows the reading, not the file's size.
    private let dropPages: ((Range<Int>) -> Void)?
    /// Where the pages read so far were last given back.
    private var dropped = 0

    private init(_ bytes: UnsafeRawBufferPointer, at position: Int, dropPages: ((Range<Int>) -> Void)?) {
        self.bytes = bytes
        self.position = position
        self.dropPages = dropPages
        dropped = position
    }

    /// Gives back the pages read since the last time, every 8 MiB.
    private mutating func dropReadPages() {
        guard let dropPages, position - dropped >= 8 << 20 else { return }
        dropPages(dropped..<position)
        dropped = position
    }

    /// Reads a document: everything but its `cards` array by `JSONDecoder`, which `check` sees
    /// the head of first (its format and version); then `body` gets that and the cards, read by
    /// this reader one at a time, so 100,000 of them are never in memory at once. A bare array
    /// is a document of cards alone. A decoding error is said by its JSON path.
    /// `dropPages`, for bytes mapped from a file: told the ranges read, whose pages may go (read
    /// again, they come back from the file), so memory follows the reading, not the file's size.
    static func document<T>(_ data: Data, dropPages: ((Range<Int>) -> Void)? = nil, check: (BoardDocument.Head) throws -> Void,
                            _ body: (BoardDocument.Rest, inout Cards) throws -> T) throws -> T {
        try data.withUnsafeBytes { bytes in
            var reader = CardReader(bytes, at: 0, dropPages: dropPages)
            reader.skipSpace()
            if reader.peek == UInt8(ascii: "[") {
                var cards = Cards(reader: reader)
                return try body(BoardDocument.Rest(), &cards)
            }
            // The top level, key by key, to find the cards' bytes; the rest goes to the decoder with `"cards": []`.
            let range = try reader.rangeOfTopLevelValue(named: "cards")
            var rest = data
            if let range {
                rest = Data(bytes[..<range.lowerBound])
                rest.append(contentsOf: "[]".utf8)
                rest.append(contentsOf: bytes[range.upperBound...])
            }
            let document: BoardDocument.Rest
            do {
                let decoder = JSONDecoder()
                try check(try decoder.decode(BoardDocument.Head.self, from: rest))
                document = try decoder.decode(BoardDocument.Rest.self, from: rest)
            } catch let error as DecodingError {
                throw BoardStore.described(error)
            }
            var cards = range.map { Cards(reader: CardReader(bytes, at: $0.lowerBound, dropPages: dropPages)) } ?? Cards(reader: nil)
            return try body(document, &cards)
        }
    }

    // MARK: The cards

    /// A document's cards, read as they are asked for; valid inside `document`'s `body` only.
    struct Cards {
        private var reader: CardReader?
        /// How many have been read.
        private var count = 0

        fileprivate init(reader: CardReader?) {
            self.reader = reader
            self.reader?.path = [.key("cards")]
        }

        /// The next card with its index, or nil after the last.
        mutating func next() throws -> (index: Int, card: BoardDocument.Card)? {
            guard var current = reader else { return nil }
            reader = nil  // read in place: no second reference to copy on write
            guard try current.toElement(count) else { return nil }
            current.path.append(.index(count))
            let card = try current.card()
            current.path.removeLast()
            current.dropReadPages()
            reader = current
            count += 1
            return (count - 1, card)
        }
    }

    /// An object's members after its `{`, the reader's path on each member's key meanwhile.
    mutating func members(_ member: (inout CardReader, String) throws -> Void) throws {
        skipSpace()
        if peek == UInt8(ascii: "}") { position += 1; return }
        while true {
            skipSpace()
            guard peek == UInt8(ascii: "\"") else { throw notJSON() }
            let key = try rawString()
            skipSpace()
            guard take() == UInt8(ascii: ":") else { throw notJSON() }
            path.append(.key(key))
            try member(&self, key)
            path.removeLast()
            skipSpace()
            guard let next = take() else { throw notJSON() }
            if next == UInt8(ascii: "}") { return }
            guard next == UInt8(ascii: ",") else { throw notJSON() }
        }
    }

    // MARK: Values

    mutating func string() throws -> String {
        skipSpace()
        guard peek == UInt8(ascii: "\"") else { throw try mismatch("text") }
        return try rawString()
    }

    mutating func int() throws -> Int {
        skipSpace()
        let start = position
        if peek == UInt8(ascii: "-") { position += 1 }
        var value = 0, digits = 0
        while let byte = peek, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
            let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times.addingReportingOverflow(Int(byte - UInt8(ascii: "0")))
            guard !overflow1 && !overflow2 else { throw BoardError(Field(pathText), "must be a whole number") }
            value = sum
            digits += 1
            position += 1
        }
        // A fraction or an exponent, or no number at all: not a whole number.
        if digits == 0 || [UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E")].contains(peek ?? 0) {
            position = start
            throw try mismatch("a whole number")
        }
        return bytes[start] == UInt8(ascii: "-") ? -value : value
    }

    mutating func bool() throws -> Bool {
        skipSpace()
        if literal("true") { return true }
        if literal("false") { return false }
        throw try mismatch("true or false")
    }

    mutating func optional<T>(_ value: (inout CardReader) throws -> T) throws -> T? {
        skipSpace()
        if literal("null") { return nil }
        return try value(&self)
    }

    mutating func array<T>(_ element: (inout CardReader) throws -> T) throws -> [T] {
        var items: [T] = []
        while try toElement(items.count) {
            path.append(.index(items.count))
            items.append(try element(&self))
            path.removeLast()
        }
        return items
    }

    /// Steps to an array's element `index` — for 0 over the array's `[` — or past its `]` when
    /// the array has no more; whether there is one.
    private mutating func toElement(_ index: Int) throws -> Bool {
        skipSpace()
        if index == 0 {
            guard peek == UInt8(ascii: "[") else { throw try mismatch("an array") }
            position += 1
            skipSpace()
            if peek == UInt8(ascii: "]") { position += 1; return false }
            return true
        }
        guard let next = take() else { throw notJSON() }
        if next == UInt8(ascii: "]") { return false }
        guard next == UInt8(ascii: ",") else { throw notJSON() }
        return true
    }

    /// A string from its opening quote, by JSON's rules (`JSONString`).
    private mutating func rawString() throws -> String {
        guard let string = JSONString.read(bytes, at: &position) else { throw notJSON() }
        return string
    }

    /// How deep a value may nest (Foundation's decoder, which reads the rest, stops there too).
    static let maxDepth = 512

    /// Steps over one value of any kind (a key this reader does not know), `depth` levels down.
    mutating func skipValue(depth: Int = 0) throws {
        skipSpace()
        guard let byte = peek else { throw notJSON() }
        guard depth < Self.maxDepth || (byte != UInt8(ascii: "{") && byte != UInt8(ascii: "[")) else {
            throw BoardError("document", "nests deeper than \(Self.maxDepth) levels at byte \(position), far deeper than a board's document")
        }
        switch byte {
        case UInt8(ascii: "\""): _ = try rawString()
        case UInt8(ascii: "{"):
            position += 1
            try members { reader, _ in try reader.skipValue(depth: depth + 1) }
        case UInt8(ascii: "["):
            position += 1
            skipSpace()
            if peek == UInt8(ascii: "]") { position += 1; return }
            while true {
                try skipValue(depth: depth + 1)
                dropReadPages()  // looking for a document's cards reads them all once
                skipSpace()
                guard let next = take() else { throw notJSON() }
                if next == UInt8(ascii: "]") { return }
                guard next == UInt8(ascii: ",") else { throw notJSON() }
            }
        default:
            if literal("true") || literal("false") || literal("null") { return }
            let start = position
            while let b = peek, b == UInt8(ascii: "-") || b == UInt8(ascii: "+") || b == UInt8(ascii: ".")
                    || b == UInt8(ascii: "e") || b == UInt8(ascii: "E") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b) {
                position += 1
            }
            guard position > start else { throw notJSON() }
        }
    }

    /// The byte range of the value of `name` in the top-level object, or nil when it has none.
    private mutating func rangeOfTopLevelValue(named name: String) throws -> Range<Int>? {
        guard take() == UInt8(ascii: "{") else { return nil }
        var found: Range<Int>?
        try members { reader, key in
            reader.skipSpace()
            let start = reader.position
            try reader.skipValue()
            if key == name { found = start..<reader.position }
        }
        return found
    }

    // MARK: Bytes

    var peek: UInt8? { position < bytes.count ? bytes[position] : nil }

    private mutating func take() -> UInt8? {
        guard position < bytes.count else { return nil }
        defer { position += 1 }
        return bytes[position]
    }

    mutating func skipSpace() {
        while let byte = peek, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { position += 1 }
    }

    private mutating func literal(_ word: StaticString) -> Bool {
        let length = word.utf8CodeUnitCount
        guard position + length <= bytes.count else { return false }
        let matches = word.withUTF8Buffer { expected in (0..<length).allSatisfy { bytes[position + $0] == expected[$0] } }
        if matches { position += length }
        return matches
    }

    /// A value of the wrong kind: "must be text", or "must be text, got null" for a null.
    mutating func mismatch(_ expected: String) throws -> BoardError {
        if literal("null") { return BoardError(Field(pathText), "must be \(expected), got null") }
        try skipValue()  // a malformed value is not JSON rather than of the wrong kind
        return BoardError(Field(pathText), "must be \(expected)")
    }

    private func notJSON() -> BoardError {
        BoardError("document", "is not JSON (at byte \(position))")
    }
}
