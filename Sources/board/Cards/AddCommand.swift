import BoardCLI
import BoardModel

struct AddCommand: Command {
    static let title = Declared.argument(.title, "The card's title.")
    static let bucket = Declared.option(.bucket, "this-week, weekend, next-week, next-month or routines. Default: where --due falls, else this-week.")
    static let due = Declared.option(.due, "Due date: friday, next monday, tomorrow, in 3 days, dec 3, the 15th or YYYY-MM-DD, perhaps with its time (\"dec 3 at 9am\"; docs/dates.md).", value: "date")
    static let time = Declared.option(.time, "Due time: 9am, 6:30pm, noon or HH:MM. Without --due: today if still ahead, else tomorrow.", value: "time")
    static let priority = Declared.option(.priority, "Priority 0 (none) to 3 (high). Default: 0.", value: "0-3")
    static let labels = Declared.repeatedOption("label", "A label (repeat for several).")
    static let description = Declared.option(.description, "The description.")
    static let duration = Declared.option(.duration, "Duration in minutes.", value: "minutes")

    static let info = CommandInfo("add", abstract: "Add a card to a bucket.", parameters: [
        title, bucket, due, time, priority, labels, description, duration, CardFieldOptions.newSteps, CardFieldOptions.remindBefore,
    ] + BoardOptions.parameters, runs: Self.self)

    let title: String, bucket: String?, due: String?, time: String?, priority: String, labels: [String]
    let description: String, duration: String?, steps: [String], remindBefore: Int?
    let board: BoardOptions

    init(_ given: ParsedArguments) throws {
        title = try given[Self.title]
        bucket = try given[Self.bucket]
        due = try given[Self.due]
        time = try given[Self.time]
        priority = try given[Self.priority] ?? "0"
        labels = try given[Self.labels]
        description = try given[Self.description] ?? ""
        duration = try given[Self.duration]
        steps = try given[CardFieldOptions.newSteps]
        remindBefore = try given[CardFieldOptions.remindBefore]
        board = try BoardOptions(given)
    }

    func run() throws {
        let bucket = try bucket.map { b throws in try Bucket(parsing: b) }
        var values = CardValues(title: title, description: description, labels: labels, checklist: steps,
                                time: try time.flatMap { t throws in try CardFieldOptions.time(t) },
                                priority: try CardFieldOptions.priority(priority),
                                duration: try duration.flatMap { d throws in try CardFieldOptions.duration(d) })
        try values.validate()
        let (store, clock) = try board.open(creating: true)
        var due: LocalDate?
        if let text = self.due { (due, values.time) = try CardFieldOptions.due(text, time: values.time, today: clock.today) }
        // A time alone is today's while it is still ahead, else tomorrow's; the line below says which.
        if due == nil, let time = values.time { due = DateWords.day(for: time, now: clock.local) }
        let card = try store.cards.add(values, bucket: bucket, due: due, remindBefore: remindBefore ?? ConfigFile.loaded.remindBefore ?? 0, clock: clock)
        let when = card.dueDate.map { " · due " + MonthName.due($0, card.dueTime, in: clock.zone, today: clock.today) } ?? ""
        printOut("Added \(CardFormat.shortId(card.id)) to \(card.column(store.horizons(clock)).title): \(card.title.escapedForTerminal)\(when)")
    }
}
