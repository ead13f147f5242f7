import BoardCLI
import BoardModel

struct TemplateAdd: Command {
    static let info = CommandInfo(
        "add", abstract: "Create a routine template; unless --draft, it generates the next 7 days at once.",
        parameters: [title] + ScheduleOptions.parameters + [
            time, CardFieldOptions.newSteps, AddCommand.labels, AddCommand.priority, AddCommand.duration, AddCommand.description,
            draft, noSchedule, CardFieldOptions.remindBefore,
        ] + BoardOptions.parameters, runs: Self.self)
    static let title = Declared.argument(.title, "The template's title.")
    static let time = CardFieldOptions.templateTime
    static let draft = Declared.flag("draft", "Save as a draft: no occurrences until `board template resume`.")
    static let noSchedule = Declared.flag("no-schedule", "A routine without a schedule: a reusable checklist with a fresh list every day (board routine show).")

    let title: String, schedule: ScheduleOptions, time: String?, steps: [String], labels: [String], priority: String
    let duration: String?, description: String, draft: Bool, noSchedule: Bool, remindBefore: Int?
    let board: BoardOptions

    init(_ given: ParsedArguments) throws {
        title = try given[Self.title]
        schedule = try ScheduleOptions(given)
        time = try given[Self.time]
        steps = try given[CardFieldOptions.newSteps]
        labels = try given[AddCommand.labels]
        priority = try given[AddCommand.priority] ?? "0"
        duration = try given[AddCommand.duration]
        description = try given[AddCommand.description] ?? ""
        draft = try given[Self.draft]
        noSchedule = try given[Self.noSchedule]
        remindBefore = try given[CardFieldOptions.remindBefore]
        board = try BoardOptions(given)
    }

    func run() throws {
        let clock = try board.clockOptions.clock()
        if noSchedule {
            guard schedule.isEmpty, time == nil else { throw BoardError("no-schedule", "a routine without a schedule takes no --every, --starts, --until, --times or --time") }
        } else if schedule.every == nil {
            throw BoardError("every", "a template needs a rule, e.g. --every 'every weekday' (or --no-schedule for a checklist)")
        }
        let (rule, phraseTimes, start): (RecurrenceRule?, TimesOfDay?, LocalDate?) = noSchedule ? (nil, nil, nil) : try schedule.read(today: clock.today)
        let times = try ScheduleOptions.times(option: try time.flatMap { t throws in try FieldRules.timesOfDay(t) }, phrase: phraseTimes)
        if let times, let rule { try Schedule.check(times, with: rule) }
        let values = CardValues(title: title, description: description, labels: labels, checklist: steps,
                                time: times?.first,
                                priority: try CardFieldOptions.priority(priority),
                                duration: try duration.flatMap { d throws in try CardFieldOptions.duration(d) })
        try values.validate()
        let (store, boardClock) = try board.open(creating: true)
        let template = try store.routines.add(values, rule: rule, times: times, start: start, status: draft ? .draft : .active, remindBefore: remindBefore ?? ConfigFile.loaded.remindBefore ?? 0, clock: boardClock)
        let overview = try store.routines.overview(template.id, clock: boardClock)
        printOut("Added template \(CardFormat.shortId(template.id)): \(template.title.escapedForTerminal) · \(overview.summary) · \(template.status.rawValue)")
    }
}
