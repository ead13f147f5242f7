import BoardModel
@testable import BoardStore
import Foundation
import GRDB
import Testing

/// A received change is untrusted input (ARCHITECTURE.md §13): it passes the field rules before it
/// enters the log, or it is set aside with its reason and never applied, and the changes after it
/// still flow. Boards in process, as `SyncStoreTests`.
@Suite struct ReceivedChangeTests {
    let sync = SyncStoreTests()

    /// A change of the card `id` as a compromised device of the same account would send it.
    func hostile(_ id: String, _ field: String, _ value: String?, entity: String = "tasks",
                 stamp: HybridTimestamp = HybridTimestamp(milliseconds: 1_795_338_000_000, counter: 7)) -> FieldChange {
        FieldChange(id: UUID().uuidString.lowercased(), entity: entity, entityId: id, field: field, value: value, stamp: stamp,
                    device: "evil-device", origin: .user)
    }

    @Test func everyBrokenRuleIsSetAsideAndTheRowKeepsItsLastValidValues() throws {
        let d = try sync.joined(2), log = SyncStoreTests.Log()
        let now = clock("2026-11-21T08:00")
        let card = try d[0].cards.add(CardValues(title: "Pay rent", labels: ["money"]), clock: now)
        try log.sync(d[0], clock: now)
        try log.sync(d[1], clock: now)
        let before = try sync.rows(d[1])

        // Each row of the attack table, and more of the same kind.
        let injected = #"updated_at") SELECT id, 'x' FROM tasks ON CONFLICT ("id") DO UPDATE SET "title" = 'INJECTED BY SQL' --"#
        let attacks: [(FieldChange, String)] = [
            (hostile(card.id, injected, "\"x\""), "is not a field Board syncs"),
            (hostile(card.id, "nonexistent", "\"x\""), "tasks.nonexistent: is not a field Board syncs"),
            (hostile(card.id, "due_date", "\"not-a-date\""), "tasks.due_date: must be a date YYYY-MM-DD, got 'not-a-date'"),
            (hostile(card.id, "priority", "\"high\""), "tasks.priority: must be a whole number from 0 to 3, got '\"high\"'"),
            (hostile(card.id, "priority", "99"), "tasks.priority: must be a whole number from 0 to 3, got '99'"),
            (hostile(card.id, "is_completed", "\"yes\""), "tasks.is_completed: must be a whole number from 0 to 1"),
            (hostile(card.id, "bucket", "\"NOWHERE\""), "tasks.bucket: must be one of THIS_WEEK"),
            (hostile(card.id, "labels", "\"money\""), "tasks.labels: must be a JSON list of labels"),
            (hostile(card.id, "labels", "3"), "tasks.labels: must be text, got '3'"),
            (hostile(card.id, "id", "\"other\""), "tasks.id: is the row's key"),
            (hostile(card.id, "title", "\"Pay\\u0000 rent\""), "tasks.title: must not hold control characters"),
            (hostile(card.id, "title", "\"\(String(repeating: "x", count: 100_000))\""), "tasks.title: at most 200 characters, got 100000"),
            (hostile(card.id, "title", "null"), "tasks.title: must be text, got 'null'"),
            (hostile(card.id, "owner_id", "\"someone-else\""), "tasks.owner_id: must be this account's owner"),
            (hostile(card.id, "exception.owner_id", "true"), "is not an exception register of tasks"),
            (hostile(card.id, "deleted", "\"yes\""), "tasks.deleted: must be true or false"),
            (hostile(card.id, "title", "\"x\"", entity: "sqlite_master"), "entity: must be a table Board syncs"),
            (hostile("not an id; DROP TABLE tasks", "title", "\"x\""), "tasks.id: must be an id of letters, digits and dashes"),
            (hostile(card.id, "row", "{\"id\":\"\(card.id)\"}"), "is missing from the created row"),
            (hostile(card.id, "row", "[1,2]"), "tasks.row: must be an object of every field's value"),
            // Foundation took the zone before the NUL, and the file stored the name cut there.
            (hostile("r1", "timezone", "\"Europe/Paris\\u0000x\"", entity: "recurrence_rules"), "recurrence_rules.timezone: must be a time zone"),
        ]
        let summary = try d[1].sync.receive(attacks.map(\.0), pulledThrough: 100)
        #expect(summary.setAside == attacks.count && summary.received == 0)
        #expect(try sync.rows(d[1]) == before, "nothing of a refused change reaches the board")
        let reasons = try d[1].database.read { db in try String.fetchAll(db, sql: "SELECT reason FROM sync_set_aside ORDER BY rowid") }
        for ((_, expected), reason) in zip(attacks, reasons) { #expect(reason.contains(expected), "\(reason) ∌ \(expected)") }
        #expect(reasons.allSatisfy { $0.utf8.count < 300 }, "a refusal never echoes a whole value")
        let status = try #require(try d[1].sync.status())
        #expect(status.setAside == attacks.count && status.setAsideReasons.count == 3)

        // Receiving them again changes nothing; a later honest edit still arrives, not held back.
        #expect(try d[1].sync.receive(attacks.map(\.0), pulledThrough: 101).setAside == 0)
        _ = try d[0].cards.edit(card.id, CardEdit(title: "Pay the rent"), clock: clock("2026-11-21T09:00"))
        try log.push(d[0])
        let later = try d[1].sync.receive(log.changes, pulledThrough: 102)
        #expect(later.heldBack == 0)
        #expect(try d[1].cards.find(card.id).title == "Pay the rent")
    }

    @Test func aRowWhoseKeyIsNotItsIdOrThatCarriesAnUnknownFieldIsSetAside() throws {
        let d = try sync.joined(2), log = SyncStoreTests.Log()
        let now = clock("2026-11-21T08:00")
        let card = try d[0].cards.add(CardValues(title: "Pay rent"), clock: now)
        try log.push(d[0])
        let row = try #require(log.changes.first { $0.field == FieldChange.row && $0.entity == "tasks" })
        let value = try #require(row.value)
        let fields = try #require(JSONText.flatObject(value))
        func changed(_ edit: (inout [String: String?]) -> Void) throws -> FieldChange {
            var copy = fields
            edit(&copy)
            return FieldChange(id: UUID().uuidString.lowercased(), entity: "tasks", entityId: "another-card", field: FieldChange.row,
                               value: String(decoding: try JSONEncoder().encode(copy), as: UTF8.self), stamp: row.stamp, device: "evil", origin: .user)
        }
        let summary = try d[1].sync.receive([
            try changed { _ in },  // the card's own values under another row's id: a duplicate card
            try changed { $0["id"] = "\"another-card\""; $0["secret"] = "\"x\"" },
            try changed { $0["id"] = "\"another-card\""; $0["exception.title"] = "false" },
        ], pulledThrough: 3)
        let cards = try d[1].cards.list()
        #expect(summary.setAside == 3 && cards.isEmpty)
        // The honest row still arrives.
        #expect(try d[1].sync.receive(log.changes, pulledThrough: 4).setAside == 0)
        #expect(try d[1].cards.find(card.id).title == "Pay rent")
    }

    @Test func everyChangeAnHonestBoardMakesPassesTheCheck() throws {
        let d = try sync.joined(1)
        let now = clock("2026-11-21T08:00")
        let store = d[0]
        let habit = try store.habits.add("Read", description: "a page\tor two", clock: now)
        let template = try store.routines.add(CardValues(title: "Stretch", description: "slowly\nthen faster", labels: ["body", "émoji 🙂"],
                                                        checklist: ["Neck", "Back"], time: LocalTime(hour: 7, minute: 30)!, priority: 2, duration: 15),
                                             rule: try rule("every weekday"), clock: now)
        _ = try store.checklists.link(0, ofTemplate: template.id, toHabit: habit.id, clock: now)
        let card = try store.cards.add(CardValues(title: "Pay rent", labels: ["money"], checklist: ["Find the IBAN"], priority: 3),
                                     due: LocalDate(iso: "2026-11-30"), remindBefore: 30, clock: now)
        _ = try store.checklists.toggle(0, of: .card(id: card.id), clock: now)
        _ = try store.cards.complete(card.id, clock: now)
        let occurrence = try #require(try store.cards.list().first { $0.seriesId != nil })
        _ = try store.cards.makeException(occurrence.id, field: .title, clock: now)
        _ = try store.cards.edit(occurrence.id, CardEdit(title: "Stretch, short"), clock: now)
        try store.habits.checkIn(habitId: habit.id, day: now.today, clock: now)
        _ = try store.routines.skipNext(template.id, clock: now)
        try store.cards.delete(try #require(try store.cards.list().last { $0.seriesId != nil }).id, clock: now)
        _ = try store.routines.pause(template.id, clock: now)

        let outbox = try store.sync.outbox(limit: 1_000_000).changes
        #expect(Set(outbox.map(\.entity)) == Set(SyncedRows.tables))
        for change in outbox {
            #expect(throws: Never.self, "\(change.entity).\(change.field) = \(change.value ?? "null")") {
                try ChangeCheck.check(change, owner: store.ownerId)
            }
        }
    }

    @Test func theListOfSyncedFieldsIsTheSchemasColumns() throws {
        let store = try StoreFixture().store
        try store.database.read { db in
            for table in SyncedRows.tables {
                let columns = try String.fetchAll(db, sql: "SELECT name FROM pragma_table_info(?)", arguments: [table])
                let kept = Schema.keptColumns[table] ?? []
                #expect(Set(columns.filter { $0 != SyncedRows.maskColumn && !kept.contains($0) }) == Set(SyncedFields.rules[table]?.keys ?? [:].keys), "\(table)")
            }
        }
        #expect(Set(SyncedFields.rules.keys) == Set(SyncedRows.tables))
    }

    @Test func aStampFarAheadMovesTheClockNoFurtherThanTheLeeway() throws {
        let d = try sync.joined(2), log = SyncStoreTests.Log()
        let now = clock("2026-11-21T08:00")
        let card = try d[0].cards.add(CardValues(title: "Pay rent"), clock: now)
        try log.sync(d[0], clock: now)
        try log.sync(d[1], clock: now)
        let wall = Int64(now.instant.timeIntervalSince1970 * 1000)
        func clockOf(_ store: BoardStore) throws -> HybridTimestamp {
            try #require(HybridTimestamp(try store.database.read { db in try String.fetchOne(db, sql: "SELECT clock FROM sync_state") ?? "" }))
        }
        let far = HybridTimestamp(milliseconds: 9_999_999_999_999_999, counter: 99_999)
        // Set aside: it would win every later edit of the title.
        #expect(try d[1].sync.receive([hostile(card.id, "title", "\"Pinned\"", stamp: far)], pulledThrough: 10).setAside == 1)
        #expect(try clockOf(d[1]).milliseconds <= wall + HybridTimestamp.leeway && (try d[1].cards.find(card.id).title) == "Pay rent")
        // A stamp just within the leeway of the server's clock (a device whose wall clock is slow) is taken,
        // and moves the clock on as far as it, no further.
        let ahead = HybridTimestamp(milliseconds: wall + 3_600_000 + HybridTimestamp.leeway - 1)
        #expect(try d[1].sync.receive([hostile(card.id, "title", "\"Later\"", stamp: ahead)], pulledThrough: 11, serverClock: wall + 3_600_000).received == 1)
        #expect(try clockOf(d[1]) > ahead && (try clockOf(d[1])).milliseconds <= wall + 3_600_000 + HybridTimestamp.leeway)
        // A clock pinned before this rule, with changes waiting, comes back to the server's clock, and so do their stamps.
        try d[0].database.write { db in try db.execute(sql: "UPDATE sync_state SET clock = ?", arguments: [far.description]) }
        _ = try d[0].cards.edit(card.id, CardEdit(priority: 2), clock: now)
        _ = try d[0].cards.edit(card.id, CardEdit(priority: 3), clock: now)
        #expect(try d[0].sync.outbox(limit: 10).changes.allSatisfy { $0.stamp > far })
        #expect(try d[0].sync.reinClock(serverClock: wall) == 2)
        let stamps = try d[0].sync.outbox(limit: 10).changes.map(\.stamp)
        #expect(stamps.count == 2 && stamps[0] < stamps[1] && stamps.allSatisfy { $0.milliseconds == wall }, "\(stamps)")
        // Above what the device already sent (the card as it was made), or the edits would lose to it.
        let made = try #require(log.changes.first { $0.entityId == card.id && $0.field == FieldChange.row }?.stamp)
        #expect(stamps.allSatisfy { $0 > made }, "\(stamps) after \(made)")
        #expect(try d[0].sync.reinClock(serverClock: wall) == 0)
        try log.sync(d[0], clock: now)
        try log.sync(d[1], clock: now)
        #expect(try d[1].cards.find(card.id).priority == 3, "the later edit still wins after the stamps were mended")
    }

    @Test func aRowThatCannotBeMadeYetIsSaidWithWhyUntilItIs() throws {
        let d = try sync.joined(2), log = SyncStoreTests.Log()
        let now = clock("2026-11-21T08:00")
        let card = try d[0].cards.add(CardValues(title: "Pay rent"), clock: now)
        _ = try d[0].cards.edit(card.id, CardEdit(title: "Pay the rent"), clock: now)
        try log.push(d[0])
        // The edit arrives before the row it edits.
        let edit = try #require(log.changes.first { $0.field == "title" })
        #expect(try d[1].sync.receive([edit], pulledThrough: 1).heldBack == 1)
        let status = try #require(try d[1].sync.status())
        #expect(status.waitingRows == 1 && status.waitingReasons == ["tasks \(card.id.prefix(8)): its first values have not arrived"])
        try d[1].sync.receive(log.changes, pulledThrough: 2)
        #expect(try d[1].sync.status()?.waitingRows == 0 && (try d[1].cards.find(card.id).title) == "Pay the rent")
    }
}
