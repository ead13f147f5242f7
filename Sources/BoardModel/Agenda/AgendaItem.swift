/// One line of the agenda (ARCHITECTURE.md §15): a dated card, an occurrence a routine has made,
/// or a run still only planned — computed from the rule on read, never stored.
public struct AgendaItem: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable {
        /// A card of the person's own, with a date.
        case card
        /// A routine's occurrence that exists as a card (generated within the week, or made by acting on it).
        case run
        /// A routine's run past the generated week: what generation will make on its day.
        case planned
        /// A run of a routine another person shares: theirs, shown and never changed here.
        case shared
    }

    public let kind: Kind
    /// The day it is on: a card's due date, a planned run's rule date.
    public let date: LocalDate
    public let time: LocalTime?
    public let title: String
    /// The card, for a card or a run; nil for a planned run, which has none yet.
    public let cardId: String?
    /// The routine, for a run or a planned run.
    public let templateId: String?
    /// The rule date of a run or planned run (a moved run keeps the date it was made for).
    public let occurrenceDate: LocalDate?
    /// The bucket the card shows in; nil for a planned run.
    public let bucket: Bucket?
    public let isCompleted: Bool
    /// The owner's name, for a shared run.
    public var sharedBy: String? = nil

    public init(kind: Kind, date: LocalDate, time: LocalTime?, title: String, cardId: String?, templateId: String?,
                occurrenceDate: LocalDate?, bucket: Bucket?, isCompleted: Bool) {
        self.kind = kind
        self.date = date
        self.time = time
        self.title = title
        self.cardId = cardId
        self.templateId = templateId
        self.occurrenceDate = occurrenceDate
        self.bucket = bucket
        self.isCompleted = isCompleted
    }

    /// A run of a routine `owner` shares with this person.
    public static func shared(by owner: String, title: String, date: LocalDate, time: LocalTime?, isCompleted: Bool) -> AgendaItem {
        var item = AgendaItem(kind: .shared, date: date, time: time, title: title, cardId: nil, templateId: nil,
                              occurrenceDate: date, bucket: nil, isCompleted: isCompleted)
        item.sharedBy = owner
        return item
    }

    /// A run of `templateId` on `date` that generation has not made yet.
    public static func planned(templateId: String, title: String, date: LocalDate, time: LocalTime?) -> AgendaItem {
        AgendaItem(kind: .planned, date: date, time: time, title: title, cardId: nil, templateId: templateId,
                   occurrenceDate: date, bucket: nil, isCompleted: false)
    }
}
