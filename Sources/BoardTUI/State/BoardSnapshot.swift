import BoardModel
import BoardStore
import Foundation

/// A template row of the Routines column.
public struct TemplateRow: Hashable, Sendable {
    public let id: String
    public let title: String
    public let summary: String
    public let nextRun: LocalDate?
    public let time: LocalTime?
    public let status: TemplateStatus
    public let remaining: Int?
    /// false for a routine without a schedule: a reusable checklist, opened with Enter.
    public var scheduled = true
    /// The owner's name, for a routine another person shares: read-only here (ARCHITECTURE.md §18).
    public var sharedBy: String? = nil
}

/// The part of a column read from the store: its counts and a window of its cards.
/// A board of 100,000 cards reads only what can be seen.
public struct ColumnWindow: Hashable, Sendable {
    /// Every card of the bucket.
    public var total: Int
    /// The cards matching the snapshot's query (all of them without one).
    public var count: Int
    /// The index of the first card read.
    public var offset: Int
    public var cards: [CardSummary]
    /// Routines only: how many of `count` are dated before today (Upcoming starts after them).
    public var earlier = 0

    public func covers(_ rows: Range<Int>) -> Bool {
        rows.isEmpty || (rows.lowerBound >= offset && rows.upperBound <= offset + cards.count)
    }
}

/// Everything the board shows, read from the store.
public struct BoardSnapshot: Hashable, Sendable {
    public var columns: [Bucket: ColumnWindow]
    /// The search the windows were read with.
    public var query: String
    /// That search's matches, over an index of the board read once when the search started (or
    /// the board last changed): a keystroke matches in memory and reads only the windows.
    public var search: CardSearchMatches?
    /// The runtime's word that the search index is still being read for the query typed: the
    /// columns show the cards in hand that match, and their counts wait ("…").
    public var searchPending = false
    public var templates: [TemplateRow]
    public var templateTitles: [String: String]
    public var today: LocalDate
    /// The local time the snapshot was read at, to the minute: what "overdue" is measured against.
    public var now: LocalDateTime
    /// Reminders that came due in the last hour, for the status line.
    public var dueReminders: [Reminder]
    /// The user's time zone, named where dates and times are previewed.
    public var zoneName = ""
    /// The user's time zone: a wall time it lacks (02:30 on a spring-forward day) shows as the instant it means.
    public var zone = TimeZone(identifier: "UTC")!
    /// The habits a checklist step can be linked to.
    public var habits: [HabitChoice] = []
    /// The runs of routines others share, in the week from today: shown under Upcoming, never focused.
    public var sharedRuns: [SharedRun] = []
    /// The habits whose target today's day, week or month has met: a run never suggests one of them.
    public var habitsMetToday: Set<String> = []
    /// How long a due reminder stays in the status line.
    public static let reminderShownFor: TimeInterval = 3600

    /// How many cards a window reads.
    public static let windowSize = 150
    /// The Templates section never shows more than this many rows.
    public static let templateRows = 40

    public init(columns: [Bucket: ColumnWindow], query: String = "", templates: [TemplateRow],
                templateTitles: [String: String]? = nil, today: LocalDate, now: LocalDateTime? = nil, dueReminders: [Reminder] = []) {
        self.columns = columns
        self.query = query
        self.templates = templates
        self.templateTitles = templateTitles ?? Dictionary(uniqueKeysWithValues: templates.map { ($0.id, $0.title) })
        self.today = today
        self.now = now ?? LocalDateTime(date: today, time: .midnight)
        self.dueReminders = dueReminders
    }

    /// Reads the board in one read transaction, so counts and cards come from one commit: the
    /// counts, a window of each column, and the templates the Templates section can show.
    public static func load(_ store: BoardStore, clock: BoardClock, query: String = "", offsets: [Bucket: Int] = [:]) throws -> BoardSnapshot {
        try store.reading { try read($0, horizons: store.horizons(clock), clock: clock, query: query, offsets: offsets) }
    }

