import BoardModel
import BoardStore
import Foundation
import GRDB

// Generation and propagation on a real SQLite file, each beside its plain-SQL baseline
// in the same run. Best of 3.

let directory = FileManager.default.temporaryDirectory.appendingPathComponent("board-bench-\(UUID().uuidString)")
try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: directory) }
let clock = BoardClock(local: LocalDateTime(iso: "2026-11-21T09:00")!, zone: TimeZone(identifier: "Europe/Paris")!)

func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = ContinuousClock.now
    try body()
    let d = ContinuousClock.now - start
    return Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
}

func best(_ runs: Int = 3, setUp: () throws -> Void, _ body: () throws -> Void) rethrows -> Double {
    var result = Double.infinity
    for _ in 0..<runs {
        try setUp()
        result = min(result, try seconds(body))
    }
    return result
}

/// A board of `count` active daily routines at `times`, each a copy of the first (made as a draft,
/// copied in SQL, then activated), with nothing generated yet.
func routinesBoard(_ name: String, count: Int, times: TimesOfDay) throws -> (BoardStore, any DatabaseWriter) {
    let path = directory.appendingPathComponent(name + ".sqlite").path
    let writer = try BoardDatabase.open(path: path, concurrentReads: true).writer
    let board = try BoardStore(writer, path: path)
    let made = try board.routines.add(CardValues(title: "Daily 0", labels: ["bench"], checklist: ["one", "two"]), rule: try RecurrenceRule(.daily),
                                      times: times, start: clock.today, status: .draft, clock: clock)
    try writer.write { db in
        try db.execute(sql: """
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
            INSERT INTO templates (id, owner_id, title, description, labels, checklist, default_bucket, default_time, priority,
                                   default_duration_min, status, version, created_at, updated_at, end_after_count, remind_before_min)
            SELECT printf('%08d', n.i) || substr(id, 9), owner_id, 'Daily ' || n.i, description, labels, checklist,
                default_bucket, default_time, priority, default_duration_min, status, version, created_at, updated_at, end_after_count, remind_before_min
            FROM templates, n WHERE templates.id = ?;
            INSERT INTO recurrence_rules (id, template_id, rrule, anchor, month_end_policy, timezone, starts_on, ends_on)
            SELECT 'r' || t.id, t.id, r.rrule, r.anchor, r.month_end_policy, r.timezone, r.starts_on, r.ends_on
            FROM templates t, recurrence_rules r WHERE r.template_id = ? AND t.id != ?;
            INSERT INTO series (id, template_id, owner_id, starts_on, ends_on, status, last_generated_at, used_count, skipped_dates, generated_through)
            SELECT 's' || t.id, t.id, s.owner_id, s.starts_on, s.ends_on, s.status, NULL, 0, '[]', NULL
            FROM templates t, series s WHERE s.template_id = ? AND t.id != ?;
            UPDATE templates SET status = 'active'; UPDATE series SET status = 'active';
            """, arguments: [count - 1, made.id, made.id, made.id, made.id, made.id])
    }
    return (board, writer)
}

// MARK: Generation: 10,000 active daily templates, 70,000 occurrences.

// The benchmark keeps the database it gives the store, for its bulk set-up and its baselines.
let (store, database) = try routinesBoard("generation", count: 10_000, times: TimesOfDay(LocalTime(hour: 7, minute: 30)!))
func clearTasks() throws {
    try database.write { db in try db.execute(sql: "DELETE FROM tasks; UPDATE series SET generated_through = NULL") }
}

var created = 0
let generation = try best(setUp: clearTasks) { created = try store.routines.generate(clock: clock) }
guard created == 70_000 else { fatalError("generation created \(created)") }

