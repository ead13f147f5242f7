/// What a shared routine's page shows a sitter who opened its link (ARCHITECTURE.md §22): the
/// routine as its owner's board has it now, its runs of the coming week in the owner's zone, and
/// its steps, which the sitter ticks in their own browser only.
public struct RoutinePage: Equatable, Sendable, Encodable {
    /// One run of the week: made (perhaps done) or still planned.
    public struct Run: Equatable, Sendable, Encodable {
        public let date: LocalDate
        public let time: LocalTime?
        public let done: Bool

        public init(date: LocalDate, time: LocalTime?, done: Bool) {
            self.date = date
            self.time = time
            self.done = done
        }

        enum CodingKeys: String, CodingKey { case date, time, done }

        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(date.iso, forKey: .date)
            try c.encode(time?.description, forKey: .time)
            try c.encode(done, forKey: .done)
        }
    }

    public let title: String
    public let description: String
    /// The checklist's steps, in order; a tick is kept by its step's text.
    public let steps: [String]
    /// The day it is where the owner keeps time, and the week's runs from it.
    public let today: LocalDate
    public let runs: [Run]
    /// False for a routine without a schedule: a checklist for any day.
    public let scheduled: Bool

    public init(title: String, description: String, steps: [String], today: LocalDate, runs: [Run], scheduled: Bool) {
        self.title = title
        self.description = description
        self.steps = steps
        self.today = today
        self.runs = runs
        self.scheduled = scheduled
    }

    /// Days of runs a page shows: today and the six after.
    public static let days = 7

    enum CodingKeys: String, CodingKey { case title, description, steps, today, runs, scheduled }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(title, forKey: .title)
        try c.encode(description, forKey: .description)
        try c.encode(steps, forKey: .steps)
        try c.encode(today.iso, forKey: .today)
        try c.encode(runs, forKey: .runs)
        try c.encode(scheduled, forKey: .scheduled)
    }
}
