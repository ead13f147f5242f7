import GRDB

/// A row of `events`: what happened to templates and occurrences, for statistics later.
struct EventRecord: BoardRecord, Codable {
    static let databaseTableName = "events"
    var id: Int64?
    var at: String
    var kind: String
    var templateId: String?
    var cardId: String?
    var detail: String

    /// The columns, by name: records are decoded by these keys, without converting each row's names.
    /// Typed columns for requests: `CardRecord.Columns.seriesId == id`.
    typealias Columns = CodingKeys

    enum CodingKeys: String, CodingKey, ColumnExpression {
        case id, at, kind, templateId = "template_id", cardId = "task_id", detail
    }
}