let insertRows: [(String, String, String)] = try database.read { db in
    try Row.fetchAll(db, sql: "SELECT t.id, s.id, t.title FROM templates t JOIN series s ON s.template_id = t.id").map { ($0[0], $0[1], $0[2]) }
}
let plainInserts = try best(setUp: clearTasks) {
    try database.write { db in
        let statement = try db.makeStatement(sql: """
            INSERT INTO tasks (id, owner_id, title, description, labels, checklist, bucket, position, due_date, due_time, priority,
                               duration_min, is_completed, created_at, updated_at, template_id, series_id, occurrence_date, exception_mask)
            VALUES (?, ?, ?, '', '["bench"]', '[{"done":false,"text":"one"},{"done":false,"text":"two"}]', 'ROUTINES', ?, ?, '07:30', 0,
                    NULL, 0, ?, ?, ?, ?, ?, '[]')
            """)
        var position = 0
        let dates = (0..<7).map { clock.today.adding(days: $0).iso }
        for (templateId, seriesId, title) in insertRows {
            for date in dates {
                try statement.execute(arguments: [RandomId.make(), store.ownerId, title, position, date,
                                                  clock.timestamp, clock.timestamp, templateId, seriesId, date])
                position += 1
            }
        }
    }
}

print("Generation of 70,000 occurrences (10,000 daily templates × 7 days), best of 3")
print(String(format: "  board generate:        %7.1f ms", generation * 1000))
print(String(format: "  plain prepared INSERTs: %6.1f ms", plainInserts * 1000))
print(String(format: "  ratio:                  %6.2f×  (target ≤ 2×)", generation / plainInserts))

// MARK: Propagation: one template, 10,000 open occurrences.

let propagationPath = directory.appendingPathComponent("propagation.sqlite").path
let propagationDatabase = try BoardDatabase.open(path: propagationPath, concurrentReads: true).writer
let propagationStore = try BoardStore(propagationDatabase, path: propagationPath)
let routine = try propagationStore.routines.add(CardValues(title: "Title A", labels: ["bench"]), rule: try RecurrenceRule(.daily),
                                               start: clock.today, clock: clock)
try propagationDatabase.write { db in
    try db.execute(sql: """
        WITH RECURSIVE n(i) AS (SELECT 7 UNION ALL SELECT i + 1 FROM n WHERE i < 9999)
        INSERT INTO tasks (id, owner_id, title, labels, bucket, position, due_date, created_at, updated_at, template_id, series_id, occurrence_date)
        SELECT lower(hex(randomblob(16))), t.owner_id, t.title, t.labels, 'ROUTINES', 100 + n.i, date(?, '+' || n.i || ' days'),
               'x', 'x', t.template_id, t.series_id, date(?, '+' || n.i || ' days')
        FROM n, (SELECT owner_id, title, labels, template_id, series_id FROM tasks LIMIT 1) t
        """, arguments: [clock.today, clock.today])
}
var planCount = 0
var planTime = Double.infinity, applyTime = Double.infinity, totalTime = Double.infinity
for round in 1...4 {
    let title = "Title \(round)"
    var plan: TemplateEditPlan!
    let p = try seconds { plan = try propagationStore.routines.planEdit(routine.id, TemplateEditRequest(fields: CardEdit(title: title)), clock: clock) }
    let a = try seconds { try propagationStore.routines.applyEdit(plan, clock: clock) }
    planCount = plan.propagation.count
    planTime = min(planTime, p)
    applyTime = min(applyTime, a)
    totalTime = min(totalTime, p + a)
}
guard planCount == 10_000 else { fatalError("the plan covered \(planCount)") }
var flip = false
let plainUpdate = try best(setUp: {}) {
    flip.toggle()
    try propagationDatabase.write { db in
        try db.execute(sql: "UPDATE tasks SET title = ?, updated_at = ? WHERE template_id = ? AND is_completed = 0 AND occurrence_date >= ?",
                       arguments: [flip ? "Plain X" : "Plain Y", clock.timestamp, routine.id, clock.today])
    }
}
print("\nPropagation of a title edit to 10,000 open occurrences, best of 4")
print(String(format: "  plan:                   %6.1f ms", planTime * 1000))
print(String(format: "  apply:                  %6.1f ms", applyTime * 1000))
print(String(format: "  plan + apply:           %6.1f ms  (target < 100 ms)", totalTime * 1000))
print(String(format: "  plain single UPDATE:    %6.1f ms  (%.1f× faster, but blind to masks and completion)", plainUpdate * 1000, totalTime / plainUpdate))

