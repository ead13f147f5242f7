import BoardModel
import BoardStore
import BoardTUI
import Foundation
import GRDB

// The board screen with 100,000 cards and 1,000 templates: time to the first frame,
// time from a focus key to the next frame at 200×60, and peak memory. Frames are drawn
// into a buffer (no terminal); the README also gives the whole binary's time in tmux.
// Usage: ScreenBenchmark [PATH]: with PATH, only writes the big board there.
// CARDS=10000 ScreenBenchmark: a board of that many cards instead (1,000 templates still).
// BOARD=PATH ScreenBenchmark: a copy of the board written there before (for a profiler, which
// would take minutes to write it). EACH=1: each key's time too, in the order pressed.

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

/// Cards in all (CARDS, 100,000 unless given): 7,000 occurrences of 1,000 daily templates, the rest plain, a third of them dated.
let totalCards = Int(ProcessInfo.processInfo.environment["CARDS"] ?? "") ?? 100_000
let plainCards = max(0, totalCards - 7_000)

/// 1,000 daily templates (7,000 occurrences) and plain cards up to `totalCards` in all.
func writeBigBoard(at path: String) throws {
    let database = try BoardDatabase.open(path: path, concurrentReads: true).writer
    let store = try BoardStore(database, path: path)
    let first = try store.routines.add(CardValues(title: "Routine 0", checklist: ["one", "two"], time: LocalTime(hour: 7, minute: 0)!),
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
            INSERT INTO series SELECT 's' || t.id, t.id, s.owner_id, s.starts_on, s.ends_on, s.status, NULL, 0, '[]', NULL, 0
            FROM templates t, series s WHERE s.template_id = ? AND t.id != ?
            """, arguments: [first.id, first.id])
        try db.execute(sql: "UPDATE templates SET status = 'active'; UPDATE series SET status = 'active'")
    }
    try store.routines.generate(clock: clock)
    try database.write { db in
        try db.execute(sql: """
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(plainCards))
            INSERT INTO tasks (id, owner_id, title, labels, bucket, position, priority, created_at, updated_at, due_date, aimed_on)
            SELECT lower(hex(randomblob(16))), ?, 'Card ' || n.i, '["bench"]',
                   CASE n.i % 4 WHEN 0 THEN 'THIS_WEEK' WHEN 1 THEN 'WEEKEND' WHEN 2 THEN 'NEXT_WEEK' ELSE 'NEXT_MONTH' END,
                   n.i, n.i % 4, 'x', 'x',
                   -- A third of the cards dated over the next 90 days (the agenda's), all aimed at their column today.
                   CASE WHEN n.i % 3 = 0 THEN date('\(clock.today.iso)', '+' || (n.i % 90) || ' days') END, '\(clock.today.iso)'
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
if let written = ProcessInfo.processInfo.environment["BOARD"] {
    try FileManager.default.copyItem(atPath: written, toPath: path)
} else {
    try writeBigBoard(at: path)
}
let memoryBefore = maxResidentMiB()
// PROFILE=agenda: only this month's agenda read again and again, for a profiler to look at.
if ProcessInfo.processInfo.environment["PROFILE"] == "agenda" {
    let store = try BoardStore.open(path: path)
    try store.settleHorizons(clock: clock)
    for _ in 0..<40 { _ = try store.agenda.days(MonthGrid(holding: clock.today, weekStart: .monday).days, clock: clock) }
    exit(0)
}

var app: BoardApp!
var frame: Frame!
let firstFrame = try seconds {
    // As `board open` opens it: a pool, whose readers run beside the screen's (the filter's index).
    let store = try BoardStore.open(path: path, concurrentReads: true)
    app = try BoardApp(store: store, path: path) { clock }
    frame = try app.firstFrame(width: 200, height: 60)
}
guard frame.text.contains("This Week (\(plainCards / 4))") else { fatalError("unexpected board:\n\(frame.text)") }
// PROFILE=start: only the start to the first frame, for a profiler to look at.
if ProcessInfo.processInfo.environment["PROFILE"] == "start" {
    print(String(format: "start to first frame: %.1f ms", firstFrame * 1000))
    exit(0)
}

// Focus keys through the whole runtime: update, reading windows of cards as the focus goes, drawing.
var samples: [Double] = []
let keys: [Key] = Array(repeating: .down, count: 400) + [.right] + Array(repeating: .down, count: 400) + Array(repeating: .up, count: 200)
/// One key handled and its frame drawn, as the terminal's loop does.
@MainActor func press(_ key: Key) throws -> Double {
    try seconds {
        guard case .draw = try app.handle(key) else { fatalError("quit") }
        frame = view(app.state)
    }
}
for key in keys { samples.append(try press(key)) }
guard frame.text.contains("Card ") else { fatalError("the cards did not load:\n\(frame.text)") }
samples.sort()
print("A board of \(totalCards) cards and 1,000 templates, drawn into a 200×60 frame (no terminal)")
print(String(format: "  start to first frame:        %7.1f ms  (open, generate, load, draw; target ≤ 150 ms)", firstFrame * 1000))
print(String(format: "  focus key to next frame:     %7.3f ms median, %.3f ms p99 over %d keys (target ≤ 2 ms)",
             samples[samples.count / 2] * 1000, samples[samples.count * 99 / 100] * 1000, samples.count))
// Every other key a person presses often, each to its frame: the filter's keystrokes, moving and
// reordering cards, completing one (each writes and reads the board again).
/// With `pause`, the keys come that far apart, as a person types them (the pause is not timed).
@MainActor func report(_ name: String, _ keys: [Key], pause: Double = 0) throws {
    var times: [Double] = []
    for key in keys {
        if pause > 0 { Thread.sleep(forTimeInterval: pause) }
        times.append(try press(key))
    }
    if ProcessInfo.processInfo.environment["EACH"] != nil { print(times.map { String(format: "%.1f", $0 * 1000) }) }
    times.sort()
    let label = (name + ":").padding(toLength: 30, withPad: " ", startingAt: 0)
    print("  " + label + String(format: "%7.2f ms median, %.2f ms max over %d keys (target < 16 ms)", times[times.count / 2] * 1000, times.last! * 1000, times.count))
}
_ = try press(.left)
/// How many rounds a PROFILE run makes (ROUNDS, 40 unless given).
let profileRounds = Int(ProcessInfo.processInfo.environment["ROUNDS"] ?? "") ?? 40
// PROFILE=filter: only filter keystrokes, many of them, for a profiler to look at.
if ProcessInfo.processInfo.environment["PROFILE"] == "filter" {
    for _ in 0..<profileRounds { try report("filter keystroke (/ card 1)", [.character("/")] + "card 1".map(Key.character) + [.backspace, .backspace, .escape]) }
    exit(0)
}
// PROFILE=move: only H and L, many of them, for a profiler to look at.
if ProcessInfo.processInfo.environment["PROFILE"] == "move" {
    for _ in 0..<profileRounds { try report("H / L (move a card)", [.character("L"), .character("H"), .character("L"), .character("H")]) }
    exit(0)
}
// PROFILE=calendar: only the Calendar's day, month and today keys, for a profiler to look at.
if ProcessInfo.processInfo.environment["PROFILE"] == "calendar" {
    _ = try press(.character("v"))
    for _ in 0..<profileRounds {
        try report("Calendar keys (l h PgDn PgUp .)", [.character("l"), .character("h"), .pageDown, .pageUp, .pageDown, .character(".")])
    }
    exit(0)
}
// PROFILE=open: only v and Esc (open the Calendar on today, leave it), for a profiler to look at.
if ProcessInfo.processInfo.environment["PROFILE"] == "open" {
    for _ in 0..<profileRounds { try report("v, Esc (open, leave)", [.character("v"), .escape]) }
    exit(0)
}
try report("filter keystroke (/ card 1)", [.character("/")] + "card 1".map(Key.character) + [.backspace, .backspace, .escape])
// The filter's index is read on a thread of its own from `/` on: typed back to back (above) the
// first keystroke waits for it; typed 8 keys a second, as a quick typist does, it is read by then.
try report("the same, 8 keys a second", [.character("/")] + "card 1".map(Key.character) + [.backspace, .backspace, .escape], pause: 0.125)
// Until then a keystroke is drawn from the cards in hand, its counts "…": from `/` to the first
// keystroke's counts in full, the screen woken when the index is read.
var untilCounted: [Double] = []
for _ in 0..<3 {
    untilCounted.append(try seconds {
        _ = try press(.character("/"))
        _ = try press(.character("c"))
        while app.state.snapshot.query != "c" {
            Thread.sleep(forTimeInterval: 0.001)
            try app.noticeChanges()
        }
    })
    _ = try press(.escape)
}
untilCounted.sort()
print(String(format: "  / c, until counted in full:  %7.2f ms median of 3 (the index read on its own thread)", untilCounted[1] * 1000))
try report("H / L (move a card)", [.character("L"), .character("H"), .character("L"), .character("H")])
try report("J / K (reorder)", [.character("J"), .character("K"), .character("J"), .character("K")])
try report("x (complete, reopen)", [.character("x"), .character("x"), .character("x"), .character("x")])
try report("u / Ctrl-R (undo, redo)", [.character("u"), .control("r"), .character("u"), .control("r")])
// The Calendar (v): by day, by week, by month (each month's agenda read, planned runs computed
// for the 1,000 routines), today, a date in words; then back to the board.
try report("v (open the Calendar)", [.character("v")])
try report("← → h l (a day)", [.character("l"), .character("l"), .right, .left, .character("h"), .character("l")])
try report("↑ ↓ j k (a week)", [.character("j"), .character("j"), .down, .up, .character("k")])
try report("PgUp / PgDn (a month)", Array(repeating: .pageDown, count: 6) + Array(repeating: .pageUp, count: 6))
try report(". (today)", [.pageDown, .character("."), .pageDown, .character(".")])
try report("g next friday Enter", [.character("g")] + "next friday".map(Key.character) + [.enter])
_ = try press(.escape)
try report("v again, Esc (leave, open)", [.character("v"), .escape, .character("v"), .escape])
print(String(format: "  peak memory:                 %7.1f MiB (%.1f MiB before opening; target ≤ 64 MB)", maxResidentMiB(), memoryBefore))

/// The median time of `count` runs of `body`.
func median(_ count: Int, _ body: () throws -> Void) throws -> Double {
    var times: [Double] = []
    for _ in 0..<count { times.append(try seconds(body)) }
    return times.sorted()[count / 2]
}
print("Where the first frame's time goes:")
do {
    let store = try BoardStore.open(path: path)
    print(String(format: "  open:          %6.1f ms", try seconds { _ = try BoardStore.open(path: path) } * 1000))
    print(String(format: "  generate:      %6.1f ms", try seconds { try store.routines.generate(clock: clock) } * 1000))
    // As the screen reads them: the columns of the clock's day, which the file keeps.
    let horizons = store.horizons(clock)
    print(String(format: "  counts:        %6.1f ms", try seconds { _ = try store.reader.cardCounts(horizons) } * 1000))
    print(String(format: "  5 windows:     %6.1f ms", try seconds {
        for bucket in Bucket.allCases { _ = try store.reader.cardSummaries(in: bucket, horizons, limit: BoardSnapshot.windowSize) }
    } * 1000))
    print(String(format: "  templates:     %6.1f ms", try seconds { _ = try store.reader.templates(clock: clock, limit: BoardSnapshot.templateRows) } * 1000))
    print(String(format: "  titles:        %6.1f ms", try seconds { _ = try store.reader.templateTitles() } * 1000))
    print(String(format: "  reminders:     %6.1f ms", try seconds { _ = try store.reader.dueReminders(clock: clock, within: 3600) } * 1000))
    print(String(format: "  earlier:       %6.1f ms", try seconds { _ = try store.reader.routinesCount(before: clock.today) } * 1000))
    print(String(format: "  whole load:    %6.1f ms", try seconds { _ = try BoardSnapshot.load(store, clock: clock) } * 1000))
    let ninety = clock.today...clock.today.adding(days: 89)
    var items = 0
    print(String(format: "  agenda, 90 days: %4.1f ms (%d items: cards, runs, planned runs of 1,000 routines)",
                 try seconds { items = try store.agenda.days(ninety, clock: clock).count } * 1000, items))
    let month = MonthGrid(holding: clock.today.adding(days: 30), weekStart: .monday).days
    print(String(format: "  agenda, a month's grid: %4.1f ms", try seconds { _ = try store.agenda.days(month, clock: clock) } * 1000))
    let thisMonth = MonthGrid(holding: clock.today, weekStart: .monday).days
    print(String(format: "  agenda, this month's grid: %4.1f ms", try seconds { _ = try store.agenda.days(thisMonth, clock: clock) } * 1000))
    print(String(format: "  agenda counts, a month's grid: %4.1f ms", try seconds { _ = try store.agenda.counts(month, clock: clock) } * 1000))
    print(String(format: "  agenda counts, this month's grid: %4.1f ms (median of 9)", try median(9) { _ = try store.agenda.counts(thisMonth, clock: clock) } * 1000))
    print(String(format: "  agenda, today: %4.1f ms (median of 9)", try median(9) { _ = try store.agenda.days(clock.today...clock.today, clock: clock) } * 1000))
    let day = clock.today.adding(days: 30)
    print(String(format: "  agenda, one day: %4.1f ms", try seconds { _ = try store.agenda.days(day...day, clock: clock) } * 1000))
}
