import BoardModel
import BoardStore
import Foundation

/// How cards read in `board list`: every chip as words, never colour alone.
enum CardFormat {
    static func shortId(_ id: String) -> String { String(id.prefix(8)) }

    static func line(_ card: CardRecord, templateTitles: [String: String], clock: BoardClock) -> String {
        var parts = [(card.isCompleted ? "[x] " : "[ ] ") + card.title.escapedForTerminal]
        if let due = card.dueDate { parts.append(MonthName.due(due, card.dueTime, in: clock.zone, today: clock.today)) }
        if card.priority > 0 { parts.append("P\(card.priority)") }
        if !card.labels.isEmpty { parts.append(LabelChip.text(card.labels.map(\.escapedForTerminal))) }
        if !card.checklist.isEmpty { parts.append("\(card.checklist.filter(\.done).count)/\(card.checklist.count)") }
        if let templateId = card.templateId { parts.append("From Template: \((templateTitles[templateId] ?? "?").escapedForTerminal)") }
        if !card.exceptionMask.isEmpty { parts.append("Exception: " + card.exceptionMask.map(\.rawValue).joined(separator: ", ")) }
        return "  \(shortId(card.id))  " + parts.joined(separator: " · ")
    }

    /// Pretty JSON, with the characters JSONSerialization leaves raw (C1, bidi) escaped too.
    static func jsonText(_ object: Any) throws -> String {
        TerminalText.escapeJSON(String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .prettyPrinted]), as: UTF8.self))
    }
}
