import ArgumentParser
import BoardCLI
import BoardModel

/// Options shared by commands that set the fields of a card or a template.
struct CardFieldOptions: ParsableArguments {
    @Option(help: "The title.") var title: String?
    @Option(help: "The description.") var description: String?
    @Option(name: .customLong("label"), help: ArgumentHelp("A label (repeat for several; replaces the labels).", valueName: "label"))
    var labels: [String] = []
    @Option(help: ArgumentHelp("The time of day, HH:MM ('none' to clear).", valueName: "HH:MM")) var time: String?
    @Option(parsing: .unconditional, help: ArgumentHelp("Priority 0 (none) to 3 (high).", valueName: "0-3")) var priority: String?
    @Option(parsing: .unconditional, help: ArgumentHelp("Duration in minutes ('none' to clear).", valueName: "minutes")) var duration: String?

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
