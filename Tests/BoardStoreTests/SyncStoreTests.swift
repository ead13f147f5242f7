import BoardModel
@testable import BoardStore
import Foundation
import GRDB
import Testing

/// The store's side of sync (ARCHITECTURE.md §13), two or three boards in process exchanging their
/// outboxes through a log kept here the way the server keeps it: every write of a joined board is
/// in its outbox, and a board that receives everything shows the same rows as the others.
@Suite struct SyncStoreTests {
    /// The server's log: every change once, in the order pushed.
    final class Log {
        var changes: [FieldChange] = []
        var ids: Set<String> = []

        /// One round for `device`: push its outbox, pull everything, generate, push what generation
        /// made. The server's clock is the round's (a device's own wall clock may be wrong).
        func sync(_ device: BoardStore, clock: BoardClock) throws {
            try push(device)
            try device.sync.receive(changes, pulledThrough: Int64(changes.count), serverClock: Int64(clock.instant.timeIntervalSince1970 * 1000))
            try device.routines.generate(clock: clock)
            try push(device)
        }

        func push(_ device: BoardStore) throws {
            let out = try device.sync.outbox(limit: 1_000_000)
            for change in out.changes where ids.insert(change.id).inserted { changes.append(change) }
            try device.sync.markPushed(out.entries)
        }
    }

    func joined(_ count: Int) throws -> [BoardStore] {
        try (0..<count).map { _ in
            let store = try StoreFixture().store
            // The hybrid clocks read the tests' time, not the machine's.
            store.sync.setWallClock { clock("2026-11-21T08:00").instant }
            try store.sync.join(owner: "owner-1", server: "postgres://test")
            return store
        }
    }

    /// Two joined boards that both have A's daily "Stretch" and its week.
    func twoWithATemplate() throws -> ([BoardStore], Log, TemplateRecord) {
        let d = try joined(2), log = Log()
        let now = clock("2026-11-21T08:00")
        let template = try d[0].routines.add(CardValues(title: "Stretch"), rule: try rule("every day"), clock: now)
        try log.sync(d[0], clock: now)
        try log.sync(d[1], clock: now)
        return (d, log, template)
    }

    /// Every synced row of a board, as text, in key order: what sync makes the same on every
    /// device (each device's own generation bookkeeping left out).
    func rows(_ store: BoardStore) throws -> [String] {
        try store.database.read { db in
            try SyncedRows.tables.flatMap { table in
                let own = SyncedRows.deviceColumns[table] ?? []
                let columns = try String.fetchAll(db, sql: "SELECT name FROM pragma_table_info(?) ORDER BY cid", arguments: [table]).filter { !own.contains($0) }
                return try Row.fetchAll(db, sql: "SELECT \(columns.joined(separator: ", ")) FROM \(table) ORDER BY 1, 2").map { "\(table) \($0.description)" }
            }
        }
    }

    @Test func aCardOnOneBoardIsOnTheOtherAndEditsOfDifferentFieldsAreBothKept() throws {
        let d = try joined(2), log = Log()
        let now = clock("2026-11-21T08:00")
        let card = try d[0].cards.add(CardValues(title: "Pay “rent” \\ / 🏠", description: "line 1\n\t\"quoted\" \u{1F600}", labels: ["home"], priority: 1), clock: now)
        try log.sync(d[0], clock: now)
        try log.sync(d[1], clock: now)
        #expect(try d[1].cards.find(card.id).title == "Pay “rent” \\ / 🏠")
        #expect(try d[1].cards.find(card.id).description == "line 1\n\t\"quoted\" \u{1F600}")
        _ = try d[0].cards.edit(card.id, CardEdit(priority: 3), clock: now)
        _ = try d[1].cards.edit(card.id, CardEdit(labels: ["home", "money"]), clock: now)
        for _ in 0..<2 { for device in d { try log.sync(device, clock: now) } }
        for device in d {
            let task = try device.cards.find(card.id)
            #expect(task.priority == 3 && task.labels == ["home", "money"])
        }
        #expect(try rows(d[0]) == rows(d[1]))
    }

