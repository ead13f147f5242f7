import BoardModel
import BoardStore

/// A write the screen makes (ARCHITECTURE.md §6): one intent, one store transaction, one entry
/// of the undo history. What each writes and the words undo and redo say of it stand side by
/// side in `BoardApp.carryOut`; adding a write is a case here, the action and key that ask for
/// it, and its two lines there.
public enum ScreenWrite: Hashable, Sendable {
    case add(title: String, bucket: Bucket)
    case move(cardId: String, bucket: Bucket, position: Int?)
    case toggleDone(cardId: String, completed: Bool)
    case delete(cardId: String)
    case edit(cardId: String, CardEdit, due: FieldEdit<LocalDate>)
    case createTemplate(TemplateDraft, save: TemplateForm.Save)
    /// Applies a plan the dialog showed, with the status the save asks for, in one transaction.
    case applyTemplateEdit(TemplateEditPlan, save: TemplateForm.Save)
    case pauseTemplate(templateId: String)
    case resumeTemplate(templateId: String)
    case archiveTemplate(templateId: String)
    case skipNext(templateId: String)
    case duplicateTemplate(templateId: String)
    case reapply(cardId: String, fields: [CardField]?)
    case makeException(cardId: String, field: CardField)
    case toggleStep(RoutineChecklist.Owner, index: Int)
    /// A template's step, by its text, reminds at its time or stops.
    case remindStep(templateId: String, step: String, reminds: Bool)
    /// The checklist's steps after an edit in the widget (a step added or removed).
    case editChecklist(RoutineChecklist.Owner, steps: [String])
    /// Does `act` to a planned run, making its occurrence in the same transaction.
    /// `time`: which run of a routine several times a day (ARCHITECTURE.md §4).
    case actOnPlannedRun(templateId: String, date: LocalDate, time: LocalTime?, BoardStore.PlannedRunAct)
    /// Skips a planned run's date.
    case skipPlannedRun(templateId: String, date: LocalDate, time: LocalTime?)
    case addHabit(name: String)
    case setHabitTarget(habitId: String, name: String, target: HabitTarget)
    /// The user's confirmation: creates or updates the day's entry. The only way an entry is written.
    case checkIn(habitId: String, name: String, day: LocalDate, source: HabitEntrySource, routineId: String?)
    case uncheck(habitId: String, name: String, day: LocalDate)
    case takeBackOne(habitId: String, name: String, day: LocalDate)
}
