import BoardModel
@testable import BoardStore
import Foundation
import GRDB
import Testing
import TestSupport

/// Each column's count is kept by the schema's triggers (ARCHITECTURE.md §15): after any write
/// (adding, moving, dating, completing, deleting, undoing, a new day's columns, a large import
/// that drops the triggers while it writes) the kept counts are the cards counted afresh.
@Suite struct ColumnCountTests {
    func kept(_ store: BoardStore) throws -> [String: Int] {
        try store.read { db in
            Dictionary(uniqueKeysWithValues: try Row.fetchAll(db, sql: "SELECT shown, cards FROM column_counts WHERE cards != 0").map { ($0[0], $0[1]) })
        }
    }

    func counted(_ store: BoardStore) throws -> [String: Int] {
        try store.read { db in
            Dictionary(uniqueKeysWithValues: try Row.fetchAll(db, sql: "SELECT shown, COUNT(*) FROM tasks GROUP BY shown").map { ($0[0], $0[1]) })
        }
    }

    @Test func theKeptCountsAreTheCardsCountedAfterEveryKindOfWrite() throws {
        let board = try StoreFixture()
        var random = SeededGenerator(seed: 2456)
        let buckets: [Bucket] = [.thisWeek, .weekend, .nextWeek, .nextMonth, .routines]
        var day = date("2026-11-02")
        var ids: [String] = []
        let template = try board.store.routines.add(CardValues(title: "Water plants"), rule: try rule("every day"), start: day,
                                                   status: .active, clock: clock(day.iso + "T08:00"))
        for round in 0..<300 {
            let now = clock(day.iso + "T09:00")
            switch Int.random(in: 0..<9, using: &random) {
            case 0, 1:
                ids.append(try board.store.cards.add(CardValues(title: "Card \(round)"), bucket: buckets.randomElement(using: &random), clock: now).id)
            case 2 where !ids.isEmpty:
                try board.store.cards.move(ids.randomElement(using: &random)!, to: buckets.randomElement(using: &random)!, clock: now)
            case 3 where !ids.isEmpty:
                let due = day.adding(days: Int.random(in: 0..<40, using: &random))
                _ = try board.store.cards.edit(ids.randomElement(using: &random)!, CardEdit(), due: FieldEdit(.some(due)), clock: now)
            case 4 where !ids.isEmpty:
                let id = ids.randomElement(using: &random)!
                if try board.store.cards.find(id).isCompleted { try board.store.cards.reopen(id, clock: now) } else { try board.store.cards.complete(id, clock: now) }
            case 5 where !ids.isEmpty:
                try board.store.cards.delete(ids.remove(at: Int.random(in: 0..<ids.count, using: &random)), clock: now)
            case 6:
                // A new day: its runs are made and every kept column settled for it.
                day = day.adding(days: Int.random(in: 1..<6, using: &random))
                try board.store.routines.generate(clock: clock(day.iso + "T09:00"))
                try board.store.settleHorizons(clock: clock(day.iso + "T09:00"))
            case 7:
                // Undo: the write's change set applied backwards puts cards back as they were.
                let (_, changes) = try board.store.recording {
                    try board.store.cards.add(CardValues(title: "Undone \(round)"), bucket: .weekend, clock: now)
                }
                try board.store.apply(changes.inverse, verb: "undone")
            default:
                _ = try? board.store.routines.skipNext(template.id, clock: now)
            }
            #expect(try kept(board.store) == counted(board.store), "round \(round)")
        }
        // A large import writes without the triggers and counts once after; a small one keeps them.
        let cards = (0..<2_000).map { #"{"title": "Imported \#($0)", "bucket": "\#(["this-week", "weekend", "next-month"][$0 % 3])"}"# }
        _ = try board.store.exchange.importDocument(Data(("[" + cards.joined(separator: ",") + "]").utf8), clock: clock(day.iso + "T09:00"))
        #expect(try kept(board.store) == counted(board.store))
        _ = try board.store.exchange.importDocument(Data(#"[{"title": "One more", "bucket": "weekend"}]"#.utf8), clock: clock(day.iso + "T09:00"))
        #expect(try kept(board.store) == counted(board.store))
        #expect(try board.store.reader.cardCounts(board.store.horizons(clock(day.iso + "T09:00"))).values.reduce(0, +)
                == board.store.cards.list().count)
    }
}
