import BoardCLI
import BoardModel

/// Options shared by commands that set the fields of a card or a template.
struct CardFieldOptions {
    static let title = Declared.option(.title, "The title.")
    static let description = Declared.option(.description, "The description.")
    static let labels = Declared.repeatedOption("label", "A label (repeat for several; replaces the labels).")
    static let time = Declared.option(.time, "The time of day: 9am, 6:30pm, noon or HH:MM ('none' to clear).", value: "time")
    static let priority = Declared.option(.priority, "Priority 0 (none) to 3 (high).", value: "0-3")
    static let duration = Declared.option(.duration, "Duration in minutes ('none' to clear).", value: "minutes")
    static let parameters: [any ParameterDeclaration] = [title, description, labels, time, priority, duration]
    /// A template's `--time`, read as `time` is: its runs' times, one or several.
    static let templateTime = Declared.option(.time, "The time of day of each run, HH:MM, or several: '8:00, 20:00', 'mon 18:00, thu 08:00' (or 'at 7am' in the rule).", value: "HH:MM")
    /// A template's fields: a card's, with the template's `--time`.
    static let templateParameters: [any ParameterDeclaration] = [title, description, labels, templateTime, priority, duration]

    /// A new card's or template's steps; an edit's replace the list (`editedSteps`).
    static let newSteps = Declared.repeatedOption("checklist", "A checklist step (repeat, at most 10).", value: "step")
    static let editedSteps = Declared.repeatedOption("checklist", "A checklist step (repeat; replaces the list).", value: "step")
    static let remindBefore = Declared.number(.remindBefore, "Remind this many minutes before the time (0 to 1440). Default: config.toml's \(ConfigFile.Setting.remindBefore.rawValue), else 0.", value: "minutes")

    let title: String?, description: String?, labels: [String], time: String?, priority: String?, duration: String?

    init(_ given: ParsedArguments) throws {
        title = try given[Self.title]
        description = try given[Self.description]
        labels = try given[Self.labels]
        time = try given[Self.time]
        priority = try given[Self.priority]
        duration = try given[Self.duration]
    }

    /// The edit these options describe. `severalTimes`: a template's `--time` may name several
    /// ("8:00, 20:00"), which the edit's time does not hold: the first stands for them.
    func edit(checklist: [String]? = nil, severalTimes: Bool = false) throws -> CardEdit {
        CardEdit(title: title, description: description, labels: labels.isEmpty ? nil : labels, checklist: checklist,
                 time: try time.map { t throws in FieldEdit(severalTimes ? try FieldRules.timesOfDay(t)?.first : try Self.time(t)) } ?? .keep, priority: try priority.map { p throws in try Self.priority(p) },
                 duration: try duration.map { d throws in FieldEdit(try Self.duration(d)) } ?? .keep)
    }

    static func time(_ text: String) throws -> LocalTime? { try FieldRules.time(text) }

    static func priority(_ text: String) throws -> Int { try FieldRules.priority(text) }

    static func duration(_ text: String) throws -> Int? { try FieldRules.duration(text) }

    /// `--due`: a day in words or YYYY-MM-DD, perhaps with its time ("dec 3 at 9am"); a time given
    /// both there and by `--time` must be the same one.
    static func due(_ text: String, time: LocalTime?, today: LocalDate) throws -> (date: LocalDate, time: LocalTime?) {
        let due = try DateWords.dateTime(text, today: today, weekStart: ConfigFile.loaded.weekStart ?? .monday, field: "due")
        if let given = due.time, let time, given != time {
            throw BoardError("time", "--due says \(given) and --time \(time); give the time once")
        }
        return (due.date, due.time ?? time)
    }

    /// A day in words or YYYY-MM-DD (`DateWords`), seen from `today` with the configured week start.
    static func date(_ text: String, field: String, today: LocalDate) throws -> LocalDate {
        try DateWords.date(text, today: today, weekStart: ConfigFile.loaded.weekStart ?? .monday, field: field)
    }
}
