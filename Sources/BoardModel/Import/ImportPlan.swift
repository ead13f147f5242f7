/// What an import from another tool (taskwarrior, a calendar) would put on the board, worked out
/// before anything is written (ARCHITECTURE.md §11): templates with their rule, series and the
/// occurrences already made, plain cards, and what could not be brought over, in words. The
/// store writes a plan in one transaction; `--dry-run` prints it instead.
public struct ImportPlan: Hashable, Sendable {
    /// A routine: a template with one series (ARCHITECTURE.md §11).
    public struct Template: Hashable, Sendable {
        /// The board id, stable for the same source row, so a second import updates it.
        public var id: String
        public var values: CardValues
        public var rule: RecurrenceRule
        public var start: LocalDate
        /// The rule's zone (an IANA name); nil means the board's.
        public var timeZone: String?
        /// Dates the series must not make (deleted children, EXDATE).
        public var skipped: [LocalDate]
        public var occurrences: [Occurrence]
        /// Several times a day (BYHOUR, BYMINUTE); nil: the values' one time.
        public var times: TimesOfDay?
        /// A calendar component Board wrote for one time of a routine several times a day
        /// (`CalendarItem.runUID`): that routine's id, which the reader merges it back into.
        public var runOf: String? = nil

        public init(id: String, values: CardValues, rule: RecurrenceRule, start: LocalDate, timeZone: String? = nil,
                    skipped: [LocalDate] = [], occurrences: [Occurrence] = [], times: TimesOfDay? = nil) {
            self.times = times
            self.id = id
            self.values = values
            self.rule = rule
            self.start = start
            self.timeZone = timeZone
            self.skipped = skipped
            self.occurrences = occurrences
        }
    }

    /// An occurrence already made by the other tool: on its date, with the fields that
    /// differ from the template's kept as exceptions. Its id is the one generation would give it
    /// (its series and date), so the board and other devices never make it twice.
    public struct Occurrence: Hashable, Sendable {
        public var date: LocalDate
        public var values: CardValues
        public var exceptions: [CardField]
        /// When it was completed (a Board timestamp); nil while open.
        public var completedAt: String?

        public init(date: LocalDate, values: CardValues, exceptions: [CardField], completedAt: String? = nil) {
            self.date = date
            self.values = values
            self.exceptions = exceptions
            self.completedAt = completedAt
        }
    }

    /// A plain card.
    public struct Card: Hashable, Sendable {
        public var id: String
        public var values: CardValues
        public var bucket: Bucket
        public var due: LocalDate?
        public var completedAt: String?
        /// `bucket` is where the card showed on the board it came from (Board's own X-BOARD-BUCKET),
        /// not worked out from its date: a new card whose date's column differs is aimed from the
        /// import's day, as a move would, so it shows where it was put (ARCHITECTURE.md §15).
        public var placed: Bool

        public init(id: String, values: CardValues, bucket: Bucket, due: LocalDate?, completedAt: String? = nil, placed: Bool = false) {
            self.id = id
            self.values = values
            self.bucket = bucket
            self.due = due
            self.completedAt = completedAt
            self.placed = placed
        }
    }

    public var templates: [Template] = []
    public var cards: [Card] = []
    /// What was not brought over or was brought over differently, one line each, for the user to read.
    public var notes: [String] = []

    public init() {}

    /// "12 templates, 340 occurrences, 85 cards".
    public var counts: String {
        let occurrences = templates.reduce(0) { $0 + $1.occurrences.count }
        func count(_ n: Int, _ one: String, _ many: String) -> String { "\(n) \(n == 1 ? one : many)" }
        return [count(templates.count, "template", "templates"), occurrences > 0 ? count(occurrences, "occurrence", "occurrences") : nil,
                count(cards.count, "card", "cards")].compactMap { $0 }.joined(separator: ", ")
    }

    /// A board id for a source's own id: kept when it already is one (letters, digits, dashes, at
    /// most 40 characters, so "-rule" and "-series" fit beside it), otherwise a stable digest of it.
    public static func boardId(for sourceId: String, prefix: String) -> String {
        let utf8 = sourceId.utf8
        let plain = !utf8.isEmpty && utf8.count <= 40 && utf8.allSatisfy { byte in
            (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == 0x2D || byte == 0x5F
        }
        return plain ? sourceId : prefix + "-" + Digest.fnv128(sourceId)
    }
}

/// A 128-bit FNV-1a digest as 32 hex digits: a stable short name for a long or odd id, not a secret.
enum Digest {
    static func fnv128(_ text: String) -> String {
        // Two independent 64-bit FNV-1a lanes (different offsets) make 128 bits.
        var a: UInt64 = 0xcbf2_9ce4_8422_2325, b: UInt64 = 0x6c62_272e_07bb_0142
        for byte in text.utf8 {
            a = (a ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
            b = (b ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
            b = b ^ (b >> 29)
        }
        func hex(_ v: UInt64) -> String {
            let s = String(v, radix: 16)
            return String(repeating: "0", count: 16 - s.count) + s
        }
        return hex(a) + hex(b)
    }
}
