import BoardCLI
import BoardModel

struct AddCommand: Command {
    static let info = CommandInfo("add", abstract: "Add a card to a bucket.", parameters: [
        .argument("title", "The card's title."),
        .option("bucket", "this-week, weekend, next-week, next-month or routines. Default: this-week."),
        .option("due", "Due date, YYYY-MM-DD.", value: "date"),
        .option("time", "Due time, HH:MM (needs --due).", value: "HH:MM"),
        .option("priority", "Priority 0 (none) to 3 (high). Default: 0.", value: "0-3"),
        .repeatedOption("label", "A label (repeat for several)."),
        .option("description", "The description."),
        .option("duration", "Duration in minutes.", value: "minutes"),
        .repeatedOption("checklist", "A checklist step (repeat, at most 10).", value: "step"),
        .option("remind-before", "Remind this many minutes before the time (0 to 1440). Default: config.toml's remind_before, else 0.", value: "minutes"),
    ] + BoardOptions.parameters, runs: Self.self)

    let title: String, bucket: String, due: String?, time: String?, priority: String, labels: [String]
    let description: String, duration: String?, steps: [String], remindBefore: Int?
    let board: BoardOptions

    init(_ given: ParsedArguments) throws {
        title = given.required("title")
        bucket = given.value("bucket") ?? "this-week"
        due = given.value("due")
        time = given.value("time")
        priority = given.value("priority") ?? "0"
        labels = given.values("label")
        description = given.value("description") ?? ""
        duration = given.value("duration")
        steps = given.values("checklist")
        remindBefore = try given.int("remind-before")
        board = BoardOptions(given)
    }

    func run() throws {
        let bucket = try Bucket(parsing: bucket)
        let values = CardValues(title: title, description: description, labels: labels, checklist: steps,
                                time: try time.flatMap { t throws in try CardFieldOptions.time(t) },
                                priority: try CardFieldOptions.priority(priority),
                                duration: try duration.flatMap { d throws in try CardFieldOptions.duration(d) })
        let due = try due.map { d throws in try CardFieldOptions.date(d, field: "due") }
        try values.validate()
        let (store, clock) = try board.open(creating: true)
        let task = try store.addTask(values, bucket: bucket, due: due, remindBefore: remindBefore ?? ConfigFile.loaded.remindBefore ?? 0, clock: clock)
        printOut("Added \(CardFormat.shortId(task.id)) to \(bucket.title): \(task.title.escapedForTerminal)")
    }
}
