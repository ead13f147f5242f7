/// What makes a card an occurrence (ARCHITECTURE.md §4): generation gave it a template and the
/// date of that template's series it stands for. One definition for the store, the CLI and the screen.
public enum Occurrence {
    public static func isOccurrence(templateId: String?, occurrenceDate: LocalDate?) -> Bool {
        templateId != nil && occurrenceDate != nil
    }
}
