/// Where a template stands: a draft (never generated), active (generating), paused (keeps its
/// occurrences, makes no new ones) or archived (done for good). ARCHITECTURE.md §4.
public enum TemplateStatus: String, Codable, Sendable, CaseIterable {
    case draft, active, paused, archived
}
