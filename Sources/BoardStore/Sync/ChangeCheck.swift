import BoardModel
import Foundation
import GRDB

/// The check a received change passes before it enters the log (ARCHITECTURE.md §13): a known
/// table and field (`SyncedFields`), an id that is an id, and a value that the command line or a
/// document would take for that field. A change that fails is set aside with the error's words.
enum ChangeCheck {
    /// Refuses `change` with the first thing wrong with it, named `table.field`; for a created row,
    /// returns its fields as read, so the row is made without reading them again.
    @discardableResult
    static func check(_ change: FieldChange, owner: String) throws(BoardError) -> [String: String?]? {
        guard let fields = SyncedFields.rules[change.entity] else {
            throw BoardError("entity", "must be a table Board syncs (\(SyncedRows.tables.joined(separator: ", "))), got '\(change.entity.echoed)'")
        }
        let name = change.entity + "." + change.field.echoed
        try DocumentCheck.id(change.entityId, at: change.entity + ".id")
        switch change.field {
        case FieldChange.row:
            guard let value = change.value, let object = JSONText.flatObject(value) else {
                throw BoardError(Field(name), "must be an object of every field's value")
            }
            try checkRow(object, of: change, fields: fields, owner: owner)
            return object
        case FieldChange.deleted:
            try flag(change.value, name)
        case let field where field.hasPrefix("exception."):
            guard SyncedFields.registers(of: change.entity).contains(String(field.dropFirst("exception.".count))) else {
                throw BoardError(Field(name), "is not an exception register of \(change.entity)")
            }
            try flag(change.value, name)
        default:
            guard let rule = fields[change.field] else { throw BoardError(Field(name), "is not a field Board syncs") }
            if case .key = rule { throw BoardError(Field(name), "is the row's key, set when the row is made and never changed") }
            try check(change.value, rule, name, owner: owner)
        }
        return nil
    }

    /// A created row carries every field of its table, its key matches its id, and each value passes.
    private static func checkRow(_ object: [String: String?], of change: FieldChange, fields: [String: SyncedFields.Rule], owner: String) throws(BoardError) {
        let registers = SyncedFields.registers(of: change.entity)
        var unknown: [String] = []
        for key in object.keys where fields[key] == nil {
            if key.hasPrefix("exception."), registers.contains(String(key.dropFirst("exception.".count))) {
                guard object[key] == "true" else { throw BoardError(Field(change.entity + "." + key), "must be true in a created row") }
            } else {
                unknown.append(key)
            }
        }
        if let first = unknown.min() { throw BoardError(Field(change.entity + "." + first.echoed), "is not a field Board syncs") }
        let own = SyncedRows.deviceColumns[change.entity] ?? [], later = SyncedFields.addedLater[change.entity] ?? [:]
        for (field, rule) in SyncedFields.ordered[change.entity] ?? [] {
            guard let value = object[field] else {
                if own.contains(field) || later[field] != nil { continue }
                throw BoardError(Field(change.entity + "." + field), "is missing from the created row")
            }
            try check(value, rule, change.entity + "." + field, owner: owner)
        }
        let keyOfValues = change.entity == "habit_entries"
            ? SyncedRows.entityId(table: change.entity, key: ["habit_id": SyncValue.value(object["habit_id"] ?? nil) ?? .null,
                                                               "day": SyncValue.value(object["day"] ?? nil) ?? .null,
                                                               "device": SyncValue.value(object["device"] ?? nil) ?? .null])
            : SyncValue.value(object["id"] ?? nil).flatMap(String.fromDatabaseValue)
        guard keyOfValues == change.entityId else {
            throw BoardError(Field(change.entity + ".id"), "a created row's key must be its change's row id '\(change.entityId)'")
        }
    }

    private static func flag(_ value: String?, _ name: String) throws(BoardError) {
        guard value == "true" || value == "false" else { throw BoardError(Field(name), "must be true or false, got \(shown(value))") }
    }