    private static func read(_ store: BoardReader, horizons: Horizons, clock: BoardClock, query: String,
                             offsets: [Bucket: Int]) throws -> BoardSnapshot {
        let templates = try store.templates(clock: clock, limit: templateRows).map {
            TemplateRow(id: $0.template.id, title: $0.template.title, summary: $0.summary, nextRun: $0.nextRun,
                        time: $0.nextTime ?? $0.template.times?.first, status: $0.template.status, remaining: $0.remaining,
                        scheduled: $0.scheduling != nil)
        }
        // Another person's routines follow, with the next run of each the server last said.
        let nextShared = try store.nextSharedRuns(at: clock.local)
        let shared = try store.sharedRoutines().map {
            TemplateRow(id: $0.id, title: $0.title, summary: $0.summary,
                        nextRun: nextShared[$0.id]?.date, time: nextShared[$0.id]?.time ?? $0.time, status: $0.status, remaining: nil,
                        scheduled: $0.rule != nil, sharedBy: $0.sharedBy)
        }
        let search = query.isEmpty ? nil : try store.searchIndex(horizons).matches(query)
        let columns = try readColumns(store, horizons, search: search, offsets: offsets)
        var snapshot = BoardSnapshot(columns: columns, query: query, templates: templates + shared, templateTitles: try store.templateTitles(),
                                     today: clock.today)
        snapshot.search = search
        snapshot.sharedRuns = try store.sharedRuns(from: clock.today).filter { $0.date < clock.today.adding(days: 7) }
        snapshot.habits = try store.habitRecords().map { HabitChoice(id: $0.id, name: $0.name) }
        snapshot.habitsMetToday = try store.habitsMet(on: clock.today, weekStart: horizons.rule.weekStart)
        try snapshot.refreshTime(store, clock: clock)
        return snapshot
    }

    /// Each column's counts and its window of cards, all of them or `search`'s matches.
    private static func readColumns(_ store: BoardReader, _ horizons: Horizons, search: CardSearchMatches?, offsets: [Bucket: Int],
                                    windowSize: Int = windowSize) throws -> [Bucket: ColumnWindow] {
        let totals = try store.cardCounts(horizons)
        var columns: [Bucket: ColumnWindow] = [:]
        for bucket in Bucket.allCases {
            let count = search?.count(in: bucket) ?? totals[bucket] ?? 0
            let offset = min(offsets[bucket] ?? 0, max(0, count - 1))
            columns[bucket] = ColumnWindow(total: totals[bucket] ?? 0, count: count, offset: offset,
                                           cards: try window(store, bucket, horizons, search: search, offset: offset, limit: windowSize, of: count))
        }
        columns[.routines]?.earlier = try search.map { $0.count(in: .routines, before: horizons.today) }
            ?? store.routinesCount(before: horizons.today)
        return columns
    }

    /// `limit` cards of a column from `offset`: of all its cards, or of `search`'s matches by their rows.
    private static func window(_ store: BoardReader, _ bucket: Bucket, _ horizons: Horizons, search: CardSearchMatches?,
                               offset: Int, limit: Int, of count: Int) throws -> [CardSummary] {
        guard let search else { return try store.cardSummaries(in: bucket, horizons, offset: offset, limit: limit, of: count) }
        return try store.cardSummaries(in: bucket, rowids: search.rowids(in: bucket, offset..<offset + limit))
    }

    /// The same board under another search, for a keystroke of the filter: the matches found in
    /// memory (among the last keystroke's when the query only grew), then only the windows read,
    /// in one read transaction; templates, titles, habits and the time are kept (a change by
    /// another process is noticed by the runtime's watcher, which reads it all and the index anew).
    /// `index` is one read since this snapshot was, if there is one (else it is read here).
    public func searched(_ store: BoardStore, query: String, index: CardSearchIndex? = nil) throws -> BoardSnapshot {
        var snapshot = self
        snapshot.query = query
        snapshot.searchPending = false
        // A screenful and some: what the filter lands on; the runtime reads more as the focus moves.
        let horizons = store.horizonRule.on(today)
        snapshot.columns = try store.reading { reader in
            snapshot.search = query.isEmpty ? nil : try (search?.index ?? index ?? reader.searchIndex(horizons)).matches(query, narrowing: search)
            return try Self.readColumns(reader, horizons, search: snapshot.search, offsets: [:], windowSize: 100)
        }
        return snapshot
    }

    /// Moves the snapshot to `clock`'s minute: what is overdue and which reminders are due.
    public mutating func refreshTime(_ store: BoardReader, clock: BoardClock) throws {
        now = clock.local
        zoneName = clock.zone.identifier
        zone = clock.zone
        dueReminders = try store.dueReminders(clock: clock, within: Self.reminderShownFor)
    }

    /// An open card whose date, or date and time, has passed.
    public func isOverdue(_ card: CardSummary) -> Bool {
        guard !card.isCompleted, let date = card.dueDate else { return false }
        if date != now.date { return date < now.date }
        return card.dueTime.map { $0 < now.time } ?? false
    }

    /// Reads another window of one column, starting a little before `row`.
    public mutating func loadWindow(_ store: BoardStore, bucket: Bucket, around row: Int) throws {
        guard var column = columns[bucket] else { return }
        column.offset = max(0, row - Self.windowSize / 3)
        column.cards = try Self.window(store.reader, bucket, store.horizonRule.on(today), search: search, offset: column.offset,
                                       limit: Self.windowSize, of: column.count)
        columns[bucket] = column
    }
}
