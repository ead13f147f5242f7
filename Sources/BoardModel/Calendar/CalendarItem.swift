/// A template or a dated card as a calendar sees it (`board export ics`, ARCHITECTURE.md §11).
public struct CalendarItem: Hashable, Sendable {
    public var uid: String
    public var values: CardValues
    /// The first date: a template's first occurrence, a card's due date.
    public var start: LocalDate
    /// A template's rule; nil for a card.
    public var rule: RecurrenceRule?
    /// The zone its times are in (an IANA name).
    public var timeZone: String
    public var skipped: [LocalDate]
    /// A card's bucket (kept as X-BOARD-BUCKET so a round trip puts it back).
    public var bucket: Bucket?
    /// When a card was completed (a Board timestamp).
    public var completedAt: String?
    /// When the row last changed (a Board timestamp): its DTSTAMP, so the same board exports the same bytes.
    public var updatedAt: String?
    /// Minutes before its time a calendar alarms, as the card reminds; nil for none.
    public var remindBefore: Int?
    /// For one run of a recurring event (the same UID): the run's own date and time in its rule
    /// (RECURRENCE-ID), wherever the card was moved since.
    public var recurrenceDate: LocalDate? = nil
    public var recurrenceTime: LocalTime? = nil

    public init(uid: String, values: CardValues, start: LocalDate, rule: RecurrenceRule?, timeZone: String,
                skipped: [LocalDate] = [], bucket: Bucket? = nil, completedAt: String? = nil, updatedAt: String? = nil,
                remindBefore: Int? = nil) {
        self.updatedAt = updatedAt
        self.remindBefore = remindBefore
        self.uid = uid
        self.values = values
        self.start = start
        self.rule = rule
        self.timeZone = timeZone
        self.skipped = skipped
        self.bucket = bucket
        self.completedAt = completedAt
    }

    /// The UID of one time of a routine several times a day: its id and the time, `ID-T0800`.
    public static func runUID(_ templateId: String, _ time: LocalTime) -> String {
        templateId + "-T" + time.hour.zeroPadded(2) + time.minute.zeroPadded(2)
    }

    /// The routine and time a `runUID` names; nil for any other UID.
    public static func run(ofUID uid: String) -> (templateId: String, time: LocalTime)? {
        let utf8 = Array(uid.utf8)
        guard utf8.count > 6, utf8[utf8.count - 6] == UInt8(ascii: "-"), utf8[utf8.count - 5] == UInt8(ascii: "T") else { return nil }
        let digits = uid.suffix(4)
        guard digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber), let h = Int(digits.prefix(2)), let m = Int(digits.suffix(2)),
              let time = LocalTime(hour: h, minute: m) else { return nil }
        return (String(uid.dropLast(6)), time)
    }

    /// Board's priority 3/2/1 as iCalendar's 1 (high), 5 (medium), 9 (low); 0 is undefined.
    public static func calendarPriority(_ priority: Int) -> Int { [0, 9, 5, 1][priority] }

    /// iCalendar's 1–4 high, 5 medium, 6–9 low.
    public static func boardPriority(_ priority: Int) -> Int {
        switch priority {
        case 1...4: 3
        case 5: 2
        case 6...9: 1
        default: 0
        }
    }
}
