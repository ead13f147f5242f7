import BoardModel

/// The dialog a template edit opens when the template has occurrences (ARCHITECTURE.md §4): the exact
/// count from the store's plan, the overdue toggle, and a progress bar while applying.
public struct PropagationDialog: Hashable, Sendable {
    public let templateId: String
    public let draft: TemplateDraft
    public let save: TemplateForm.Save
    /// The form to go back to on Cancel.
    public let form: TemplateForm
    /// Occurrences the plan updates from today on, and with the overdue ones included.
    public let count: Int
    public let countWithOverdue: Int
    /// Open occurrences dated before today.
    public let overdue: Int
    /// Unedited open occurrences a schedule change removes.
    public let removals: Int
    public var includeOverdue = false
    /// Set while applying: how many of how many are written.
    public var progress: Progress?

    public struct Progress: Hashable, Sendable {
        public let done: Int
        public let total: Int
    }

    /// The number the dialog promises: what applying will update.
    public var updates: Int { includeOverdue ? countWithOverdue : count }

    public var lines: [String] {
        var lines = ["Apply changes to all non-completed occurrences from today forward?", ""]
        lines.append("Will update \(updates) non-completed \(updates == 1 ? "occurrence" : "occurrences"). Completed tasks and field exceptions won't change.")
        if removals > 0 { lines.append("\(removals) unedited \(removals == 1 ? "occurrence no longer fits" : "occurrences no longer fit") the new schedule and will be removed.") }
        if overdue > 0 {
            lines.append("")
            lines.append("[\(includeOverdue ? "x" : " ")] Also update \(overdue) overdue open \(overdue == 1 ? "occurrence" : "occurrences") (Space toggles)")
        }
        lines.append("")
        if let progress {
            let width = 30
            let filled = progress.total == 0 ? width : width * progress.done / progress.total
            lines.append("Updating [" + String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled) + "] \(progress.done) of \(progress.total)")
        } else {
            lines.append("Enter or y applies · Esc or n cancels")
        }
        return lines
    }
}
