import TestSupport
import BoardModel
import Foundation
import Testing

/// The sync rules of ARCHITECTURE.md §13 on replicas in process: hybrid clocks, name-based ids
/// (against Python's `uuid.uuid5`), last writer wins per field, exceptions over propagation,
/// tombstones, and convergence over thousands of seeded schedules of intents and partial exchanges.
@Suite struct SyncRulesTests {
    // MARK: Hybrid clocks

    @Test func aClockOnlyGrowsAndReceivingGoesAboveBoth() {
        let t = HybridTimestamp(milliseconds: 1_000)
        #expect(t.next(now: 900) == HybridTimestamp(milliseconds: 1_000, counter: 1), "a clock set back does not go back")
        #expect(t.next(now: 1_000) == HybridTimestamp(milliseconds: 1_000, counter: 1))
        #expect(t.next(now: 1_001) == HybridTimestamp(milliseconds: 1_001))
        let remote = HybridTimestamp(milliseconds: 5_000, counter: 3)
        let after = t.receiving(remote, now: 2_000)
        #expect(after > remote && after > t && after == HybridTimestamp(milliseconds: 5_000, counter: 4))
        #expect(t.receiving(remote, now: 6_000) == HybridTimestamp(milliseconds: 6_000))
        #expect(HybridTimestamp(milliseconds: 5_000, counter: 7).receiving(HybridTimestamp(milliseconds: 5_000, counter: 3), now: 10)
                == HybridTimestamp(milliseconds: 5_000, counter: 8))
    }

    @Test func stampsAsTextSortAsStamps() {
        var rng = SeededGenerator(seed: 7)
        let stamps = (0..<500).map { _ in HybridTimestamp(milliseconds: Int64.random(in: 0..<4_000_000_000_000, using: &rng), counter: Int.random(in: 0...HybridTimestamp.maxCounter, using: &rng)) }
        #expect(stamps.sorted().map(\.description) == stamps.map(\.description).sorted())
        #expect(stamps.allSatisfy { HybridTimestamp($0.description) == $0 })
    }

    @Test func aClockCountingPastTheCountersWidthMovesToTheNextMillisecondAndStillSortsAsText() {
        // A first sync of more than 99,999 rows within one millisecond: the text once sorted "…-100000" before "…-99999".
        var clock = HybridTimestamp(milliseconds: 1_000, counter: 99_990)
        var stamps: [HybridTimestamp] = []
        for _ in 0..<200_012 {
            clock = clock.next(now: 1_000)
            stamps.append(clock)
        }
        #expect(stamps.allSatisfy { $0.counter <= HybridTimestamp.maxCounter })
        #expect(zip(stamps, stamps.dropFirst()).allSatisfy { $0 < $1 && $0.description < $1.description })
        #expect(stamps[8] == HybridTimestamp(milliseconds: 1_000, counter: 99_999) && stamps[9] == HybridTimestamp(milliseconds: 1_001))
        let remote = HybridTimestamp(milliseconds: 5_000, counter: 99_999)
        let received = HybridTimestamp(milliseconds: 5_000, counter: 12).receiving(remote, now: 10)
        #expect(received > remote && received.description > remote.description && received.counter <= HybridTimestamp.maxCounter)
    }

    // MARK: Name-based ids

    /// The lines Python's `script` prints with `input` on its standard input.
    func python(_ script: String, input: String) throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script]
        let stdin = Pipe(), stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let lines = String(decoding: stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).split(separator: "\n").map(String.init)
        process.waitUntilExit()
        return lines
    }

    @Test func nameBasedIdsAreVersion5UUIDsAsPythonMakesThem() throws {
        let names = ["occurrence:3f1c-series:2026-11-21", "habit-entry:h1:2026-02-29", "", "ü — long " + String(repeating: "x", count: 200)]
        let script = "import sys, uuid\nns = uuid.UUID('6f2c1b0e-8d3a-5e47-9b1f-2a4c6d8e0f13')\nfor line in sys.stdin.read().split('\\x1e'): print(uuid.uuid5(ns, line))"
        let made = try python(script, input: names.joined(separator: "\u{1E}"))
        #expect(made == names.map { NameBasedId.uuid5(namespace: NameBasedId.namespace, name: $0) })
        #expect(NameBasedId.occurrence(series: "s", date: date("2026-11-21")) == NameBasedId.occurrence(series: "s", date: date("2026-11-21")))
        #expect(NameBasedId.occurrence(series: "s", date: date("2026-11-21")) != NameBasedId.occurrence(series: "s", date: date("2026-11-22")))
    }

    /// Random ids are version 4 UUIDs as Python's uuid module reads them (its own text given back),
    /// none twice, and every digit that is not the version's or the variant's takes every value.
    @Test func randomIdsAreVersion4UUIDsAsPythonReadsThem() throws {
        let ids = (0..<10_000).map { _ in RandomId.make() }
        #expect(Set(ids).count == ids.count)
        let script = "import sys, uuid\nfor line in sys.stdin.read().split():\n u = uuid.UUID(line)\n print(u.version, u.variant == uuid.RFC_4122, str(u) == line)"
        let read = try python(script, input: ids.joined(separator: "\n"))
        #expect(read.count == ids.count && read.allSatisfy { $0 == "4 True True" }, "\(Set(read))")
        for place in 0..<36 where ![8, 13, 14, 18, 19, 23].contains(place) {
            let digits = Set(ids.map { Array($0.utf8)[place] })
            #expect(digits.count == 16, "digit \(place) took \(digits.count) values")
        }
    }

    // MARK: The rules, case by case

    /// A device: its id, its clock, what it holds.
    struct Device {
        let name: String
        var clock = HybridTimestamp(milliseconds: 0)
        var replica = Replica()
        var made = 0

        init(_ name: String) { self.name = name }

        /// A local change at wall time `now`.
        @discardableResult
        mutating func write(_ entity: String, _ id: String, _ field: String, _ value: String?, origin: FieldChange.Origin = .user, now: Int64) -> FieldChange {
            clock = clock.next(now: now)
            made += 1
            let change = FieldChange(id: "\(name)-\(made)", entity: entity, entityId: id, field: field, value: value, stamp: clock, device: name, origin: origin)
            replica.receive([change])
            return change
        }

        /// Another device's changes, as a pull delivers them.
        mutating func pull(_ changes: some Sequence<FieldChange>, now: Int64) {
            for change in replica.receive(changes) { clock = clock.receiving(change.stamp, now: now) }
        }

        func value(_ entity: String, _ id: String, _ field: String) -> String?? { replica.state[Replica.RowKey(entity, id)]?[field] }
    }

    func sync(_ devices: inout [Device], now: Int64) {
        let all = devices.flatMap { $0.replica.changes.values }
        for i in devices.indices { devices[i].pull(all, now: now) }
    }

    @Test func differentFieldsOfOneCardAreBothKeptAndTheSameFieldGoesToTheLaterStamp() {
        var d = [Device("laptop"), Device("desktop")]
        d[0].write("tasks", "c1", "title", "\"Pay rent\"", now: 100)
        sync(&d, now: 110)
        d[0].write("tasks", "c1", "priority", "3", now: 200)
        d[1].write("tasks", "c1", "bucket", "\"WEEKEND\"", now: 150)
        d[0].write("tasks", "c1", "title", "\"Pay rent today\"", now: 300)
        d[1].write("tasks", "c1", "title", "\"Pay the rent\"", now: 250)
        sync(&d, now: 400)
        for device in d {
            #expect(device.value("tasks", "c1", "priority") == "3")
            #expect(device.value("tasks", "c1", "bucket") == "\"WEEKEND\"")
            #expect(device.value("tasks", "c1", "title") == "\"Pay rent today\"", "the later edit wins")
        }
    }

    @Test func anExceptionWinsOverAPropagationThatHadNotSeenItUntilAReapply() {
        var d = [Device("a"), Device("b")]
        d[0].write("tasks", "o1", "title", "\"Stretch\"", origin: .generation, now: 10)
        sync(&d, now: 20)
        // Offline: A edits the occurrence's title; B, later, propagates the template's new title.
        d[0].write("tasks", "o1", "exception.title", "true", now: 100)
        d[0].write("tasks", "o1", "title", "\"Stretch, short\"", now: 100)
        d[1].write("tasks", "o1", "title", "\"Stretch and breathe\"", origin: .propagation, now: 500)
        sync(&d, now: 600)
        for device in d {
            #expect(device.value("tasks", "o1", "title") == "\"Stretch, short\"")
            #expect(device.value("tasks", "o1", "exception.title") == "true", "the Exception chip on both")
        }
        // A reapply on B: the template's title on both, the chip gone.
        d[1].write("tasks", "o1", "exception.title", "false", origin: .reapply, now: 700)
        d[1].write("tasks", "o1", "title", "\"Stretch and breathe\"", origin: .reapply, now: 700)
        sync(&d, now: 800)
        for device in d {
            #expect(device.value("tasks", "o1", "title") == "\"Stretch and breathe\"")
            #expect(device.value("tasks", "o1", "exception.title") == nil)
        }
    }

    @Test func propagationNeverTouchesAnOccurrenceCompletedBeforeIt() {
        var d = [Device("a"), Device("b")]
        d[0].write("tasks", "o1", "title", "\"Run\"", origin: .generation, now: 10)
        d[0].write("tasks", "o2", "title", "\"Run\"", origin: .generation, now: 10)
        sync(&d, now: 20)
        d[0].write("tasks", "o1", "is_completed", "1", now: 100)
        d[1].write("tasks", "o1", "title", "\"Run 5k\"", origin: .propagation, now: 200)
        d[1].write("tasks", "o2", "title", "\"Run 5k\"", origin: .propagation, now: 200)
        d[0].write("tasks", "o2", "is_completed", "1", now: 300)
        sync(&d, now: 400)
        for device in d {
            #expect(device.value("tasks", "o1", "title") == "\"Run\"", "completed at 100, before the propagation at 200")
            #expect(device.value("tasks", "o2", "title") == "\"Run 5k\"", "completed at 300, after it")
        }
    }

    @Test func bothDevicesGeneratingTheSameWeekMakeOneOccurrencePerDate() {
        var d = [Device("a"), Device("b")]
        let days = (0..<7).map { date("2026-11-21").adding(days: $0) }
        for (i, now) in [(0, Int64(100)), (1, Int64(900))] {
            for day in days {
                let id = NameBasedId.occurrence(series: "series-1", date: day)
                d[i].write("tasks", id, "title", "\"Stretch\"", origin: .generation, now: now)
                d[i].write("tasks", id, "occurrence_date", "\"\(day.iso)\"", origin: .generation, now: now)
            }
        }
        sync(&d, now: 1_000)
        for device in d {
            let dates = device.replica.state.values.compactMap { $0["occurrence_date"] ?? nil }
            #expect(dates.count == 7 && Set(dates).count == 7)
        }
    }

    @Test func aDeletedOccurrenceStaysDeletedWhenAnotherDeviceGeneratesItAgain() {
        var d = [Device("a"), Device("b")]
        let id = NameBasedId.occurrence(series: "series-1", date: date("2026-11-23"))
        d[0].write("tasks", id, "title", "\"Stretch\"", origin: .generation, now: 10)
        sync(&d, now: 20)
        d[0].write("tasks", id, FieldChange.deleted, "true", now: 100)
        d[1].write("tasks", id, "title", "\"Stretch\"", origin: .generation, now: 500)
        d[1].write("tasks", id, FieldChange.deleted, "false", origin: .generation, now: 500)
        sync(&d, now: 600)
        for device in d { #expect(device.replica.state[Replica.RowKey("tasks", id)] == nil) }
        // Only a person brings it back (an undo).
        d[1].write("tasks", id, FieldChange.deleted, "false", now: 700)
        sync(&d, now: 800)
        for device in d { #expect(device.value("tasks", id, "title") == "\"Stretch\"") }
    }

    @Test func theSameHabitCheckedInOnBothDevicesTheSameDayIsOneEntry() {
        var d = [Device("a"), Device("b")]
        let entry = NameBasedId.habitEntry(habit: "water", day: date("2026-11-21"))
        d[0].write("habit_entries", entry, "source", "\"manual\"", now: 100)
        d[1].write("habit_entries", entry, "source", "\"routine\"", now: 200)
        sync(&d, now: 300)
        for device in d {
            #expect(device.replica.state.keys.filter { $0.entity == "habit_entries" }.count == 1)
            #expect(device.value("habit_entries", entry, "source") == "\"routine\"")
        }
    }

    @Test func aCreatedRowIsOneChangeStandingForEachFieldAndNotDeleted() {
        var d = [Device("a"), Device("b")]
        d[0].write("tasks", "c1", FieldChange.row, #"{"due_date":null,"priority":"2","title":"\"Pay \\\"rent\\\"\""}"#, now: 100)
        d[0].write("tasks", "c1", FieldChange.deleted, "true", now: 200)
        sync(&d, now: 300)
        #expect(d[1].replica.state[Replica.RowKey("tasks", "c1")] == nil, "deleted after it was made")
        // An undo makes it again: the row change is newer than the tombstone.
        d[1].write("tasks", "c1", FieldChange.row, #"{"due_date":null,"priority":"2","title":"\"Pay \\\"rent\\\"\""}"#, now: 400)
        d[0].write("tasks", "c1", "priority", "3", now: 350)
        sync(&d, now: 500)
        for device in d {
            #expect(device.value("tasks", "c1", "title") == #""Pay \"rent\"""#)
            #expect(device.value("tasks", "c1", "due_date") == .some(nil), "a null field is there, as null")
            #expect(device.value("tasks", "c1", "priority") == "2", "the row change at 400 is later than the edit at 350")
        }
        // A row made by one change reads the same straight from it as through the rules.
        let one = FieldChange(id: "r", entity: "tasks", entityId: "c3", field: FieldChange.row, value: #"{"exception.title":"true","title":"\"x\"","due_date":null}"#,
                              stamp: HybridTimestamp(milliseconds: 5), device: "a", origin: .generation)
        #expect(Replica.row(Replica.RowKey("tasks", "c3"), of: [one]) == Replica.state(of: [one])[Replica.RowKey("tasks", "c3")])
        #expect(Replica.row(Replica.RowKey("tasks", "c3"), of: [one])?["exception.title"] == "true")
        let broken = FieldChange(id: "x", entity: "tasks", entityId: "c2", field: FieldChange.row, value: "[1]",
                                 stamp: HybridTimestamp(milliseconds: 1), device: "a", origin: .user)
        #expect(broken.expanded.isEmpty)
    }

    // MARK: Convergence

    /// Random intents on three devices with skewed clocks, random partial exchanges with duplicated
    /// and reordered deliveries; after a full exchange every replica shows the same board, and no
    /// occurrence with its title exception set shows a propagated title.
    @Test func replicasHoldingTheSameChangesShowTheSameBoard() {
        var schedules = 0, changes = 0, exchanges = 0
        for seed in 1...2_000 {
            var rng = SeededGenerator(seed: UInt64(seed))
            var d = [Device("a"), Device("b"), Device("c")]
            let skew: [Int64] = [0, Int64.random(in: -5_000...5_000, using: &rng), Int64.random(in: -5_000...5_000, using: &rng)]
            let rows = (0..<4).map { NameBasedId.occurrence(series: "s\(seed)", date: date("2026-11-21").adding(days: $0)) }
            var now: Int64 = 1_000
            for _ in 0..<Int.random(in: 5...40, using: &rng) {
                now += Int64.random(in: 0...50, using: &rng)
                let i = Int.random(in: 0..<3, using: &rng), row = rows.randomElement(using: &rng)!
                let t = now + skew[i]
                switch Int.random(in: 0..<8, using: &rng) {
                case 0:
                    // Generation creates the whole row in one change, as the store records it.
                    d[i].write("tasks", row, FieldChange.row, #"{"is_completed":"0","title":"\"gen\""}"#, origin: .generation, now: t)
                case 1: d[i].write("tasks", row, "title", "\"user \(Int.random(in: 0..<9, using: &rng))\"", now: t)
                case 2:
                    d[i].write("tasks", row, "exception.title", "true", now: t)
                    d[i].write("tasks", row, "title", "\"kept \(Int.random(in: 0..<9, using: &rng))\"", now: t)
                case 3: d[i].write("tasks", row, "title", "\"propagated \(Int.random(in: 0..<9, using: &rng))\"", origin: .propagation, now: t)
                case 4:
                    d[i].write("tasks", row, "exception.title", "false", origin: .reapply, now: t)
                    d[i].write("tasks", row, "title", "\"template\"", origin: .reapply, now: t)
                case 5: d[i].write("tasks", row, "is_completed", Bool.random(using: &rng) ? "1" : "0", now: t)
                case 6: d[i].write("tasks", row, FieldChange.deleted, Bool.random(using: &rng) ? "true" : "false", now: t)
                default:
                    // A partial exchange: some of one device's changes, shuffled, some twice, to another.
                    let from = Int.random(in: 0..<3, using: &rng), to = Int.random(in: 0..<3, using: &rng)
                    var sent = d[from].replica.changes.values.filter { _ in Bool.random(using: &rng) }
                    sent += sent.prefix(2)
                    sent.shuffle(using: &rng)
                    d[to].pull(sent, now: now + skew[to])
                    exchanges += 1
                }
            }
            // A full exchange, each device in its own order.
            let all = d.flatMap { $0.replica.changes.values }
            for i in d.indices { d[i].pull(all.shuffled(using: &rng), now: now + 100 + skew[i]) }
            let first = d[0].replica.state
            #expect(d[1].replica.state == first && d[2].replica.state == first, "seed \(seed)")
            for (key, values) in first where values["exception.title"] == "true" {
                #expect(!(values["title"]??.hasPrefix("\"propagated") ?? false), "seed \(seed): \(key.id) shows a propagated title over its exception")
            }
            schedules += 1
            changes += all.count
        }
        print("convergence: \(schedules) schedules, \(changes) changes, \(exchanges) partial exchanges")
        #expect(schedules == 2_000)
    }
}
