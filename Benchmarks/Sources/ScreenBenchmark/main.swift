import BoardModel
import BoardStore
import BoardTUI
import Foundation
import GRDB

// The board screen with 100,000 cards and 1,000 templates: time to the first frame,
// time from a focus key to the next frame at 200×60, and peak memory. Frames are drawn
// into a buffer (no terminal); the README also gives the whole binary's time in tmux.
// Usage: ScreenBenchmark [PATH]: with PATH, only writes the big board there.

let clock = BoardClock(local: LocalDateTime(iso: "2026-11-21T09:00")!, zone: TimeZone(identifier: "Europe/Paris")!)

func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = ContinuousClock.now
    try body()
    let d = ContinuousClock.now - start
    return Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
}

func maxResidentMiB() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_maxrss) / 1024
}

/// 1,000 daily templates (7,000 occurrences) and plain cards up to 100,000 in all.
func writeBigBoard(at path: String) throws {
    let database = try BoardDatabase.open(path: path).pool
    let store = try BoardStore(database, path: path)
    let first = try store.addTemplate(CardValues(title: "Routine 0", checklist: ["one", "two"], time: LocalTime(hour: 7, minute: 0)!),
                                      rule: try RecurrenceRule(.daily), start: clock.today, status: .draft, clock: clock)
    try database.write { db in
        try db.execute(sql: """
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 999)
            INSERT INTO templates SELECT printf('%08d', n.i) || substr(id, 9), owner_id, 'Routine ' || n.i, description, labels, checklist,
                default_bucket, default_time, priority, default_duration_min, status, version, created_at, updated_at, end_after_count, remind_before_min
            FROM templates, n WHERE templates.id = ?
            """, arguments: [first.id])
        try db.execute(sql: """
            INSERT INTO recurrence_rules SELECT 'r' || t.id, t.id, r.rrule, r.anchor, r.month_end_policy, r.timezone, r.starts_on, r.ends_on
            FROM templates t, recurrence_rules r WHERE r.template_id = ? AND t.id != ?
            """, arguments: [first.id, first.id])
        try db.execute(sql: """
            INSERT INTO series SELECT 's' || t.id, t.id, s.owner_id, s.starts_on, s.ends_on, s.status, NULL, 0, '[]', NULL
            FROM templates t, series s WHERE s.template_id = ? AND t.id != ?
            """, arguments: [first.id, first.id])
        try db.execute(sql: "UPDATE templates SET status = 'active'; UPDATE series SET status = 'active'")
    }
    try store.generate(clock: clock)
    try database.write { db in
        try db.execute(sql: """
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 93000)
            INSERT INTO tasks (id, owner_id, title, labels, bucket, position, priority, created_at, updated_at)
            SELECT lower(hex(randomblob(16))), ?, 'Card ' || n.i, '["bench"]',
                   CASE n.i % 4 WHEN 0 THEN 'THIS_WEEK' WHEN 1 THEN 'WEEKEND' WHEN 2 THEN 'NEXT_WEEK' ELSE 'NEXT_MONTH' END,
                   n.i, n.i % 4, 'x', 'x'
            FROM n
            """, arguments: [store.ownerId])
    }
}

let arguments = CommandLine.arguments
if arguments.count == 2 {
    try writeBigBoard(at: arguments[1])
    print("Wrote a board of 100,000 cards and 1,000 templates to \(arguments[1])")
    exit(0)
}

let directory = FileManager.default.temporaryDirectory.appendingPathComponent("board-screen-bench-\(UUID().uuidString)")
try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: directory) }
let path = directory.appendingPathComponent("board.sqlite").path
try writeBigBoard(at: path)
let memoryBefore = maxResidentMiB()

var app: BoardApp!
var frame: Frame!
let firstFrame = try seconds {
    let store = try BoardStore.open(path: path)
    app = try BoardApp(store: store, path: path) { clock }
    frame = try app.firstFrame(width: 200, height: 60)
}
guard frame.text.contains("This Week (23250)") else { fatalError("unexpected board:\n\(frame.text)") }

// Focus keys through the whole runtime: update, reading windows of cards as the focus goes, drawing.
var samples: [Double] = []
let keys: [Key] = Array(repeating: .down, count: 400) + [.right] + Array(repeating: .down, count: 400) + Array(repeating: .up, count: 200)
for key in keys {
    samples.append(try seconds {
        guard case .draw(let next, _) = try app.handle(key) else { fatalError("quit") }
        frame = next
    })
}
guard frame.text.contains("Card ") else { fatalError("the cards did not load:\n\(frame.text)") }
samples.sort()
print("A board of 100,000 cards and 1,000 templates, drawn into a 200×60 frame (no terminal)")
print(String(format: "  start to first frame:        %7.1f ms  (open, generate, load, draw; target ≤ 150 ms)", firstFrame * 1000))
print(String(format: "  focus key to next frame:     %7.3f ms median, %.3f ms p99 over %d keys (target ≤ 2 ms)",
             samples[samples.count / 2] * 1000, samples[samples.count * 99 / 100] * 1000, samples.count))
print(String(format: "  peak memory:                 %7.1f MiB (%.1f MiB before opening; target ≤ 64 MB)", maxResidentMiB(), memoryBefore))

print("Where the first frame's time goes:")
do {
    let store = try BoardStore.open(path: path)
    print(String(format: "  open:          %6.1f ms", try seconds { _ = try BoardStore.open(path: path) } * 1000))
    print(String(format: "  generate:      %6.1f ms", try seconds { try store.generate(clock: clock) } * 1000))
    print(String(format: "  counts:        %6.1f ms", try seconds { _ = try store.cardCounts() } * 1000))
    print(String(format: "  5 windows:     %6.1f ms", try seconds {
        for bucket in Bucket.allCases { _ = try store.cardSummaries(in: bucket, limit: BoardSnapshot.windowSize) }
    } * 1000))
    print(String(format: "  templates:     %6.1f ms", try seconds { _ = try store.templates(clock: clock, limit: BoardSnapshot.templateRows) } * 1000))
}
