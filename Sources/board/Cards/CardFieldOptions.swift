import BoardCLI
import BoardModel

/// Options shared by commands that set the fields of a card or a template.
struct CardFieldOptions {
    static let parameters: [Parameter] = [
        .option("title", "The title."),
        .option("description", "The description."),
        .repeatedOption("label", "A label (repeat for several; replaces the labels)."),
        .option("time", "The time of day, HH:MM ('none' to clear).", value: "HH:MM"),
        .option("priority", "Priority 0 (none) to 3 (high).", value: "0-3"),
        .option("duration", "Duration in minutes ('none' to clear).", value: "minutes"),
    ]

    let title: String?, description: String?, labels: [String], time: String?, priority: String?, duration: String?

    init(_ given: ParsedArguments) {
        title = given.value("title")
        description = given.value("description")
        labels = given.values("label")
        time = given.value("time")
        priority = given.value("priority")
        duration = given.value("duration")
    }

    /// The edit these options describe.
    func edit(checklist: [String]? = nil) throws -> CardEdit {
        CardEdit(title: title, description: description, labels: labels.isEmpty ? nil : labels, checklist: checklist,
                 time: try time.map { t throws in try Self.time(t) }, priority: try priority.map { p throws in try Self.priority(p) },
                 duration: try duration.map { d throws in try Self.duration(d) })
    }

    static func time(_ text: String) throws -> LocalTime? { try FieldRules.time(text) }

    static func priority(_ text: String) throws -> Int { try FieldRules.priority(text) }

    static func duration(_ text: String) throws -> Int? { try FieldRules.duration(text) }

    static func date(_ text: String, field: String) throws -> LocalDate {
        guard let date = LocalDate(iso: text) else { throw BoardError(field, "must be a date YYYY-MM-DD, got '\(text)'") }
        return date
    }
}
