import BoardModel
import BoardStore
import Foundation

/// How cards read in `board list`: every chip as words, never colour alone.
enum CardFormat {
    static func shortId(_ id: String) -> String { String(id.prefix(8)) }

    static func line(_ task: CardRecord, templateTitles: [String: String], clock: BoardClock) -> String {
        var parts = [(task.isCompleted ? "[x] " : "[ ] ") + task.title.escapedForTerminal]
        if let due = task.dueDate { parts.append(MonthName.due(due, task.dueTime, in: clock.zone, today: clock.today)) }
        if task.priority > 0 { parts.append("P\(task.priority)") }
        if !task.labels.isEmpty { parts.append(LabelChip.text(task.labels.map(\.escapedForTerminal))) }
        if !task.checklist.isEmpty { parts.append("\(task.checklist.filter(\.done).count)/\(task.checklist.count)") }
        if let templateId = task.templateId { parts.append("From Template: \((templateTitles[templateId] ?? "?").escapedForTerminal)") }
        if !task.exceptionMask.isEmpty { parts.append("Exception: " + task.exceptionMask.map(\.rawValue).joined(separator: ", ")) }
        return "  \(shortId(task.id))  " + parts.joined(separator: " · ")
    }

    /// Pretty JSON, with the characters JSONSerialization leaves raw (C1, bidi) escaped too.
    static func jsonText(_ object: Any) throws -> String {
        TerminalText.escapeJSON(String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .prettyPrinted]), as: UTF8.self))
    }
}
