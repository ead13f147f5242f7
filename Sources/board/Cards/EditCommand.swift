import BoardCLI
import BoardModel

struct EditCommand: Command {
    static let info = CommandInfo(
        "edit", abstract: "Edit a card. On an occurrence, each field changed becomes an exception.",
        parameters: [IdArgument.card] + CardFieldOptions.parameters + [due, CardFieldOptions.editedSteps] + BoardOptions.parameters, runs: Self.self)
    static let due = Declared.option(.due, "Due date: friday, tomorrow, in 3 days, dec 3, YYYY-MM-DD …, perhaps with its time (\"dec 3 at 9am\"; 'none' to clear; docs/dates.md).", value: "date")

    let id: String, fields: CardFieldOptions, due: String?, steps: [String], board: BoardOptions

    init(_ given: ParsedArguments) throws {
        id = try given[IdArgument.card]
        fields = try CardFieldOptions(given)
        due = try given[Self.due]
        steps = try given[CardFieldOptions.editedSteps]
        board = try BoardOptions(given)
    }

    func run() throws {
        var edit = try fields.edit(checklist: steps.isEmpty ? nil : steps)
        guard !edit.isEmpty || self.due != nil else { throw BoardError("edit", "nothing to change; give --title, --label, --time, …") }
        let (store, clock) = try board.open()
        var due = FieldEdit<LocalDate>.keep
        if let text = self.due {
            if text.lowercased() == "none" { due = .clear } else {
                let time: LocalTime? = if case .set(let t) = edit.time { t } else { nil }
                let given = try CardFieldOptions.due(text, time: time, today: clock.today)
                due = .set(given.date)
                if let time = given.time { edit.time = .set(time) }
            }
        }
        let cardId = try store.cards.id(matching: id)
        // A time given to a card without a date is today's while it is still ahead, else tomorrow's.
        if due.isKeep, case .set(let time) = edit.time, try store.cards.find(cardId).dueDate == nil {
            due = .set(DateWords.day(for: time, now: clock.local))
        }
        let card = try store.cards.edit(cardId, edit, due: due, clock: clock)
        let when = !due.isKeep ? card.dueDate.map { " · due " + MonthName.due($0, card.dueTime, in: clock.zone, today: clock.today) } ?? "" : ""
        printOut("Edited \(CardFormat.shortId(card.id)): \(card.title.escapedForTerminal)" + (card.exceptionMask.isEmpty ? "" : " · Exception: " + card.exceptionMask.map(\.rawValue).joined(separator: ", ")) + when)
    }
}
