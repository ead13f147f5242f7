import BoardStore
import BoardModel

/// Everything that can happen to the screen. At the root: the board's own actions (moves,
/// cards, routines, the prompts and the card's detail), typing (a character, Backspace, a text
/// edit: every text field's), a resize and a redraw (answered once, at the root of `update`),
/// and what the runtime reports. The other screens have their own (`DialogAction`,
/// `SuggestionAction`, `FormAction`, `ChecklistAction`, `HabitsAction`, `StatsAction`), each read only by that
/// screen's update (ARCHITECTURE.md §6).
public enum Action: Hashable, Sendable {
    case moveFocus(dx: Int, dy: Int)
    /// PgDn (1) or PgUp (-1): a screenful down or up the focused list.
    case page(Int)
    /// End or G (true), Home or g (false): the list's last or first row.
    case toEdge(last: Bool)
    /// Moves the cursor in, or deletes from, the text being typed.
    case editText(TextEdit)
    case moveCard(dx: Int)
    case reorderCard(dy: Int)
    case startAdd
    case startEdit
    case openDetail
    case toggleDone
    case delete
    case undo
    case redo
    case startSearch
    case nextMatch(Int)
    case help
    case quit
    case escape
    case enter
    case tab(Int)
    case type(Character)
    /// The answer to the yes/no question a screen asked: y (true), n or Esc (false), any other
    /// key (nil: the question stays, and says how to answer). Every question reads it alike.
    case answer(Bool?)
    /// Pasted text, into the field being typed in.
    case paste(String)
    /// A paste where nothing takes text: said, and otherwise ignored.
    case pastedNowhere
    case backspace
    case redraw
    case resize(width: Int, height: Int)
    case click(x: Int, y: Int)
    // Routines (issue: template editor, propagation, exceptions, series actions)
    case newTemplate
    case pauseResume
    case skipNext
    case duplicate
    case archive
    case viewTemplate
    case toggleArchived
    case reapplyField
    case reapplyAll
    case makeException
    // Checklists and habits
    /// `C`: the focused card's or checklist routine's checklist.
    case openChecklist
    /// `S`: start a run of the focused routine.
    case startRun
    /// `g`: the Habits view.
    case openHabits
    /// `i`: the Stats view.
    case openStats
    /// `v`: the Calendar, on the day it last showed (today at first).
    case openCalendar
    /// What the runtime reports after carrying an effect out: store results and reads come back
    /// through `update`, which is the only place the state changes (ARCHITECTURE.md §6).
    case reported(Report)
    /// The propagation dialog's own actions.
    case dialog(DialogAction)
    /// The suggestion prompt's own actions.
    case suggestion(SuggestionAction)
    /// The template editor's own actions.
    case form(FormAction)
    /// The checklist's own actions.
    case checklist(ChecklistAction)
    /// The Habits view's own actions.
    case habits(HabitsAction)
    /// The Stats view's own actions.
    case stats(StatsAction)
    /// The Calendar's own actions.
    case calendar(CalendarAction)
}

/// A result of the edge, fed back to `update` whatever the screen.
public enum Report: Hashable, Sendable {
    /// The settings the screen follows, and whether the board file is read-only.
    case configured(BoardConfig, readOnly: Bool)
    /// The screen laid out after a step: the scrolling `update` asked for, carried out (`fit`).
    case fitted(Fitting)
    /// The board read again: focus `focusing`, else keep the focused template row or card.
    case loaded(BoardSnapshot, focusing: String?)
    /// More of the same board: another window of a column, or the minute moved on.
    case read(BoardSnapshot)
    /// Something carried out: `update` says it in words.
    case done(Accomplished)
    /// A write refused: `update` puts the reason where the user looks.
    case refused(Refusal)
    /// Where sync stands, in words, for the start of the status line.
    case synced(String)
    /// A new day: what the horizons moved and which routines ended, said once in the status line.
    case newDay(HorizonRollover?, ended: [EndedRoutine])
    /// A template read for its editor.
    case templateRead(TemplateOverview)
    /// A checklist read to show: `execution` is the run just started on it.
    case checklistRead(RoutineChecklist, execution: Int?, followsToday: Bool)
    /// The open checklist read again (after a write, another process, a new day).
    case checklistRefreshed(RoutineChecklist)
    /// The open checklist's card or routine is gone: back to the board, saying why.
    case checklistGone(String)
    /// The habits read: the Habits view opens (on `focusing`), or the open one is refreshed.
    case habitsRead([HabitRow], focusing: String?)
    /// The stats read for the Stats view.
    case statsRead(BoardStats)
    /// The agenda of `day` and, when asked, the counts of the month grid holding it: the Calendar
    /// opens on `day`, or the open one shows it.
    case calendarRead(day: LocalDate, counts: [Int]?, items: [AgendaItem])
    /// The board read with `cardId` in its window: the card is focused and its detail (or form) opened.
    case cardShown(BoardSnapshot, cardId: String, edit: Bool)
    /// How far a long propagation has gone.
    case progress(done: Int, total: Int)
    /// The plans of a template edit, without and with the overdue occurrences: the dialog, or at once
    /// the apply when nothing would change.
    case planned(TemplateEditPlan, withOverdue: TemplateEditPlan, save: TemplateForm.Save, form: TemplateForm)
    /// A template was created or duplicated: its row takes the focus.
    case templateAdded(id: String)
    /// A sentence the title bar keeps.
    case banner(String)
    /// The card just written is hidden by the filter: the filter is cleared so it stays in view.
    case unfiltered(title: String, filter: String)
}

/// What `update` asks the runtime to do at the edge: write to the store, read what a screen
/// shows, or stop.
public enum Effect: Hashable, Sendable {
    /// One intent written in one store transaction, recorded for undo.
    case write(ScreenWrite)
    case openTemplateEditor(templateId: String)
    /// Plans an edit: the runtime opens the propagation dialog, or applies at once when no occurrence changes.
    case planTemplateEdit(templateId: String, TemplateDraft, save: TemplateForm.Save, form: TemplateForm)
    /// Reads a checklist and shows it; `execution` is the run just started on it.
    case openChecklist(RoutineChecklist.Owner, execution: Int?)
    /// Reads the habits and shows the Habits view.
    case openHabits
    /// The Habits view with one habit under the cursor (from the Stats view).
    case openHabit(habitId: String)
    /// Reads the stats and shows the Stats view.
    case openStats
    /// Reads the agenda of `day` for the Calendar, and the counts of its month's grid when `counts`.
    case readCalendar(day: LocalDate, counts: Bool)
    /// A card of the Calendar on the board: focused, its detail or its form open; a planned run is made first.
    case showFromCalendar(AgendaItem, edit: Bool)
    case undo
    case redo
    case redraw
    case quit
}