    @Test func theSameFieldGoesToTheLaterStampEvenWhenThatDevicesClockIsHoursBehind() throws {
        let d = try joined(2), log = Log()
        let now = clock("2026-11-21T08:00")
        let card = try d[0].cards.add(CardValues(title: "Call"), clock: now)
        try log.sync(d[0], clock: now)
        try log.sync(d[1], clock: now)
        // B's wall clock is three hours slow; its edit comes after it saw A's card, so it is later.
        d[1].sync.setWallClock { now.instant - 3 * 3600 }
        _ = try d[0].cards.edit(card.id, CardEdit(title: "Call mum"), clock: now)
        try log.sync(d[0], clock: now)
        try log.sync(d[1], clock: now)
        _ = try d[1].cards.edit(card.id, CardEdit(title: "Call mum back"), clock: now)
        for _ in 0..<2 { for device in d { try log.sync(device, clock: now) } }
        for device in d { #expect(try device.cards.find(card.id).title == "Call mum back") }
    }

    @Test func bothBoardsGeneratingTheSameWeekOfflineMakeOneOccurrencePerDate() throws {
        let d = try joined(2), log = Log()
        let now = clock("2026-11-21T08:00")
        let template = try d[0].routines.add(CardValues(title: "Stretch"), rule: try rule("every day"), status: .paused, clock: now)
        try log.sync(d[0], clock: now)
        try log.sync(d[1], clock: now)
        #expect(try d[1].occurrences(of: template.id).isEmpty)
        // Resumed on A; B resumes it too, offline, and both generate the week.
        try d[0].routines.resume(template.id, clock: now)
        try d[1].routines.resume(template.id, clock: clock("2026-11-21T09:00"))
        #expect(try d[0].occurrences(of: template.id).count == 7 && d[1].occurrences(of: template.id).count == 7)
        for _ in 0..<2 { for device in d { try log.sync(device, clock: now) } }
        for device in d {
            let dates = try device.occurrences(of: template.id).map(\.occurrenceDate!)
            #expect(dates.count == 7 && Set(dates).count == 7)
        }
        #expect(try rows(d[0]) == rows(d[1]))
    }

    @Test func anOccurrenceEditedOnOneBoardKeepsItsEditWhenTheOtherPropagatesUntilAReapply() throws {
        let (d, log, template) = try twoWithATemplate()
        let now = clock("2026-11-21T08:00")
        let occurrence = try d[0].occurrences(of: template.id)[2]
        _ = try d[0].cards.edit(occurrence.id, CardEdit(title: "Stretch, short"), clock: now)
        let plan = try d[1].routines.planEdit(template.id, TemplateEditRequest(fields: CardEdit(title: "Stretch and breathe")), clock: now)
        try d[1].routines.applyEdit(plan, clock: clock("2026-11-21T10:00"))
        for _ in 0..<2 { for device in d { try log.sync(device, clock: now) } }
        for device in d {
            let task = try device.cards.find(occurrence.id)
            #expect(task.title == "Stretch, short" && task.exceptionMask == [.title], "the Exception chip on both")
            #expect(try device.occurrences(of: template.id).filter { $0.title == "Stretch and breathe" }.count == 6)
        }
        try d[1].cards.reapply(occurrence.id, clock: clock("2026-11-21T11:00"))
        for _ in 0..<2 { for device in d { try log.sync(device, clock: now) } }
        for device in d {
            let task = try device.cards.find(occurrence.id)
            #expect(task.title == "Stretch and breathe" && task.exceptionMask.isEmpty)
        }
        #expect(try rows(d[0]) == rows(d[1]))
    }

    @Test func aRoutineUndoneOnOneBoardTakesTheCardsTheOtherGeneratedOfflineWithIt() throws {
        // The parent goes in the same pull as children it never knew of: foreign keys checked at
        // the commit, the orphans removed, the same rows on both boards.
        let d = try joined(2), log = Log()
        let now = clock("2026-11-21T08:00")
        let (template, add) = try d[0].recording { try d[0].routines.add(CardValues(title: "Stretch"), rule: try rule("every day"), clock: now) }
        try log.push(d[0])
        try log.sync(d[1], clock: now)
        try d[1].routines.generate(clock: clock("2026-11-25T08:00"))
        #expect(try d[1].occurrences(of: template.id).count == 11)
        try d[0].apply(add.inverse, verb: "undone")
        try log.push(d[0])
        for _ in 0..<2 { for device in d { try log.push(device); try device.sync.receive(log.changes, pulledThrough: Int64(log.changes.count)) } }
        for device in d {
            #expect(try device.occurrences(of: template.id).isEmpty)
            #expect(try device.database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM series") } == 0)
        }
        #expect(try rows(d[0]) == rows(d[1]))
    }

    @Test func anOccurrenceDeletedOnOneBoardStaysDeletedWhenTheOtherGeneratesIt() throws {
        let (d, log, template) = try twoWithATemplate()
        let now = clock("2026-11-21T08:00")
        // A deletes the last day of the week; B, offline, a day later, generates it again (it still
        // has it) and the day after, and deletes Nov 24 — its series' skipped dates, written later,
        // hold only that day.
        let week = try d[0].occurrences(of: template.id)
        let last = week.last!
        try d[0].cards.delete(last.id, clock: now)
        d[1].sync.setWallClock { now.instant + 3600 }
        try d[1].routines.generate(clock: clock("2026-11-22T08:00"))
        try d[1].cards.delete(week[3].id, clock: clock("2026-11-22T08:00"))
        for _ in 0..<2 { for device in d { try log.sync(device, clock: clock("2026-11-22T08:00")) } }
        for device in d {
            #expect(throws: (any Error).self) { try device.cards.find(last.id) }
            #expect(try device.occurrences(of: template.id).map(\.occurrenceDate!.iso) == ["2026-11-21", "2026-11-22", "2026-11-23", "2026-11-25", "2026-11-26", "2026-11-28"])
        }
        // A later generation on either board never brings it back.
        try d[1].routines.generate(clock: clock("2026-11-23T08:00"))
        #expect(throws: (any Error).self) { try d[1].cards.find(last.id) }
    }

    @Test func receivedCardsShowInTheColumnTheirRuleGivesAndAreCounted() throws {
        let d = try joined(2), log = Log()
        let now = clock("2026-11-25T09:00")
        for device in d { try device.settleHorizons(clock: now) }
        let buckets: [Bucket] = [.thisWeek, .weekend, .nextWeek, .nextMonth]
        for i in 0..<24 {
            let card = try d[0].cards.add(CardValues(title: "Card \(i)"), bucket: buckets[i % 4], clock: now)
            if i % 3 == 0 { _ = try d[0].cards.edit(card.id, CardEdit(), due: FieldEdit(.some(date("2026-11-25").adding(days: i))), clock: now) }
        }
        try log.sync(d[0], clock: now)
        try log.sync(d[1], clock: now)
        // Then a card moved and one dated on the first board: the second takes their new columns.
        let moved = try d[0].cards.list(in: .thisWeek).first { $0.dueDate == nil }!, dated = try d[0].cards.list(in: .nextMonth).first { $0.dueDate == nil }!
        try d[0].cards.move(moved.id, to: .nextMonth, clock: now)
        _ = try d[0].cards.edit(dated.id, CardEdit(), due: FieldEdit(.some(date("2026-11-26"))), clock: now)
        try log.sync(d[0], clock: now)
        try log.sync(d[1], clock: now)
        func columns(_ store: BoardStore) throws -> [String: String] {
            try store.read { db in Dictionary(uniqueKeysWithValues: try Row.fetchAll(db, sql: "SELECT id, shown FROM tasks").map { ($0[0], $0[1]) }) }
        }
        let horizons = d[1].horizons(now)
        let ruled = Dictionary(uniqueKeysWithValues: try d[1].cards.list().map { ($0.id, $0.column(horizons).rawValue) })
        #expect(ruled.count == 24)
        #expect(try columns(d[1]) == ruled)
        #expect(try columns(d[1]) == columns(d[0]))
        #expect(ruled[moved.id] == Bucket.nextMonth.rawValue && ruled[dated.id] == Bucket.thisWeek.rawValue)
        let counts = try d[1].read { db in
            try Row.fetchAll(db, sql: "SELECT shown, cards FROM column_counts WHERE cards != 0").map { "\($0[0] as String) \($0[1] as Int)" }.sorted()
        }
        #expect(counts == Dictionary(grouping: ruled.values, by: { $0 }).map { "\($0.key) \($0.value.count)" }.sorted())
    }

    /// A board of `count` imported cards, pushed, and the log's changes in batches of `size`.
    func pushedCards(_ count: Int, batches size: Int) throws -> ([BoardStore], [(changes: [FieldChange], through: Int64)]) {
        let d = try joined(2), log = Log()
        let cards = (0..<count).map { #"{"title": "Card \#($0)", "bucket": "\#(["this-week", "weekend", "next-month"][$0 % 3])"}"# }
        _ = try d[0].exchange.importDocument(Data(("[" + cards.joined(separator: ",") + "]").utf8), clock: clock("2026-11-25T09:00"))
        try log.push(d[0])
        let batches = stride(from: 0, to: log.changes.count, by: size).map { start in
            let end = min(start + size, log.changes.count)
            return (Array(log.changes[start..<end]), Int64(end))
        }
        return (d, batches)
    }

    /// Gives `batches` in turn to a pull, and throws instead of the one at `failing` (a connection lost midway).
    func pull(_ store: BoardStore, _ batches: [(changes: [FieldChange], through: Int64)], failingAt failing: Int? = nil) throws -> ReceiveSummary {
        struct ConnectionLost: Error {}
        var given = 0
        return try store.sync.receive(pulling: {
            defer { given += 1 }
            if given == failing { throw ConnectionLost() }
            return given < batches.count ? batches[given] : nil
        })
    }

    @Test func aNewDevicesFirstPullIsOneTransactionWithItsColumnIndexesBuiltAfter() throws {
        let (d, batches) = try pushedCards(1_500, batches: 1_000)
        #expect(batches.count == 2)
        #expect(throws: (any Error).self) { try pull(d[1], batches, failingAt: 1) }
        #expect(try d[1].cards.list().isEmpty)
        #expect(try d[1].sync.pulledThrough() == 0)
        let summary = try pull(d[1], batches)
        #expect(summary.received == 1_500 && summary.rows == 1_500)
        #expect(try rows(d[1]) == rows(d[0]))
        try d[1].read { db in
            let indexes = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'tasks'")
            #expect(Set(BoardStore.indexesBuiltAfterImport).isSubset(of: indexes))
            let triggers = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'trigger'")
            #expect(Set(Schema.columnCountTriggerNames).isSubset(of: triggers))
            let kept = try Row.fetchAll(db, sql: "SELECT shown, cards FROM column_counts WHERE cards != 0 ORDER BY shown").map { "\($0[0] as String) \($0[1] as Int)" }
            let counted = try Row.fetchAll(db, sql: "SELECT shown, COUNT(*) FROM tasks GROUP BY shown ORDER BY shown").map { "\($0[0] as String) \($0[1] as Int)" }
            #expect(kept == counted && kept.count == 3)
            #expect(try String.fetchOne(db, sql: "PRAGMA integrity_check") == "ok")
        }
        #expect(try d[1].sync.pulledThrough() == 1_500)
    }

    @Test func aPullOfSmallBatchesKeepsEachBatchItTookBeforeItWasCut() throws {
        let (d, batches) = try pushedCards(1_500, batches: 500)
        #expect(throws: (any Error).self) { try pull(d[1], batches, failingAt: 1) }
        #expect(try d[1].cards.list().count == 500)
        #expect(try d[1].sync.pulledThrough() == 500)
        _ = try pull(d[1], Array(batches.dropFirst()))
        #expect(try rows(d[1]) == rows(d[0]))
    }

    @Test func cardsMovedOnTwoBoardsAtOnceBothLand() throws {
        let d = try joined(2), log = Log()
        let now = clock("2026-11-21T08:00")
        let ids = try ["a", "b", "c", "d", "e"].map { try d[0].cards.add(CardValues(title: $0), clock: now).id }
        try log.sync(d[0], clock: now)
        try log.sync(d[1], clock: now)
        func titles(_ store: BoardStore) throws -> [String] { try store.cards.list(in: .thisWeek).map(\.title) }
        // Offline: A moves e to the top, B moves d between a and b; each writes its own card only.
        let (_, onA) = try d[0].recording { try d[0].cards.move(ids[4], to: .thisWeek, position: 0, clock: now) }
        let (_, onB) = try d[1].recording { try d[1].cards.move(ids[3], to: .thisWeek, position: 1, clock: now) }
        #expect(onA.cardIds == [ids[4]] && onB.cardIds == [ids[3]])
        for _ in 0..<2 { for device in d { try log.sync(device, clock: now) } }
        for device in d { #expect(try titles(device) == ["e", "a", "d", "b", "c"]) }
    }

    @Test func aBoardWithDataJoiningKeepsEverythingAndMergesWithTheAccount() throws {
        let now = clock("2026-11-21T08:00")
        let laptop = try StoreFixture().store, desktop = try StoreFixture().store
        let rent = try laptop.cards.add(CardValues(title: "Pay rent"), clock: now)
        let template = try laptop.routines.add(CardValues(title: "Stretch"), rule: try rule("every weekday"), clock: now)
        try laptop.routines.generate(clock: now)
        let water = try laptop.habits.add("Water", clock: now)
        try laptop.habits.checkIn(habitId: water.id, day: now.today, clock: now)
        let call = try desktop.cards.add(CardValues(title: "Call mum"), clock: now)
        let before = try rows(laptop).count
        let log = Log()
        #expect(try laptop.sync.join(owner: "owner-1", server: "postgres://test") > 0)
        #expect(laptop.ownerId == "owner-1")
        try desktop.sync.join(owner: "owner-1", server: "postgres://test")
        for _ in 0..<2 { for device in [laptop, desktop] { try log.sync(device, clock: now) } }
        for device in [laptop, desktop] {
            #expect(try device.cards.find(rent.id).title == "Pay rent" && device.cards.find(call.id).title == "Call mum")
            #expect(try device.occurrences(of: template.id).count == laptop.occurrences(of: template.id).count)
            #expect(try device.habits.entries(habitId: water.id, day: now.today) == 1)
            #expect(try device.database.read { try String.fetchAll($0, sql: "SELECT DISTINCT owner_id FROM tasks") } == ["owner-1"])
        }
        #expect(try rows(laptop).count == before + 1)
        #expect(try rows(laptop) == rows(desktop))
        // Joining again changes nothing and queues nothing.
        #expect(try laptop.sync.join(owner: "owner-1", server: "postgres://test") == 0)
        #expect(try laptop.sync.status()?.waiting == 0)
    }

    /// Joining keeps no second copy of the cards (`RowReference`): a card's join-time change names
    /// it. Its value is still the card as it was at join when the card is edited, moved, undone or
    /// deleted before it leaves — by any writer of the file, the sqlite3 shell included.
    @Test func joinTimeChangesNameTheirCardsAndSendThemAsTheyWereAtJoin() throws {
        let now = clock("2026-11-21T08:00")
        let file = try StoreFixture(onDisk: true), laptop = file.store
        let cards = try (0..<5).map { try laptop.cards.add(CardValues(title: "Card \($0)", labels: ["l\($0)"], priority: $0 % 4), clock: now) }
        let template = try laptop.routines.add(CardValues(title: "Stretch"), rule: try rule("every day"), clock: now)
        try laptop.routines.generate(clock: now)
        let occurrence = try #require(try laptop.occurrences(of: template.id).first)
        _ = try laptop.cards.edit(occurrence.id, CardEdit(title: "Stretch well"), clock: now)  // an exception, before joining
        laptop.sync.setWallClock { now.instant }
        try laptop.sync.join(owner: "owner-1", server: "postgres://test")
        // What each card's change would have held as a copy, made from the card as it is at join.
        let atJoin = try laptop.database.read { db in
            try Dictionary(uniqueKeysWithValues: Row.fetchAll(db, sql: "SELECT * FROM tasks").map { row in
                let values = Dictionary(uniqueKeysWithValues: row.columnNames.map { ($0, row[$0] as DatabaseValue) })
                return (row["id"] as String, SyncedRows.drafts(RowChange(table: "tasks", key: ["id": row["id"]], before: nil, after: values))[0].value)
            })
        }
        let copies = try laptop.database.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM sync_changes WHERE entity = 'tasks' AND value IS NOT NULL") }
        #expect(copies == 0, "the join copied \(copies ?? -1) cards into the log")
        // Before anything leaves: an edit, a move, a deletion, and a write from outside the store.
        _ = try laptop.cards.edit(cards[0].id, CardEdit(title: "Card 0, renamed"), clock: now)
        try laptop.cards.move(cards[1].id, to: .weekend, position: nil, clock: now)
        try laptop.cards.delete(cards[2].id, clock: now)
        try laptop.database.write { try $0.execute(sql: "UPDATE tasks SET priority = 3 WHERE id = ?", arguments: [cards[3].id]) }
        let sent = try laptop.sync.outbox(limit: 1_000).changes
        for (id, value) in atJoin {
            let row = sent.filter { $0.entityId == id && $0.field == FieldChange.row }
            #expect(row.count == 1 && row[0].value == value, "\(id.prefix(8)): \(row.map(\.value))")
        }
        // A board that receives it all shows what the laptop shows (the outside write was nobody's intent: not sent).
        let log = Log(), desktop = try joined(1)[0]
        try log.sync(laptop, clock: now)
        try log.sync(desktop, clock: now)
        #expect(try desktop.cards.find(cards[0].id).title == "Card 0, renamed" && desktop.cards.find(cards[1].id).bucket == .weekend)
        #expect(try desktop.database.read { try Bool.fetchOne($0, sql: "SELECT EXISTS (SELECT 1 FROM tasks WHERE id = ?)", arguments: [cards[2].id]) } == false)
        #expect(try desktop.cards.find(cards[3].id).priority == 3 % 4 && desktop.cards.find(occurrence.id).title == "Stretch well")
        // Pushed, the changes keep naming their cards, and the desktop's name the cards it made from
        // one change each (not cards 0, 1 and 2: their later changes came in the same pull); a
        // received change to a card still finds its first values.
        #expect(try laptop.database.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM sync_changes WHERE in_row = 1 AND value IS NOT NULL") } == 0)
        let copied = try desktop.database.read { try String.fetchAll($0, sql: "SELECT entity_id FROM sync_changes WHERE field = 'row' AND entity = 'tasks' AND value IS NOT NULL") }
        #expect(Set(copied) == Set(cards[0...2].map(\.id)), "\(copied)")
        _ = try desktop.cards.edit(cards[4].id, CardEdit(description: "from the desktop"), clock: now)
        try log.sync(desktop, clock: now)
        try log.sync(laptop, clock: now)
        #expect(try laptop.cards.find(cards[4].id).description == "from the desktop" && laptop.cards.find(cards[4].id).title == "Card 4")
        #expect(try rows(laptop) == rows(desktop))
    }

    /// A created row's value is the JSON object JSONEncoder writes, keys sorted, of each field's
    /// text: a number as it is, text as a JSON string (quotes, slashes, controls and all), null,
    /// a register "true"; this device's own columns and a later field at its default left out.
    @Test func aCreatedRowsValueIsItsFieldsTextsAsJSONEncoderWritesThem() throws {
        let later = try #require(SyncedFields.addedLater["tasks"]?.first)
        let columns: [(String, DatabaseValue)] = [
            ("title", "Say \"hi\" / \\ \n\t\u{1} é 😀".databaseValue), ("priority", 3.databaseValue), ("due_date", .null),
            ("position", 1.5.databaseValue), (SyncedRows.maskColumn, "[\"title\",\"priority\"]".databaseValue),
            ("shown", "0THIS_WEEK".databaseValue), (later.key, later.value), ("id", "c-1".databaseValue),
        ]
        let texts: [String: String?] = [
            "title": String(decoding: try JSONEncoder().encode("Say \"hi\" / \\ \n\t\u{1} é 😀"), as: UTF8.self),
            "priority": "3", "due_date": nil, "position": "1.5", "id": "\"c-1\"",
            "exception.title": "true", "exception.priority": "true",
        ]
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(SyncedRows.createdRowValue(table: "tasks", columns: columns) == String(decoding: try encoder.encode(texts), as: UTF8.self))
    }

    /// Titles of random characters, plain and needing escapes both, make the value JSONEncoder writes.
    @Test func aCreatedRowsTextIsEscapedAsJSONEncoderEscapesIt() throws {
        let alphabet = Array("ab Z9-_.:\"\\/\n\t\u{1}\u{1F}\u{7F}é€😀")
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        var generator = SystemRandomNumberGenerator()
        for round in 0..<300 {
            // Every third title is plain: the path that copies text as it is.
            let letters = round % 3 == 0 ? Array(alphabet.prefix(9)) : alphabet
            let title = String((0..<Int.random(in: 0...12, using: &generator)).map { _ in letters.randomElement(using: &generator)! })
            let columns: [(String, DatabaseValue)] = [("id", "c-\(round)".databaseValue), ("title", title.databaseValue), ("priority", round.databaseValue)]
            let texts: [String: String?] = ["id": "\"c-\(round)\"", "title": String(decoding: try JSONEncoder().encode(title), as: UTF8.self),
                                            "priority": "\(round)"]
            #expect(SyncedRows.createdRowValue(table: "tasks", columns: columns) == String(decoding: try encoder.encode(texts), as: UTF8.self),
                    "\(title.debugDescription)")
        }
    }

    /// A created row's value does not depend on the order its columns come in: the layout kept for
    /// one order (`CreatedRowLayout`) is never used for another. A later field away from its
    /// default is part of the value.
    @Test func aCreatedRowsValueIsTheSameWhateverTheOrderOfItsColumns() throws {
        let later = try #require(SyncedFields.addedLater["tasks"]?.first)
        let moved: DatabaseValue = later.value == .null ? "12:00".databaseValue : .null
        let columns: [(String, DatabaseValue)] = [
            ("title", "One".databaseValue), ("priority", 3.databaseValue), (SyncedRows.maskColumn, "[\"title\"]".databaseValue),
            ("shown", "0THIS_WEEK".databaseValue), (later.key, moved), ("id", "c-1".databaseValue), ("bucket", "TODAY".databaseValue),
        ]
        var texts: [String: String?] = ["title": "\"One\"", "priority": "3", "id": "\"c-1\"", "bucket": "\"TODAY\"", "exception.title": "true"]
        texts[later.key] = .some(SyncValue.text(moved))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let expected = String(decoding: try encoder.encode(texts), as: UTF8.self)
        var generator = SystemRandomNumberGenerator()
        for order in [columns, columns.reversed(), columns.shuffled(using: &generator), columns, columns.reversed()] {
            #expect(SyncedRows.createdRowValue(table: "tasks", columns: order) == expected, "\(order.map(\.0))")
        }
    }

    /// A received card made from its one change keeps that change by reference only when the card,
    /// as the table holds it, gives the change's value back exactly; a value written another way
    /// (spaced, or a number with its sign) is kept as the copy it came as.
    @Test func aReceivedCardIsKeptByReferenceOnlyWhenItGivesItsValueBack() throws {
        let now = clock("2026-11-21T08:00")
        let d = try joined(2)
        let cards = try (0..<3).map { try d[0].cards.add(CardValues(title: "Card \($0)"), clock: now) }
        let sent = try d[0].sync.outbox(limit: 100).changes.filter { $0.field == FieldChange.row && $0.entity == "tasks" }
        #expect(sent.count == 3)
        func rewritten(_ change: FieldChange, _ value: String) -> FieldChange {
            FieldChange(id: change.id, entity: change.entity, entityId: change.entityId, field: change.field, value: value,
                        stamp: change.stamp, device: change.device, origin: change.origin)
        }
        let value = try #require(sent[1].value), priority = try #require(sent[2].value)
        let spaced = value.replacingOccurrences(of: "\",\"", with: "\", \"")
        // A whole number with its sign: it passes the rules, and the table holds it as 0.
        let signed = priority.replacingOccurrences(of: "\"priority\":\"0\"", with: "\"priority\":\"+0\"")
        #expect(spaced != value && signed != priority)
        let received = [sent[0], rewritten(sent[1], spaced), rewritten(sent[2], signed)]
        #expect(try d[1].sync.receive(received, pulledThrough: 3).rows == 3)
        let kept = try d[1].database.read { db in
            try Dictionary(uniqueKeysWithValues: Row.fetchAll(db, sql: "SELECT entity_id, value, in_row FROM sync_changes WHERE entity = 'tasks'").map {
                (($0["entity_id"] as String), (value: $0["value"] as String?, inRow: $0["in_row"] as Int))
            })
        }
        #expect(kept[cards[0].id]?.value == nil && kept[cards[0].id]?.inRow == 1)
        #expect(kept[cards[1].id]?.value == spaced && kept[cards[1].id]?.inRow == 0)
        #expect(kept[cards[2].id]?.value == signed && kept[cards[2].id]?.inRow == 0)
        // The copies still make the first board's cards.
        #expect(try d[1].cards.find(cards[1].id).title == "Card 1" && d[1].cards.find(cards[2].id).priority == 0)
    }

    /// A created row's columns come in name order with the mask in its place, without being sorted:
    /// the same order sorting them gives, for a card with registers set and one without, and a
    /// field Board does not know is named in the refusal.
    @Test func aCreatedRowsColumnsComeInNameOrderWithTheMaskInItsPlace() throws {
        let now = clock("2026-11-21T08:00")
        let d = try joined(1)
        _ = try d[0].cards.add(CardValues(title: "Plain"), clock: now)
        let sent = try #require(try d[0].sync.outbox(limit: 100).changes.first { $0.field == FieldChange.row && $0.entity == "tasks" })
        let value = try #require(sent.value)
        var fields = try #require(JSONText.flatObject(value))
        for registers in [[], ["exception.title", "exception.priority"]] {
            for register in registers { fields[register] = "true" }
            let columns = try BoardStore.rowColumns(table: "tasks", fields: fields)
            #expect(columns.map(\.0) == columns.map(\.0).sorted())
            #expect(Set(columns.map(\.0)) == Set(fields.keys.filter { !$0.hasPrefix("exception.") }).union([SyncedRows.maskColumn]))
            let mask = try #require(columns.first { $0.0 == SyncedRows.maskColumn }?.1)
            #expect(SyncedRows.maskedColumns(mask) == Set(registers.map { String($0.dropFirst("exception.".count)) }))
        }
        fields["colour"] = "\"red\""
        #expect { try BoardStore.rowColumns(table: "tasks", fields: fields) } throws: { ($0 as? BoardStore.Unreadable)?.reason == "tasks.colour: its value can't be read" }
    }

    /// A card whose columns made its change's value when it was checked is kept by reference only
    /// if the table then holds it so: a column the table stored otherwise than it was given, or one
    /// not given that came out away from the value that leaves it out, and the change is kept as the
    /// copy it came as (the columns alone are compared, ARCHITECTURE.md §13).
    @Test func aCardTheTableHoldsOtherwiseThanItsColumnsIsKeptAsItsCopy() throws {
        let now = clock("2026-11-21T08:00")
        let d = try joined(2)
        let cards = try (0..<3).map { try d[0].cards.add(CardValues(title: "Card \($0)"), clock: now) }
        let sent = try d[0].sync.outbox(limit: 100).changes.filter { $0.field == FieldChange.row && $0.entity == "tasks" }
        try #require(sent.count == 3)
        // Every value as sent is the one its columns make: the check finds it so for each.
        let checked = d[1].sync.check(sent)
        #expect(checked.makeTheirValue == Set(sent.map(\.id)))
        // A run's time is a field a created row leaves out while it is null: not among the columns given.
        let firstValue = try #require(sent[0].value)
        #expect(SyncedFields.addedLater["tasks"]?["occurrence_time"] == .null && !firstValue.contains("occurrence_time"))
        // Card 1's title comes out as long as it went in, so only its bytes tell it apart.
        try d[1].database.write { db in
            try db.execute(sql: """
                CREATE TEMP TRIGGER shout AFTER INSERT ON main.tasks WHEN NEW.title = 'Card 1'
                BEGIN UPDATE tasks SET title = 'Card 9' WHERE rowid = NEW.rowid; END;
                CREATE TEMP TRIGGER timed AFTER INSERT ON main.tasks WHEN NEW.title = 'Card 2'
                BEGIN UPDATE tasks SET occurrence_time = '09:00' WHERE rowid = NEW.rowid; END;
                """)
        }
        #expect(try d[1].sync.receive(checked, pulledThrough: 3).rows == 3)
        let kept = try d[1].database.read { db in
            try Dictionary(uniqueKeysWithValues: Row.fetchAll(db, sql: "SELECT entity_id, value, in_row FROM sync_changes WHERE entity = 'tasks'").map {
                (($0["entity_id"] as String), (value: $0["value"] as String?, inRow: $0["in_row"] as Int))
            })
        }
        #expect(kept[cards[0].id]?.value == nil && kept[cards[0].id]?.inRow == 1)
        #expect(kept[cards[1].id]?.value == sent[1].value && kept[cards[1].id]?.inRow == 0)
        #expect(kept[cards[2].id]?.value == sent[2].value && kept[cards[2].id]?.inRow == 0)
        // What the log holds for each is the change as it came, whichever way it is kept.
        let logged = try d[1].database.read { db in
            try Row.fetchAll(db, sql: "SELECT \(BoardStore.changeColumns) FROM sync_changes WHERE entity = 'tasks'").compactMap { try BoardStore.fieldChange($0, db) }
        }
        #expect(Dictionary(uniqueKeysWithValues: logged.map { ($0.entityId, $0.value) }) == Dictionary(uniqueKeysWithValues: sent.map { ($0.entityId, $0.value) }))
    }

    /// The trigger that keeps a referenced card before it changes copies every column of the table:
    /// a migration that adds a column must make it again (`RowReference.installTriggers`).
    @Test func theReferenceTriggersCopyEveryColumnOfTheirTable() throws {
        let store = try StoreFixture().store
        try store.database.read { db in
            for table in RowReference.tables {
                let columns = try String.fetchAll(db, sql: "SELECT name FROM pragma_table_info(?)", arguments: [table])
                let kept = Schema.keptColumns[table] ?? []
                for event in ["update", "delete"] {
                    let sql = try #require(try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE name = ?", arguments: ["sync_row_reference_\(table)_\(event)"]))
                    for column in columns where !kept.contains(column) {
                        #expect(sql.contains("'\(column)', OLD.\"\(column)\""), "\(table).\(column) in the \(event) trigger")
                    }
                    // The column a card shows in is kept for reading: neither part of its value nor a change of it.
                    for column in kept { #expect(!sql.contains("\"\(column)\""), "\(table).\(column) in the \(event) trigger") }
                }
            }
        }
    }

    /// A board that joined before migration 14 keeps every change of its log, pushed or waiting,
    /// its own and received, and goes on as any board: what waits leaves in the order it was made,
    /// nothing received comes in twice, and a referenced card is still kept before it changes.
    @Test func aBoardThatJoinedBeforeTheLogWasNarrowedKeepsEveryChangeOfIt() throws {
        let file = try StoreFixture(onDisk: true), log = Log()
        let now = clock("2026-11-21T08:00")
        let laptop = file.store, desktop = try joined(1)[0]
        laptop.sync.setWallClock { now.instant }
        _ = try laptop.cards.add(CardValues(title: "Kept"), clock: now)
        let edited = try laptop.cards.add(CardValues(title: "Edited"), clock: now)
        try laptop.sync.join(owner: "owner-1", server: "postgres://test")
        let kept = try desktop.cards.add(CardValues(title: "From the desktop"), clock: now)
        try log.sync(desktop, clock: now)
        try log.sync(laptop, clock: now)
        _ = try laptop.cards.edit(edited.id, CardEdit(title: "Edited offline"), clock: now)
        _ = try laptop.cards.add(CardValues(title: "Added offline"), clock: now)
        let device = try #require(try laptop.sync.status()?.deviceId)
        let everything = "SELECT change_id, entity, entity_id, field, value, stamp, COALESCE(device, '\(device)'), origin, pushed, in_row, row_before FROM sync_changes ORDER BY "
        let before = try laptop.database.read { try Row.fetchAll($0, sql: everything + "entry") }
        let waiting = try laptop.sync.outbox(limit: 100).changes
        #expect(waiting.count == 2 && Set(waiting.map(\.device)) == [device])
        // The same log as migration 13 left it: a copy of the table, its device named on every change.
        try laptop.database.writeWithoutTransaction { db in
            try db.execute(sql: """
                DROP TRIGGER sync_row_reference_tasks_update; DROP TRIGGER sync_row_reference_tasks_delete;
                CREATE TABLE v13 (change_id TEXT PRIMARY KEY, entity TEXT NOT NULL, entity_id TEXT NOT NULL, field TEXT NOT NULL, value TEXT,
                                  stamp TEXT NOT NULL, device TEXT NOT NULL, origin TEXT NOT NULL, pushed INTEGER NOT NULL DEFAULT 0,
                                  in_row INTEGER NOT NULL DEFAULT 0, row_before TEXT);
                INSERT INTO v13 SELECT change_id, entity, entity_id, field, value, stamp, COALESCE(device, '\(device)'), origin, pushed, in_row, row_before
                    FROM sync_changes ORDER BY entry;
                DROP TABLE sync_changes;
                ALTER TABLE v13 RENAME TO sync_changes;
                CREATE INDEX sync_changes_row ON sync_changes(entity, entity_id);
                CREATE INDEX sync_changes_outbox ON sync_changes(stamp, change_id) WHERE pushed = 0;
                DELETE FROM grdb_migrations WHERE identifier LIKE 'v14 %';
                """)
            try RowReference.installTriggers(db)
        }
        let migrated = try BoardStore.open(path: file.path)
        migrated.sync.setWallClock { now.instant }
        #expect(try migrated.database.read { try Row.fetchAll($0, sql: everything + "rowid") } == before)
        let own = try migrated.database.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM sync_changes WHERE device IS NULL") }
        let received = try migrated.database.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM sync_changes WHERE device IS NOT NULL") }
        #expect(own == before.count - 1 && received == 1, "own \(own ?? -1), received \(received ?? -1) of \(before.count)")
        #expect(try migrated.sync.outbox(limit: 100).changes == waiting)
        // The received card whose first change names it is kept as it was before its first edit after the migration.
        let reference = "SELECT row_before IS NOT NULL FROM sync_changes WHERE entity_id = ? AND in_row = 1"
        #expect(try migrated.database.read { try Bool.fetchOne($0, sql: reference, arguments: [kept.id]) } == false)
        _ = try migrated.cards.edit(kept.id, CardEdit(title: "From the desktop, edited"), clock: now)
        #expect(try migrated.database.read { try Bool.fetchOne($0, sql: reference, arguments: [kept.id]) } == true)
        // Everything already held comes in again as nothing; what waited is pushed, and the desktop gets it.
        #expect(try migrated.sync.receive(log.changes, pulledThrough: Int64(log.changes.count)).received == 0)
        try log.sync(migrated, clock: now)
        try log.sync(desktop, clock: now)
        #expect(try desktop.cards.find(edited.id).title == "Edited offline" && desktop.cards.find(kept.id).title == "From the desktop, edited")
        #expect(try rows(desktop) == rows(migrated) && migrated.sync.outbox(limit: 100).changes.isEmpty)
        #expect(try migrated.database.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM sync_changes") } == before.count + 1)
    }

    /// This device's own changes are not in the index of change ids; one coming back is still not
    /// taken twice, whatever device it names (a sender's `device` is never trusted).
    @Test func anOwnChangeComingBackIsNotTakenTwiceWhateverDeviceItNames() throws {
        let laptop = try joined(1)[0]
        let now = clock("2026-11-21T08:00")
        let card = try laptop.cards.add(CardValues(title: "Pay rent"), clock: now)
        _ = try laptop.cards.edit(card.id, CardEdit(title: "Pay the rent"), clock: now)
        let sent = try laptop.sync.outbox(limit: 10)
        try laptop.sync.markPushed(sent.entries)
        let device = try #require(try laptop.sync.status()?.deviceId)
        for name in [device, "another-device"] {
            let back = sent.changes.map {
                FieldChange(id: $0.id, entity: $0.entity, entityId: $0.entityId, field: $0.field, value: $0.value, stamp: $0.stamp, device: name, origin: $0.origin)
            }
            #expect(try laptop.sync.receive(back, pulledThrough: 2).received == 0, "named \(name)")
        }
        #expect(try laptop.database.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM sync_changes") } == sent.changes.count)
        #expect(try laptop.cards.find(card.id).title == "Pay the rent")
    }

    @Test func aProcessThatOpenedTheBoardBeforeAnotherJoinedItRecordsItsWritesToo() throws {
        let file = try StoreFixture(onDisk: true)
        let screen = file.store  // the board open on the screen, not joined when it opened
        let shell = try BoardStore.open(path: file.path)  // `board sync` in another shell
        try shell.sync.join(owner: "owner-1", server: "postgres://test")
        let card = try screen.cards.add(CardValues(title: "Added on the screen"), clock: clock("2026-11-21T08:00"))
        #expect(card.ownerId == "owner-1")
        #expect(try shell.sync.outbox(limit: 10).changes.contains { $0.entityId == card.id && $0.field == FieldChange.row })
    }

    @Test func theClockSurvivesARestartAndNeverGoesBackWithTheWallClock() throws {
        let file = try StoreFixture(onDisk: true)
        let now = clock("2026-11-21T08:00")
        file.store.sync.setWallClock { now.instant }
        try file.store.sync.join(owner: "owner-1", server: "postgres://test")
        _ = try file.store.cards.add(CardValues(title: "Before"), clock: now)
        let reopened = try BoardStore.open(path: file.path)
        reopened.sync.setWallClock { now.instant - 3600 }  // set back an hour
        _ = try reopened.cards.add(CardValues(title: "After"), clock: now)
        let stamps = try reopened.sync.outbox(limit: 10).changes.map(\.stamp)
        #expect(stamps.count == 2 && stamps[1] > stamps[0] && stamps[1].milliseconds == stamps[0].milliseconds)
    }

    @Test func ticksOfUnscheduledRoutinesAndTheEventHistoryStayOnTheDevice() throws {
        let d = try joined(1)
        let now = clock("2026-11-21T08:00")
        let routine = try d[0].routines.add(CardValues(title: "Morning", checklist: ["teeth", "floss"]), rule: nil, clock: now)
        #expect(try d[0].checklists.toggle(0, of: .routine(templateId: routine.id, day: now.today), clock: now))
        #expect(try d[0].database.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM routine_ticks") } == 1)
        let entities = Set(try d[0].sync.outbox(limit: 100).changes.map(\.entity))
        #expect(entities.contains("templates") && entities.isDisjoint(with: ["routine_ticks", "events", "reminders", "settings"]), "\(entities)")
    }

    @Test func aBoardThatNeverJoinedKeepsNoOutbox() throws {
        let store = try StoreFixture().store
        _ = try store.cards.add(CardValues(title: "Pay rent"), clock: clock("2026-11-21T08:00"))
        #expect(try store.sync.status() == nil)
        #expect(try store.sync.outbox(limit: 10).changes.isEmpty)
    }
}

/// Undo that sync understands (ARCHITECTURE.md §13): undoing an intent whose change set made rows
/// by generation removes them as generation would, so generating again makes them again.
@Suite struct UndoOfGenerationTests {
    let sync = SyncStoreTests()

    /// A paused routine, then a resume (which generates the week) undone: what resuming again makes.
    func resumeUndoneThenResumedAgain(_ store: BoardStore) throws -> Int {
        let now = clock("2026-11-21T08:00")
        let template = try store.routines.add(CardValues(title: "Stretch"), rule: try rule("every day"), status: .paused, clock: now)
        let (_, resumed) = try store.recording { try store.routines.resume(template.id, clock: clock("2026-11-23T08:00")) }
        #expect(try store.cards.list().count == 7)
        try store.apply(resumed.inverse, verb: "undone")
        #expect(try store.cards.list().isEmpty)
        try store.apply(resumed, verb: "redone")
        #expect(try store.cards.list().count == 7, "redo makes the week again")
        try store.apply(resumed.inverse, verb: "undone")
        try store.routines.resume(template.id, clock: clock("2026-11-23T08:00"))
        try store.routines.generate(clock: clock("2026-11-23T08:00"))
        return try store.cards.list().count
    }

    @Test func aResumeUndoneAndResumedAgainGeneratesTheWeekOnABoardThatSyncsAsOnOneThatDoesNot() throws {
        #expect(try resumeUndoneThenResumedAgain(try StoreFixture().store) == 7)
        #expect(try resumeUndoneThenResumedAgain(try sync.joined(1)[0]) == 7)
    }

    @Test func anotherBoardSeesTheUndoneWeekGoAndTheNextResumeMakeItAgain() throws {
        let d = try sync.joined(2), log = SyncStoreTests.Log()
        let now = clock("2026-11-23T08:00")
        let template = try d[0].routines.add(CardValues(title: "Stretch"), rule: try rule("every day"), status: .paused, clock: now)
        try log.sync(d[0], clock: now)
        try log.sync(d[1], clock: now)
        let before = try d[1].cards.list().count
        let (_, resumed) = try d[0].recording { try d[0].routines.resume(template.id, clock: now) }
        try log.sync(d[0], clock: now)
        try log.sync(d[1], clock: now)
        #expect(try d[1].cards.list().count > before)
        try d[0].apply(resumed.inverse, verb: "undone")
        for _ in 0..<2 { for device in d { try log.sync(device, clock: now) } }
        #expect(try d[1].cards.list().count == before && (try d[0].cards.list().count) == before, "the undone week is gone on both")
        #expect(try sync.rows(d[0]) == sync.rows(d[1]))
        try d[1].routines.resume(template.id, clock: now)
        for _ in 0..<2 { for device in d { try log.sync(device, clock: now) } }
        #expect(try d[0].cards.list().count == d[1].cards.list().count && (try d[0].cards.list().count) > before, "resumed on the other board: the week comes back on both")
        #expect(try sync.rows(d[0]) == sync.rows(d[1]))
    }
}
