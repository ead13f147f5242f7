import ArgumentParser
import BoardCLI
import BoardModel

struct AddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a card to a bucket.")

    @Argument(help: "The card's title.") var title: String
    @Option(help: "this-week, weekend, next-week, next-month or routines.") var bucket = "this-week"
    @Option(help: ArgumentHelp("Due date, YYYY-MM-DD.", valueName: "date")) var due: String?
    @Option(help: ArgumentHelp("Due time, HH:MM (needs --due).", valueName: "HH:MM")) var time: String?
    @Option(parsing: .unconditional, help: ArgumentHelp("Priority 0 (none) to 3 (high).", valueName: "0-3")) var priority = "0"
    @Option(name: .customLong("label"), help: ArgumentHelp("A label (repeat for several).", valueName: "label")) var labels: [String] = []
    @Option(help: "The description.") var description = ""
    @Option(parsing: .unconditional, help: ArgumentHelp("Duration in minutes.", valueName: "minutes")) var duration: String?
    @Option(name: .customLong("checklist"), help: ArgumentHelp("A checklist step (repeat, at most 10).", valueName: "step")) var steps: [String] = []
    @Option(parsing: .unconditional, help: ArgumentHelp("Remind this many minutes before the time (0 to 1440). Default: config.toml's remind_before, else 0.", valueName: "minutes"))
    var remindBefore: Int?
    @OptionGroup var board: BoardOptions

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
