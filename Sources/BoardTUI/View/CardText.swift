import BoardModel
import BoardStore
import Foundation

/// The words a card is shown and described with; chips are text, never colour alone.
enum CardText {
    /// The most lines a card's title takes on the board; the rest is in its detail (Enter).
    static let titleLineLimit = 3

    /// "[ ] Buy a birthday" / "    present for Sam": the title wrapped in `width` cells at most
    /// three lines, the last ending in "…" when cut. Continuation lines hang under the title's
    /// text in every column the board can show (at least 60 cells make columns wide enough), so
    /// a wide focused column and a narrow one look alike.
    static func titleLines(_ card: CardSummary, width: Int) -> [String] {
        let box = card.isCompleted ? "[x] " : "[ ] "
        if DisplayWidth.of(card.title) <= width - 4 && !hasDoubleSpace(card.title) { return [box + card.title] }
        let indent = width >= 8 ? 4 : 1
        let wrapped = DisplayWidth.wrap(card.title, to: max(1, width - indent), firstWidth: width - 4)
        var lines = wrapped.prefix(titleLineLimit).enumerated().map { ($0 == 0 ? box : String(repeating: " ", count: indent)) + $1 }
        if wrapped.count > titleLineLimit {
            let rest = wrapped[(titleLineLimit - 1)...].joined(separator: " ")
            lines[titleLineLimit - 1] = String(repeating: " ", count: indent) + DisplayWidth.truncate(rest, to: width - indent)
        }
        return lines
    }

    /// Whether `text` has two spaces in a row, which wrapping folds into one; read bytewise, as
    /// it runs for every card drawn.
    private static func hasDoubleSpace(_ text: String) -> Bool {
        zip(text.utf8, text.utf8.dropFirst()).contains { $0 == 0x20 && $1 == 0x20 }
    }

    /// Whether `details` has anything to say: a card takes its details row only then.
    static func hasDetails(_ card: CardSummary, overdue: Bool, dateShown: Bool = true) -> Bool {
        overdue || (card.dueDate != nil && (dateShown || card.dueTime != nil)) || card.priority > 0 || card.checklistTotal > 0 || !card.labels.isEmpty
    }

    /// "Tue Nov 24 07:30 · P2 · 2/5 · #home", led by "! Overdue" when its time has passed; without
    /// the date where a heading gives it (`dateShown` false: "07:30 · P2").
    static func details(_ card: CardSummary, overdue: Bool = false, zone: TimeZone? = nil, today: LocalDate, dateShown: Bool = true) -> String {
        var parts: [String] = overdue ? ["! Overdue"] : []
        if let due = card.dueDate {
            if dateShown { parts.append(MonthName.due(due, card.dueTime, in: zone, today: today)) }
            else if let time = card.dueTime {
                // The time as it falls in the zone, as the full date-time would show it.
                let wall = LocalDateTime(date: due, time: time)
                parts.append((zone.map { LocalDateTime(instant: wall.instant(in: $0), in: $0).time } ?? time).description)
            }
        }
        if card.priority > 0 { parts.append("P\(card.priority)") }
        if card.checklistTotal > 0 { parts.append("\(card.checklistDone)/\(card.checklistTotal)") }
        if !card.labels.isEmpty { parts.append(LabelChip.text(card.labels)) }
        return parts.joined(separator: " · ")
    }

    /// "Exception · From Template: Morning": the Exception chip first, so a narrow column never cuts it.
    static func chips(_ card: CardSummary, templateTitle: String?) -> String {
        guard card.isOccurrence else { return "" }
        return (card.exceptions.isEmpty ? "" : "Exception · ") + "From Template: \(templateTitle ?? "?")"
    }

    /// "Reminder: Call the bank at 9:00 (and 2 more) │ ": what came due in the last hour, ahead of the status line.
    static func reminders(_ due: [Reminder]) -> String {
        guard let latest = due.last else { return "" }
        let more = due.count > 1 ? " (and \(due.count - 1) more)" : ""
        return "Reminder: \(latest.title) at \(latest.due.time.display)\(more) │ "
    }

    /// The status line: the focused card in full words, for screen readers and for people who don't read chips.
    static func described(_ card: CardSummary, bucket: Bucket, templateTitle: String?, overdue: Bool = false, zone: TimeZone? = nil,
                          today: LocalDate) -> String {
        var parts: [String] = []
        if card.isOccurrence {
            parts.append("Occurrence of \(templateTitle ?? "a template")")
            if bucket != .routines { parts.append("in \(bucket.title)") }
        } else {
            parts.append("\(card.title) in \(bucket.title)")
        }
        if let due = card.dueDate { parts.append(MonthName.due(due, card.dueTime, in: zone, today: today)) }
        if card.isOccurrence && templateTitle != card.title { parts.append("titled \(card.title)") }
        if card.priority > 0 { parts.append("priority \(card.priority)") }
        if card.checklistTotal > 0 { parts.append("\(card.checklistDone) of \(card.checklistTotal) steps done") }
        if !card.labels.isEmpty { parts.append("labels " + card.labels.joined(separator: ", ")) }
        if !card.exceptions.isEmpty { parts.append("exceptions: " + card.exceptions.map(\.rawValue).joined(separator: ", ")) }
        parts.append(card.isCompleted ? "done" : overdue ? "open, overdue" : "open")
        return parts.joined(separator: ", ")
    }

    /// One template field of a card, as the detail shows it.
    static func value(of field: CardField, _ card: CardSummary) -> String {
        switch field {
        case .title: card.title
        case .description: card.description.isEmpty ? "—" : card.description.split(separator: "\n").first.map(String.init) ?? ""
        case .labels: card.labels.isEmpty ? "—" : card.labels.joined(separator: ", ")
        case .checklist: card.checklistTotal == 0 ? "—" : "\(card.checklistDone) of \(card.checklistTotal) done"
        case .bucket: card.bucket.title
        case .time: card.dueTime?.description ?? "—"  // 08:15, as on the card and in the form
        case .priority: String(card.priority)
        case .duration: card.durationMin.map { "\($0) min" } ?? "—"
        }
    }
}
