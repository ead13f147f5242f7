import ArgumentParser
import BoardCLI
import BoardModel

struct TemplateAdd: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Create a routine template; unless --draft, it generates the next 7 days at once.")

    @Argument(help: "The template's title.") var title: String
    @OptionGroup var schedule: ScheduleOptions
    @Option(help: ArgumentHelp("The time of day of each occurrence, HH:MM (or 'at 7am' in the rule).", valueName: "HH:MM")) var time: String?
    @Option(name: .customLong("checklist"), help: ArgumentHelp("A checklist step (repeat, at most 10).", valueName: "step")) var steps: [String] = []
    @Option(name: .customLong("label"), help: ArgumentHelp("A label (repeat for several).", valueName: "label")) var labels: [String] = []
    @Option(parsing: .unconditional, help: ArgumentHelp("Priority 0 (none) to 3 (high).", valueName: "0-3")) var priority = "0"
    @Option(parsing: .unconditional, help: ArgumentHelp("Duration in minutes.", valueName: "minutes")) var duration: String?
    @Option(help: "The description.") var description = ""
    @Flag(help: "Save as a draft: no occurrences until `board template resume`.") var draft = false
    @Flag(help: "A routine without a schedule: a reusable checklist with a fresh list every day (board routine show).")
    var noSchedule = false
    @Option(parsing: .unconditional, help: ArgumentHelp("Remind this many minutes before the time (0 to 1440). Default: config.toml's remind_before, else 0.", valueName: "minutes"))
    var remindBefore: Int?
    @OptionGroup var board: BoardOptions

    func run() throws {
        let clock = try board.clockOptions.clock()
        if noSchedule {
            guard schedule.isEmpty, time == nil else { throw BoardError("no-schedule", "a routine without a schedule takes no --every, --starts, --until, --times or --time") }
        } else if schedule.every == nil {
            throw BoardError("every", "a template needs a rule, e.g. --every 'every weekday' (or --no-schedule for a checklist)")
        }
        let (rule, phraseTime, start): (RecurrenceRule?, LocalTime?, LocalDate?) = noSchedule ? (nil, nil, nil) : try schedule.read(today: clock.today)
        let values = CardValues(title: title, description: description, labels: labels, checklist: steps,
                                time: try time.flatMap { t throws in try CardFieldOptions.time(t) } ?? phraseTime,
                                priority: try CardFieldOptions.priority(priority),
                                duration: try duration.flatMap { d throws in try CardFieldOptions.duration(d) })
        try values.validate()
        let (store, boardClock) = try board.open(creating: true)
        let template = try store.addTemplate(values, rule: rule, start: start, status: draft ? .draft : .active, remindBefore: remindBefore ?? ConfigFile.loaded.remindBefore ?? 0, clock: boardClock)
        let overview = try store.template(template.id, clock: boardClock)
        printOut("Added template \(CardFormat.shortId(template.id)): \(template.title.escapedForTerminal) · \(overview.summary) · \(template.status.rawValue)")
    }
}