// MARK: Several times a day: 1,000 routines at 3 times a day beside 3,000 at one time.

let thrice = try TimesOfDay(parsing: "08:00, 13:00, 20:00")
var severalFigures: [(String, Double, Double, Double)] = []
for (name, count, times) in [("one time", 3_000, TimesOfDay(LocalTime(hour: 8, minute: 0)!)), ("3 times a day", 1_000, thrice)] {
    let (board, writer) = try routinesBoard(name.replacingOccurrences(of: " ", with: "-"), count: count, times: times)
    var made = 0
    let generate = try best(setUp: { try writer.write { db in try db.execute(sql: "DELETE FROM tasks; UPDATE series SET generated_through = NULL") } }) {
        made = try board.routines.generate(clock: clock)
    }
    guard made == 21_000 else { fatalError("\(name): generation made \(made)") }
    var overviews = 0, cards = 0
    let templates = try best(setUp: {}) { overviews = try board.reader.templates(clock: clock, limit: Int.max).count }
    let list = try best(setUp: {}) { cards = try board.cards.list().count }
    guard overviews == count, cards == 21_000 else { fatalError("\(name): \(overviews) routines, \(cards) cards") }
    severalFigures.append((name, generate, templates, list))
}
print("\nSeveral times a day: 21,000 runs for the week either way, best of 3")
for (name, generate, templates, list) in severalFigures {
    print(String(format: "  %@ generate %7.1f ms · routines' next runs %6.1f ms · list the cards %6.1f ms",
                 name.padding(toLength: 14, withPad: " ", startingAt: 0), generate * 1000, templates * 1000, list * 1000))
}
print(String(format: "  ratio, 3 times a day ÷ one time: generate %.2f×, next runs %.2f×, list %.2f×",
             severalFigures[1].1 / severalFigures[0].1, severalFigures[1].2 / severalFigures[0].2, severalFigures[1].3 / severalFigures[0].3))

// MARK: A calendar feed: 10,000 dated cards and 1,000 daily routines (issue 55).

let (feedStore, feedDatabase) = try routinesBoard("feed", count: 1_000, times: TimesOfDay(LocalTime(hour: 7, minute: 30)!))
_ = try feedStore.routines.generate(clock: clock)
try feedDatabase.write { db in
    try db.execute(sql: """
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 10000)
        INSERT INTO tasks (id, owner_id, title, description, labels, checklist, bucket, position, due_date, due_time, priority,
                           duration_min, is_completed, created_at, updated_at, exception_mask)
        SELECT printf('c%07d', i) || '-0000-4000-8000-000000000000', (SELECT owner_id FROM templates LIMIT 1), 'Card ' || i, '', '["home"]',
               '[]', 'THIS_WEEK', i, date('2026-11-21', '+' || (i % 120) || ' days'), CASE WHEN i % 2 = 0 THEN '09:00' END, 0,
               NULL, 0, '2026-11-21T09:00:00.000Z', '2026-11-21T09:00:00.000Z', '[]'
        FROM n
        """)
}
var feedItems: [CalendarItem] = []
let readFeed = try best { } _: { feedItems = try feedStore.exchange.feedItems(clock: clock) }
var feedText = ""
let writeFeed = best { } _: { feedText = ICalendarWriter.feed(feedItems, name: "Board", stamp: "20261121T080000Z", year: 2026) }
print("\nA calendar feed of 10,000 cards and 1,000 daily routines (\(feedItems.count) events, \(feedText.utf8.count / 1000) kB), best of 3")
print(String(format: "  read the items:         %6.1f ms", readFeed * 1000))
print(String(format: "  write the calendar:     %6.1f ms", writeFeed * 1000))
print(String(format: "  both:                   %6.1f ms  (target < 200 ms served)", (readFeed + writeFeed) * 1000))
