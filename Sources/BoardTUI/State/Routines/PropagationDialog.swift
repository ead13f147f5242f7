import BoardModel
import BoardStore

/// The dialog a template edit opens when the template has occurrences (ARCHITECTURE.md §4): the exact
/// count from the store's plan, the overdue toggle, and a progress bar while applying. It holds the
/// two plans it shows (without and with the overdue occurrences), and applying carries the chosen
/// one to the store, which refuses it if the board moved on since.
public struct PropagationDialog: Hashable, Sendable {
    public let plan: TemplateEditPlan
    public let planWithOverdue: TemplateEditPlan
    public let save: TemplateForm.Save
    /// The form to go back to on Cancel.
    public let form: TemplateForm
    public var templateId: String { plan.propagation.templateId }
    /// Occurrences the plan updates from today on, and with the overdue ones included.
    public var count: Int { plan.propagation.count }
    public var countWithOverdue: Int { planWithOverdue.propagation.count }
    /// Open occurrences dated before today that the edit would change.
    public var overdue: Int { plan.propagation.overdueOpen }
    /// Unedited open occurrences a schedule change removes.
    public var removals: Int { plan.removals.count }
    /// The plan applying carries out.
    public var chosenPlan: TemplateEditPlan { includeOverdue ? planWithOverdue : plan }
    public var includeOverdue = false
    /// Set while applying: how many of how many are written.
    public var progress: Progress?

    public init(plan: TemplateEditPlan, planWithOverdue: TemplateEditPlan, save: TemplateForm.Save, form: TemplateForm) {
        self.plan = plan
        self.planWithOverdue = planWithOverdue
        self.save = save
        self.form = form
    }

    public struct Progress: Hashable, Sendable {
        public let done: Int
        public let total: Int
    }

    /// The number the dialog promises: what applying will update.
    public var updates: Int { includeOverdue ? countWithOverdue : count }

    /// The dialog's text, naming its keys as `keymap` binds them.
    public func lines(_ keymap: BoardKeymap = .standard) -> [String] {
        func key(_ action: DialogAction) -> String { keymap.said(.dialog(action), on: .dialog) }
        var lines = ["Apply changes to all non-completed occurrences from today forward?", ""]
        lines.append(PropagationPlan.impact(updating: updates))
        if removals > 0 { lines.append("\(removals) unedited \(removals == 1 ? "occurrence no longer fits" : "occurrences no longer fit") the new schedule and will be removed.") }
        if overdue > 0 {
            lines.append("")
            lines.append("[\(includeOverdue ? "x" : " ")] Also update \(overdue) overdue open \(overdue == 1 ? "occurrence" : "occurrences") (\(key(.toggleOverdue)) toggles)")
        }
        lines.append("")
        if let progress {
            let width = 30
            let filled = progress.total == 0 ? width : width * progress.done / progress.total
            lines.append("Updating [" + String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled) + "] \(progress.done) of \(progress.total)")
        } else {
            lines.append("\(keymap.allSaid(.dialog(.apply), on: .dialog)) applies · \(keymap.allSaid(.dialog(.cancel), on: .dialog)) back to the form")
        }
        return lines
    }
}
