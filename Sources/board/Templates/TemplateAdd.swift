import BoardCLI
import BoardModel

struct TemplateAdd: Command {
    static let info = CommandInfo(
        "add", abstract: "Create a routine template; unless --draft, it generates the next 7 days at once.",
        parameters: [.argument("title", "The template's title.")] + ScheduleOptions.parameters + [
            .option("time", "The time of day of each occurrence, HH:MM (or 'at 7am' in the rule).", value: "HH:MM"),
            .repeatedOption("checklist", "A checklist step (repeat, at most 10).", value: "step"),
            .repeatedOption("label", "A label (repeat for several)."),
            .option("priority", "Priority 0 (none) to 3 (high). Default: 0.", value: "0-3"),
            .option("duration", "Duration in minutes.", value: "minutes"),
            .option("description", "The description."),
            .flag("draft", "Save as a draft: no occurrences until `board template resume`."),
            .flag("no-schedule", "A routine without a schedule: a reusable checklist with a fresh list every day (board routine show)."),
            .option("remind-before", "Remind this many minutes before the time (0 to 1440). Default: config.toml's remind_before, else 0.", value: "minutes"),
        ] + BoardOptions.parameters, runs: Self.self)

    let title: String, schedule: ScheduleOptions, time: String?, steps: [String], labels: [String], priority: String
    let duration: String?, description: String, draft: Bool, noSchedule: Bool, remindBefore: Int?
    let board: BoardOptions

    init(_ given: ParsedArguments) throws {
        title = given.required("title")
        schedule = try ScheduleOptions(given)
        time = given.value("time")
        steps = given.values("checklist")
        labels = given.values("label")
        priority = given.value("priority") ?? "0"
        duration = given.value("duration")
        description = given.value("description") ?? ""
        draft = given.flag("draft")
        noSchedule = given.flag("no-schedule")
        remindBefore = try given.int("remind-before")
        board = BoardOptions(given)
    }

    func run() throws {
        let clock = try board.clockOptions.clock()
        if noSchedule {
            guard schedule.isEmpty, time == nil else { throw BoardError("no-schedule", "a routine without a schedule takes no --every, --starts, --until, --times or --time") }
        } else if schedule.every == nil {
            throw BoardError("every", "a template needs a rule, e.g. --every 'every weekday' (or --no-schedule for a checklist)")
        }
        let (rule, phraseTime, start): (RecurrenceRule?, LocalTime?, LocalDate?) = noSchedule ? (nil, nil, nil) : try schedule.read(today: clock.today)
        let values = CardValues(title: title, description: description, labels: labels, checklist: steps,
                                time: try ScheduleOptions.oneTime(option: try time.flatMap { t throws in try CardFieldOptions.time(t) }, phrase: phraseTime),
                                priority: try CardFieldOptions.priority(priority),
                                duration: try duration.flatMap { d throws in try CardFieldOptions.duration(d) })
        try values.validate()
        let (store, boardClock) = try board.open(creating: true)
        let template = try store.addTemplate(values, rule: rule, start: start, status: draft ? .draft : .active, remindBefore: remindBefore ?? ConfigFile.loaded.remindBefore ?? 0, clock: boardClock)
        let overview = try store.template(template.id, clock: boardClock)
        printOut("Added template \(CardFormat.shortId(template.id)): \(template.title.escapedForTerminal) · \(overview.summary) · \(template.status.rawValue)")
    }
}
