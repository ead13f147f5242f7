/// The propagation dialog's actions.
public enum DialogAction: Hashable, Sendable {
    /// Apply the plan shown (Enter, y).
    case apply
    /// Back to the form (Esc, n).
    case cancel
    /// Also update the overdue open occurrences, or not (Space).
    case toggleOverdue
}

/// The suggestion prompt's actions: "Did this routine help: …?"
public enum SuggestionAction: Hashable, Sendable {
    /// Write that day's entry (y, Enter).
    case confirm
    /// Drop it (n).
    case dismiss
    /// Keep it for later; the Habits view asks again (Esc).
    case later
}
