import Foundation

/// Every card's search text, folded as `CardSearch` folds it, column by column in the board's
/// order: what the filter counts and pages through in memory (ARCHITECTURE.md §7). Reading the
/// board is done once when a search starts, not on each keystroke; a keystroke is a scan of this
/// buffer, or of the last keystroke's matches when the query only grew.
public struct CardSearchIndex: Sendable {
    /// Each card's fields, each folded and followed by `separator`, one card after another.
    private var text: [UInt8] = []
    /// Where each card's text ends in `text` (its start is the previous card's end).
    private var ends: [Int32] = []
    /// Each card's row in the board's file, which its window is read by.
    private var rowids: [Int64] = []
    /// Each card's day as Upcoming orders it (its occurrence or due date; undated last).
    private var days: [Int32] = []
    /// Where each column's cards start in the arrays above, in the order the columns were added.
    private var columnStarts: [(column: Bucket, start: Int)] = []
    /// Told apart from another index of the same board (two snapshots are equal only under one index).
    let generation = UInt64.random(in: 0...UInt64.max)

    /// Ends every field: no UTF-8 text holds this byte, so no query matches across two fields.
    static let separator: UInt8 = 0xFF

    public init() {}

    /// How many cards the index holds.
    public var count: Int { rowids.count }

    /// Starts the next card of `column`, with no text yet (`addField`). Columns are added one after
    /// the other, each in the board's order.
    public mutating func append(rowid: Int64, column: Bucket, day: LocalDate?) {
        let card = rowids.count
        if column != columnStarts.last?.column {
            precondition(!columnStarts.contains { $0.column == column }, "a column's cards are added together")
            columnStarts.append((column, card))
        }
        ends.append(Int32(text.count))
        rowids.append(rowid)
        days.append(day.map { Int32(clamping: $0.dayNumber) } ?? Int32.max)
    }

    /// Adds a field of the last card started, its title or a label, as UTF-8.
    public mutating func addField(_ utf8: UnsafeBufferPointer<UInt8>) {
        CardSearch.appendFolded(utf8, to: &text)
        text.append(Self.separator)
        ends[ends.count - 1] = Int32(text.count)
    }

    /// The cards that match `query`, as `CardSearch.matches` decides. Given the matches of a query
    /// this one contains (one more character typed), only those are looked at again.
    public func matches(_ query: String, narrowing previous: CardSearchMatches? = nil) -> CardSearchMatches {
        let needle = Array(CardSearch.fold(query).utf8)
        var found: [Bucket: [Int32]] = [:]
        if let previous, previous.index.generation == generation,
           needle.withUnsafeBufferPointer({ CardSearchIndex.contains($0, previous.needle) }) {
            for (column, cards) in previous.cards {
                found[column] = cards.filter { card in holds(Int(card), needle) }
            }
        } else {
            for (i, (column, start)) in columnStarts.enumerated() {
                found[column] = scan(start..<(i + 1 < columnStarts.count ? columnStarts[i + 1].start : count), for: needle)
            }
        }
        return CardSearchMatches(index: self, needle: needle, cards: found)
    }

    /// The cards of `range` whose text holds `needle`: one pass over their text, a card left at
    /// its first match.
    private func scan(_ range: Range<Int>, for needle: [UInt8]) -> [Int32] {
        guard !range.isEmpty else { return [] }
        guard !needle.isEmpty else { return range.map { Int32($0) } }
        var found: [Int32] = []
        text.withUnsafeBufferPointer { text in
            needle.withUnsafeBufferPointer { needle in
                var card = range.lowerBound
                var from = start(of: card)
                let end = Int(ends[range.upperBound - 1])
                while from < end, let hit = Self.find(needle, in: text, from: from, to: end) {
                    while Int(ends[card]) <= hit { card += 1 }
                    found.append(Int32(card))
                    from = Int(ends[card])
                    card += 1
                }
            }
        }
        return found
    }

    /// Whether card `card`'s text holds `needle`.
    private func holds(_ card: Int, _ needle: [UInt8]) -> Bool {
        text.withUnsafeBufferPointer { text in
            needle.withUnsafeBufferPointer { needle in
                Self.find(needle, in: text, from: start(of: card), to: Int(ends[card])) != nil
            }
        }
    }

    private func start(of card: Int) -> Int { card == 0 ? 0 : Int(ends[card - 1]) }

    /// Where `needle` first starts in `text[from..<to]`, if it does.
    private static func find(_ needle: UnsafeBufferPointer<UInt8>, in text: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> Int? {
        guard needle.count <= to - from else { return nil }
        guard let first = needle.first else { return from }
        var at = from
        let last = to - needle.count
        while at <= last {
            // memchr finds the first byte's next place; the rest is compared there.
            guard let found = memchr(text.baseAddress! + at, Int32(first), last - at + 1) else { return nil }
            at = text.baseAddress!.distance(to: found.assumingMemoryBound(to: UInt8.self))
            if needle.count == 1 || memcmp(text.baseAddress! + at + 1, needle.baseAddress! + 1, needle.count - 1) == 0 { return at }
            at += 1
        }
        return nil
    }

    /// Whether `text` holds `needle` (both folded): the one byte search of `CardSearch` and the index.
    static func contains(_ text: UnsafeBufferPointer<UInt8>, _ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty else { return true }
        guard needle.count <= text.count else { return false }
        return needle.withUnsafeBufferPointer { needle in find(needle, in: text, from: 0, to: text.count) != nil }
    }

    func rowid(_ card: Int32) -> Int64 { rowids[Int(card)] }
    func day(_ card: Int32) -> Int32 { days[Int(card)] }
}

/// The cards of a `CardSearchIndex` that match one query, column by column in the board's order.
public struct CardSearchMatches: Sendable, Hashable {
    /// The index matched against: the next keystroke's matches are found in it too.
    public let index: CardSearchIndex
    /// The query folded, as its bytes.
    let needle: [UInt8]
    /// Each column's matching cards, as places in the index.
    let cards: [Bucket: [Int32]]

    /// How many cards of `column` match.
    public func count(in column: Bucket) -> Int { cards[column]?.count ?? 0 }

    /// The file rows of `column`'s matches at `rows` (clamped to them), in the board's order.
    public func rowids(in column: Bucket, _ rows: Range<Int>) -> [Int64] {
        guard let cards = cards[column] else { return [] }
        let rows = rows.clamped(to: 0..<cards.count)
        return cards[rows].map(index.rowid)
    }

    /// How many of `column`'s matches Upcoming dates before `day` (it orders them by day first).
    public func count(in column: Bucket, before day: LocalDate) -> Int {
        guard let cards = cards[column] else { return 0 }
        let limit = Int32(clamping: day.dayNumber)
        // Ordered by day: the first card on or after `day` is found by halving.
        var low = 0, high = cards.count
        while low < high {
            let middle = (low + high) / 2
            if index.day(cards[middle]) < limit { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Two searches are the same when they ran under the same index for the same query: comparing
    /// the matches themselves would walk 100,000 of them on every frame.
    public static func == (a: CardSearchMatches, b: CardSearchMatches) -> Bool {
        a.index.generation == b.index.generation && a.needle == b.needle
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(index.generation)
        hasher.combine(needle)
    }
}
