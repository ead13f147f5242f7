import BoardModel
import Foundation
import GRDB

extension BoardStore {
    /// Every card (of `bucket`, or of the board, and meeting `condition`) in the order the board
    /// shows them, one at a time from cursors: bucket by bucket, then by position; equal positions
    /// (two devices' cards) fall to the card's id, the same on every device, never to a file's
    /// rowid. Each column's cards come along its (shown, position) index, so only ties are
    /// sorted: sorting the whole board at once (`ORDER BY CASE bucket …`) took memory with its
    /// size, 150 MiB at 1,000,000 cards.
    ///
    /// With `horizons`, cards come column by column as those horizons show them, each with the
    /// place a document gives it (`CardRecord.shownAim`): what the screen shows is what `list` and
    /// `export` say (ARCHITECTURE.md §15). Without, as stored.
    static func forEachCard(in bucket: Bucket? = nil, shownBy horizons: Horizons = .stored, where condition: String = "1", _ db: Database,
                            _ body: (CardRecord) throws -> Void) throws {
        var positions: [Int]?
        let columns = try columns(horizons, db)
        for bucket in bucket.map({ [$0] }) ?? Bucket.allCases {
            // One statement for the four horizons' columns, prepared once: at a small board's
            // start, preparing is most of a read's cost.
            let (rows, arguments) = columns.rows(of: bucket)
            let statement = try db.cachedStatement(sql: """
                SELECT * FROM tasks WHERE \(rows) AND (\(condition))
                ORDER BY position, created_at, id
                """)
            let cursor = try Row.fetchCursor(statement, arguments: arguments)
            while let row = try cursor.next() {
                let p = try positions ?? CardRecord.columnPositions(in: row)
                positions = p
                var card = try CardRecord(row: row, at: p)
                (card.bucket, card.aimedOn) = card.shownAim(horizons, shown: bucket)
                try body(card)
            }
        }
    }

}

/// `"name" : [ … ]` at a document's first level, written as its items come.
struct ArrayText {
    let open: String
    private var first = true

    init(_ name: String) { open = "  \"\(name)\" : [" }

    mutating func item(_ text: String) -> String {
        defer { first = false }
        return (first ? "\n" : ",\n") + text
    }

    var close: String { first ? "\n\n  ]" : "\n  ]" }
}

/// The board as a document and back (ARCHITECTURE.md §11): export, import (a Board document, a
/// plan read from another tool) and the calendar's items. `store.exchange`.
public struct ExchangeStore: StoreCapability {
    public let base: BoardStore
}

extension BoardStore {
    /// The board as a document and back: export, import, the calendar's items.
    public var exchange: ExchangeStore { ExchangeStore(base: self) }
}

extension ExchangeStore {
    /// Writes the whole board as one document (ARCHITECTURE.md §11), piece by piece to `write`,
    /// all of it from one read transaction. Rows go in a stable order (templates and habits by
    /// id, cards as the board shows them), keys sorted, so the same board gives the same bytes.
    /// Ticks of routines without a schedule stay out: they are local to this file.
    public func export(shownBy horizons: Horizons = .stored, to write: (String) throws -> Void) throws {
        try read { db in
            let encoder = BoardDocument.encoder()
            let settings = try SettingsRecord.fetchOne(db, keyValues: [1])
            try write("{\n  \"format\" : \"\(BoardDocument.format)\",\n  \"version\" : \(BoardDocument.version),\n")
            try write("  \"settings\" : " + BoardDocument.text(BoardDocument.Settings(ownerId: settings?.ownerId ?? ownerId, timeZone: settings?.timeZone),
                                                                 depth: 1, encoder: encoder).dropFirst(2) + ",\n")
            let rules = Dictionary(try RecurrenceRuleRecord.fetchAll(db).map { ($0.templateId, $0) }, uniquingKeysWith: { a, _ in a })
            let series = Dictionary(try SeriesRecord.fetchAll(db).map { ($0.templateId, $0) }, uniquingKeysWith: { a, _ in a })
            var templates = ArrayText("templates")
            try write(templates.open)
            let templateRows = try TemplateRecord.fetchCursor(db, sql: "SELECT * FROM templates ORDER BY id")
            while let template = try templateRows.next() {
                try write(templates.item(BoardDocument.text(BoardDocument.Template(template, rule: rules[template.id], series: series[template.id]),
                                                            depth: 2, encoder: encoder)))
            }
            try write(templates.close + ",\n")
            var cards = ArrayText("cards")
            try write(cards.open)
            try BoardStore.forEachCard(shownBy: horizons, db) { card in try write(cards.item(CardJSON.text(BoardDocument.Card(card, full: true), depth: 2))) }
            try write(cards.close + ",\n")
            let entries = Dictionary(grouping: try HabitEntryRecord.fetchAll(db, sql: "SELECT * FROM habit_entries ORDER BY habit_id, day, device"),
                                     by: \.habitId)
            var habits = ArrayText("habits")
            try write(habits.open)
            let habitRows = try HabitRecord.fetchCursor(db, sql: "SELECT * FROM habits ORDER BY id")
            while let habit = try habitRows.next() {
                try write(habits.item(BoardDocument.text(BoardDocument.Habit(habit, entries: entries[habit.id] ?? []), depth: 2, encoder: encoder)))
            }
            try write(habits.close + "\n}\n")
        }
    }
}