    /// One value against its rule; `value` is `SyncValue` text. The name is spelled out only for an
    /// error: a first pull checks two million values.
    private static func check(_ value: String?, _ rule: SyncedFields.Rule, _ name: @autoclosure () -> String, owner: String) throws(BoardError) {
        if case .optional(let inner) = rule {
            if value == nil { return }
            return try check(value, inner, name(), owner: owner)
        }
        if case .key(let inner) = rule { return try check(value, inner, name(), owner: owner) }
        guard let value else { throw BoardError(Field(name()), "must have a value, got null") }
        if case .integer(let range) = rule {
            guard let n = Int64(value), range.contains(n) else {
                throw BoardError(Field(name()), "must be a whole number from \(range.lowerBound) to \(range.upperBound), got \(shown(value))")
            }
            return
        }
        guard value.utf8.first == UInt8(ascii: "\""), let text = JSONText.unquoted(value) else {
            throw BoardError(Field(name()), "must be text, got \(shown(value))")
        }
        do {
            try checkText(text, rule, owner: owner)
        } catch {
            // The field rules name the field as a user types it; here it is the table's column.
            throw BoardError(Field(name()), error.problem)
        }
    }

    /// A text value against its rule; the caller names the field.
    private static func checkText(_ text: String, _ rule: SyncedFields.Rule, owner: String) throws(BoardError) {
        let name = ""  // the caller puts the table and column in the error it throws
        switch rule {
        case .owner:
            guard text == owner else { throw BoardError(Field(name), "must be this account's owner, got '\(text.echoed)'") }
        case .id:
            try DocumentCheck.id(text, at: name)
        case .text(let limit, let multiline, let required):
            if required && text.isBlank { throw BoardError(Field(name), "must not be empty") }
            try TextLimits.check(text, field: Field(name), limit: limit, multiline: multiline)
        case .choice(let values):
            guard values.contains(text) else { throw BoardError(Field(name), "must be one of \(values.joined(separator: ", ")), got '\(text.echoed)'") }
        case .date:
            _ = try DocumentCheck.date(text, at: name)
        case .time:
            _ = try DocumentCheck.time(text, at: name)
        case .times:
            _ = try DocumentCheck.times(text, at: name)
        case .habitTarget:
            _ = try DocumentCheck.habitTarget(text, at: name)
        case .timestamp:
            // Timestamps are Board's own or a document's: one short line.
            guard (1...40).contains(text.utf8.count), text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else {
                throw BoardError(Field(name), "must be a timestamp, got '\(text.echoed)'")
            }
        case .timeZone:
            guard TimeZone(named: text) != nil else { throw BoardError(Field(name), "must be a time zone, got '\(text.echoed)'") }
        case .rrule:
            guard text.utf8.count <= 1_000 else { throw BoardError(Field(name), "at most 1000 characters, got \(text.utf8.count)") }
            _ = try RecurrenceRule(rrule: text)
        case .labels:
            let labels: [String]
            do { labels = try JSONColumn.strings(text, column: name) } catch { throw BoardError(Field(name), "must be a JSON list of labels") }
            if labels.count > TextLimits.labels { throw BoardError(Field(name), "at most \(TextLimits.labels) labels, got \(labels.count)") }
            for label in labels {
                if label.isBlank { throw BoardError(Field(name), "a label needs some text") }
                try TextLimits.check(label, field: Field(name), limit: TextLimits.label)
            }
        case .cardChecklist:
            let items: [ChecklistItem]
            do { items = try JSONColumn.array(text) } catch { throw BoardError(Field(name), "must be a JSON list of checklist items") }
            try Checklist.validate(items.map(\.text))
        case .templateChecklist:
            let steps: [ChecklistStep]
            do { steps = try JSONColumn.array(text) } catch { throw BoardError(Field(name), "must be a JSON list of checklist steps") }
            try Checklist.validate(steps.map(\.text))
            for habit in steps.compactMap(\.habitId) { try DocumentCheck.id(habit, at: name) }
        case .dates:
            let days: [String]
            do { days = try JSONColumn.strings(text, column: name) } catch { throw BoardError(Field(name), "must be a JSON list of dates") }
            for day in days where !SkippedRuns.isEntry(day) {
                throw BoardError(Field(name), "must be a date YYYY-MM-DD or a run YYYY-MM-DDTHH:MM that exists, got '\(day.echoed)'")
            }
        case .integer, .optional, .key:
            throw BoardError(Field(name), "must be a number")
        }
    }

    private static func shown(_ value: String?) -> String { value.map { "'\($0.echoed)'" } ?? "null" }
}
