import BoardModel
import GRDB
import Foundation

/// Every field that syncs, table by table, and the rule its value must pass (ARCHITECTURE.md §13).
/// A received change is untrusted input: its table and field must be one of these, and its value
/// must pass the same rules a value typed at the command line or read from a document passes.
/// The receive path names tables and columns from this list only, never from received text.
public enum SyncedFields {
    /// What a field's value must be. Values arrive as `SyncValue` text: a JSON string for text
    /// columns, a bare integer for integer ones, nil for SQL NULL.
    indirect enum Rule: Sendable {
        /// The row's own key (or part of it): set when the row is made, never changed on its own.
        case key(Rule)
        /// The account's owner id, and no other.
        case owner
        /// An id of letters, digits, dashes and underscores, as documents carry them.
        case id
        /// One line (or, `multiline`, a description) of at most `limit` characters; `required`: not blank.
        case text(limit: Int, multiline: Bool, required: Bool)
        case integer(ClosedRange<Int64>)
        case choice([String])
        case date, time, timestamp, timeZone, rrule
        /// A schedule's times of day, `08:00, 20:00`.
        case times
        /// A habit's target, `3/day`.
        case habitTarget
        case labels, cardChecklist, templateChecklist, dates
        /// The same rule, or SQL NULL.
        case optional(Rule)
    }

    static let statuses = TemplateStatus.allCases.map(\.rawValue)
    static let title = Rule.text(limit: TextLimits.title, multiline: false, required: true)
    static let description = Rule.text(limit: TextLimits.description, multiline: true, required: false)
    static let priority = Rule.integer(Int64(FieldRules.priorities.lowerBound)...Int64(FieldRules.priorities.upperBound))
    static let duration = Rule.optional(.integer(Int64(FieldRules.durations.lowerBound)...Int64(FieldRules.durations.upperBound)))
    static let remindBefore = Rule.integer(0...Int64(BoardStore.maxRemindBefore))
    static let flag = Rule.integer(0...1)
    static let count = Rule.integer(0...Int64.max)

    /// Table → field → rule, from each record's table (`SyncedTables`); a test holds them to the schema's columns.
    static let rules: [String: [String: Rule]] = Dictionary(uniqueKeysWithValues: SyncedTables.all.map { table in
        (table.tableName, Dictionary(uniqueKeysWithValues: table.fields.compactMap { field in field.rule.map { (field.column, $0) } }))
    })

    /// Fields a later Board added, with the value a row that lacks them holds: a created row from
    /// an earlier one lacks them, and a created row leaves them out while they hold it, so earlier
    /// devices still take it.
    static let addedLater: [String: [String: DatabaseValue]] = Dictionary(uniqueKeysWithValues: SyncedTables.all.map { table in
        (table.tableName, Dictionary(uniqueKeysWithValues: table.fields.filter(\.addedLater).map { ($0.column, $0.absent) }))
    })

    /// Each table's fields in name order, so a check names the same first problem every time.
    static let ordered: [String: [(field: String, rule: Rule)]] = rules.mapValues { $0.sorted { $0.key < $1.key }.map { ($0.key, $0.value) } }

    /// The fields of `table` an exception register names (`exception.FIELD`): an occurrence's only.
    static func registers(of table: String) -> [String] {
        table == "tasks" ? SyncedRows.maskedColumns.keys.sorted() : []
    }

    /// Every `table.field` a change may name: each column, each exception register, and a row's
    /// `row` and `deleted`. The server refuses any other (its migration 3 holds the same list).
    public static var all: Set<String> {
        var names: Set<String> = []
        for (table, fields) in rules {
            for field in fields.keys { names.insert(table + "." + field) }
            for field in registers(of: table) { names.insert(table + "." + FieldChange.exception(field)) }
            names.insert(table + "." + FieldChange.row)
            names.insert(table + "." + FieldChange.deleted)
        }
        return names
    }
}
