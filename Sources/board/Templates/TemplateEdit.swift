import BoardCLI
import BoardModel
import BoardStore
import Foundation

struct TemplateEdit: Command {
    static let info = CommandInfo(
        "edit",
        abstract: "Edit a template and carry the change to its open occurrences from today on.",
        discussion: "Completed occurrences and fields customized on an occurrence never change. Asks before writing unless --yes; any answer but y is a no: nothing is written, status 0.",
        parameters: [IdArgument.template] + CardFieldOptions.templateParameters + [CardFieldOptions.editedSteps] + ScheduleOptions.parameters
            + [includeOverdue, yes, dryRun] + BoardOptions.parameters, runs: Self.self)
    static let includeOverdue = Declared.flag("include-overdue", "Also update open occurrences dated before today.")
    static let yes = Declared.flag("yes", "Apply without asking.")
    static let dryRun = Declared.flag("dry-run", "Print the plan and write nothing.")

    let id: String, fields: CardFieldOptions, steps: [String], schedule: ScheduleOptions
    let includeOverdue: Bool, yes: Bool, dryRun: Bool, board: BoardOptions

    init(_ given: ParsedArguments) throws {
        id = try given[IdArgument.template]
        fields = try CardFieldOptions(given)
        steps = try given[CardFieldOptions.editedSteps]
        schedule = try ScheduleOptions(given)
        includeOverdue = try given[Self.includeOverdue]
        yes = try given[Self.yes]
        dryRun = try given[Self.dryRun]
        board = try BoardOptions(given)
    }

    func run() throws {
        if yes && dryRun { throw BoardError("dry-run", "--dry-run writes nothing, so there is nothing for --yes to confirm; give one of them") }
        let clock = try board.clockOptions.clock()
        let edit = try fields.edit(checklist: steps.isEmpty ? nil : steps, severalTimes: true)
        let optionTimes = try fields.time.map { t throws in try FieldRules.timesOfDay(t) }
        guard !edit.isEmpty || !schedule.isEmpty else { throw BoardError("edit", "nothing to change; give --title, --every, --time, …") }
        let (store, boardClock) = try board.open()
        let templateId = try store.routines.id(matching: id)
        var request = TemplateEditRequest(fields: edit, includeOverdue: includeOverdue)
        if let optionTimes { request.times = optionTimes }
        if !schedule.isEmpty {
            let current = try store.routines.overview(templateId, clock: boardClock).scheduling?.schedule.rule
            let (rule, phraseTimes, start) = try schedule.read(today: clock.today, current: current)
            request.rule = rule
            request.start = start
            if let optionTimes { _ = try ScheduleOptions.times(option: optionTimes, phrase: phraseTimes) }
            if request.fields.time.isKeep, let phraseTimes {
                request.fields.time = .set(phraseTimes.first)
                request.times = phraseTimes
            }
        }
        let plan = try store.routines.planEdit(templateId, request, clock: boardClock)
        printOut("Apply changes to all non-completed occurrences from today forward?")
        printOut(plan.impact)
        if !plan.propagation.changedFields.isEmpty { printOut("Changed fields: " + plan.propagation.changedFields.map(\.rawValue).joined(separator: ", ")) }
        if plan.propagation.overdueOpen > 0 && !includeOverdue {
            let n = plan.propagation.overdueOpen
            printOut("\(n) overdue open \(n == 1 ? "occurrence stays" : "occurrences stay") as \(n == 1 ? "it is" : "they are") (--include-overdue to update \(n == 1 ? "it" : "them") too).")
        }
        if !plan.removals.isEmpty { printOut("\(plan.removals.count) unedited \(plan.removals.count == 1 ? "occurrence" : "occurrences") no longer on the schedule will be removed.") }
        if dryRun {
            for update in plan.propagation.updates {
                printOut("  \(CardFormat.shortId(update.cardId))  \(update.date)  \(update.fields.map(\.rawValue).joined(separator: ", "))")
            }
            return
        }
        if !yes {
            writeText("Apply? [y/N] ", to: .standardOutput)
            guard let answer = readLine(), ["y", "yes"].contains(answer.lowercased()) else {
                // A "no" is the user's answer, not a failure (status 1 says "a bug").
                printOut("Cancelled; nothing changed.")
                return
            }
        }
        let total = plan.propagation.updates.count
        try store.routines.applyEdit(plan, clock: boardClock) { done, total in
            if total > 100 { printErr("Updated \(done) of \(total) occurrences") }
        }
        printOut("Updated \(total) \(total == 1 ? "occurrence" : "occurrences").")
    }
}
