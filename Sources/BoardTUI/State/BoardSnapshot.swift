import BoardModel
import BoardStore

/// A template row of the Routines column.
public struct TemplateRow: Hashable, Sendable {
    public let id: String
    public let title: String
    public let summary: String
    public let nextRun: LocalDate?
    public let time: LocalTime?
    public let status: String
    public let remaining: Int?
}

/// Everything the board shows, read from the store in one go.
public struct BoardSnapshot: Sendable {
    public var cards: [Bucket: [CardSummary]]
    public var templates: [TemplateRow]
    public var templateTitles: [String: String]
    public var today: LocalDate

    public init(cards: [CardSummary], templates: [TemplateRow], templateTitles: [String: String]? = nil, today: LocalDate) {
        var byBucket = Dictionary(uniqueKeysWithValues: Bucket.allCases.map { ($0, [CardSummary]()) })
        for card in cards { byBucket[card.bucket, default: []].append(card) }
        // Routines shows occurrences by day (Upcoming); other buckets keep the user's order.
        byBucket[.routines]?.sort { ($0.occurrenceDate ?? $0.dueDate ?? .init(dayNumber: Int.max / 2), $0.position) < ($1.occurrenceDate ?? $1.dueDate ?? .init(dayNumber: Int.max / 2), $1.position) }
        self.cards = byBucket
        self.templates = templates
        self.templateTitles = templateTitles ?? Dictionary(uniqueKeysWithValues: templates.map { ($0.id, $0.title) })
        self.today = today
    }

    public static let empty = BoardSnapshot(cards: [], templates: [], today: LocalDate(dayNumber: 0))

    /// The Templates section never shows more than this many rows.
    public static let templateRows = 40

    /// Reads the board: every card, and the templates the Templates section can show.
    public static func load(_ store: BoardStore, clock: BoardClock) throws -> BoardSnapshot {
        let templates = try store.templates(clock: clock, limit: templateRows).map {
            TemplateRow(id: $0.template.id, title: $0.template.title, summary: $0.summary, nextRun: $0.nextRun,
                        time: $0.template.defaultTime, status: $0.template.status.rawValue, remaining: $0.remaining)
        }
        return BoardSnapshot(cards: try store.cardSummaries(), templates: templates, templateTitles: try store.templateTitles(),
                             today: clock.today)
    }
}
