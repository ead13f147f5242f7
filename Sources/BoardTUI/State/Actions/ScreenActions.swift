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

/// The checklist's actions. Typing on the Add step row uses the text field's actions.
public enum ChecklistAction: Hashable, Sendable {
    /// Move the cursor by this many rows (↑↓, j k, Tab).
    case move(Int)
    /// Tick or untick the step under the cursor (Space, Enter).
    case tick
    /// Start or stop editing the steps (e).
    case toggleEditing
    /// Ask to remove the step under the cursor (d, while editing).
    case removeStep
    /// Add the step typed on the Add step row (Enter there).
    case addStep
    /// A key typed on the limit row: say why nothing is added.
    case explainLimit
    case startRun, finishRun, discardRun
    /// Make the timed step under the cursor remind at its time, or stop it (r).
    case toggleReminder
    /// Stop editing, or leave for the board (a run in progress finishes) (Esc, q).
    case leave
    case undo, redo
}

/// The Habits view's actions. Typing a new habit's name uses the text field's actions.
public enum HabitsAction: Hashable, Sendable {
    /// Another habit (dy) or day (dx).
    case move(dx: Int, dy: Int)
    /// Check the day in, or take it back; for a habit counted more than once a day, add one (Space, x).
    case toggleDay
    /// Take back one of the day's entries (-, Backspace).
    case takeBackOne
    /// Start typing a new habit's name (a).
    case add
    /// Add the habit named, or stop naming one.
    case confirmName, cancelName
    /// Start typing the focused habit's target (t).
    case setTarget
    /// Set the target typed, or stop typing it.
    case confirmTarget, cancelTarget
    /// Answer the waiting suggestions (Enter).
    case answerSuggestions
    case undo, redo
    /// Back to the board (Esc, q, g).
    case leave
}

/// The Stats view's actions.
public enum StatsAction: Hashable, Sendable {
    /// Another row (dy).
    case move(dy: Int)
    /// The row's template in the editor, or its habit in the Habits view (Enter).
    case open
    /// Back to the board (Esc, q, i).
    case leave
}

/// The template editor's actions. Typing in a text row uses the text field's actions.
public enum FormAction: Hashable, Sendable {
    /// The next (1) or previous (-1) row (Tab, Shift-Tab, ↑↓).
    case nextRow(Int)
    /// ←/→ (and Space on a choice): the cursor in a text row, the next choice on a toggle row,
    /// the weekday cursor on the days row, the next save button.
    case sideways(Int)
    /// Enter: a new line in the description, the step typed, a save, or the next row.
    case confirm
    /// Remove the focused checklist step (Ctrl-D).
    case removeStep
    /// Link the focused step to the next habit, then none (Ctrl-G).
    case linkHabit
    /// Leave; with unsaved changes, ask first (Esc).
    case leave
}

/// The Calendar's actions (`v`; ARCHITECTURE.md §15). Typing the date of `g` uses the text field's actions.
public enum CalendarAction: Hashable, Sendable {
    /// Another day: ±1 a day (←→, h l), ±7 a week (↑↓, k j).
    case moveDay(Int)
    /// Another month (PgUp, PgDn), the same day of it where it has one.
    case moveMonth(Int)
    /// Back to today (`.`).
    case today
    /// The "Go to" prompt (`g`), then its Enter and Esc.
    case startGoTo
    case confirmGoTo
    case cancelGoTo
    /// The next (1) or previous (-1) item of the day's agenda (Tab, Shift-Tab).
    case chooseItem(Int)
    /// The item on the board: its detail (Enter) or its form (`e`); a planned run is made first.
    case open(edit: Bool)
    case toggleDone
    case delete
    /// A routine's run, made or planned: its date skipped (`s`).
    case skip
    /// To the previous (-1) or next (1) column, as H and L move a card.
    case moveCard(Int)
    case undo
    case redo
    /// Back to the board (Esc, q, v).
    case leave
}
