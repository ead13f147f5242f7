import BoardModel

/// One line of the checklist widget: the first line of a step carries its box, the lines a long
/// step wraps onto sit under its text (top-aligned).
struct ChecklistLine: Hashable {
    enum Kind: Hashable { case step(Int), addRow, limit }
    let kind: Kind
    let text: String
    let style: CellStyle
    let isFirst: Bool
}

/// The checklist widget (ARCHITECTURE.md §5): `[ ]`/`[x]` then the step's text wrapped to `width`, done steps
/// dimmed and struck through (the `[x]` always there), a habit link after its step; in editing,
/// the Add step row or "10 of 10 steps — limit reached".
enum ChecklistWidget {
    /// `now`: the timed step to do next on today's list is marked "← next" (ARCHITECTURE.md §5).
    static func lines(_ screen: ChecklistScreen, width: Int, now: LocalDateTime? = nil) -> [ChecklistLine] {
        var lines: [ChecklistLine] = []
        let textWidth = max(8, width - 6)
        let next = now.flatMap { screen.checklist.nextTimedStep(at: $0) }
        for (i, step) in screen.checklist.steps.enumerated() {
            let text = step.text + (step.habitName.map { " → \($0)" } ?? "") + (step.reminds ? " (reminds)" : "") + (i == next ? " ← next" : "")
            for (n, part) in DisplayWidth.wrap(text, to: textWidth).enumerated() {
                let box = n == 0 ? (step.done ? "[x] " : "[ ] ") : "    "
                lines.append(ChecklistLine(kind: .step(i), text: box + part, style: step.done ? [.dim] : [], isFirst: n == 0))
            }
        }
        if screen.editing {
            if screen.checklist.isFull {
                lines.append(ChecklistLine(kind: .limit, text: "\(Checklist.maxSteps) of \(Checklist.maxSteps) steps — limit reached", style: .dim, isFirst: true))
            } else {
                lines.append(ChecklistLine(kind: .addRow, text: "+ Add step: " + screen.newStep.text, style: [], isFirst: true))
            }
        }
        return lines
    }
}

/// The checklist over the board: its title and day, the widget with the cursor, the run in
/// progress, and the keys of the moment.
func drawChecklist(_ frame: inout Frame, _ state: BoardState, _ screen: ChecklistScreen) {
    let c = screen.checklist
    let w = min(state.width - 4, 76)
    let inner = w - 4
    let lines = ChecklistWidget.lines(screen, width: inner, now: state.snapshot.now)
    let h = min(state.height - 4, max(12, lines.count + 8))
    let x0 = (state.width - w) / 2, y0 = 1
    clearBox(&frame, x: x0, y: y0, width: w, height: h)
    var heading = c.title
    if case .routine(_, let day) = c.owner { heading += " · " + (day == state.snapshot.today ? "today" : MonthName.due(day, nil, today: state.snapshot.today)) }
    heading += " · \(c.doneCount) of \(c.steps.count) done"
    frame.put(heading, x: x0 + 2, y: y0 + 1, maxWidth: w - 4, style: .bold)
    if let id = screen.executionId, let run = state.runs.executions.first(where: { $0.id == id }) {
        frame.put("Running since \(run.startedAt.time) · F finish · X discard", x: x0 + 2, y: y0 + 2, maxWidth: w - 4, style: .dim)
    } else if case .routine = c.owner {
        frame.put("A fresh list every day; ticks never count as a habit.", x: x0 + 2, y: y0 + 2, maxWidth: w - 4, style: .dim)
    }

    let top = y0 + 4, height = h - 7
    let focusedKind: ChecklistLine.Kind = screen.isOnAddRow ? .addRow : screen.isOnLimitRow ? .limit : .step(screen.cursor)
    let focusLine = lines.firstIndex { $0.kind == focusedKind } ?? 0
    let first = max(0, min(focusLine - height / 2, lines.count - height))
    if c.steps.isEmpty && !screen.editing {
        frame.put("No steps yet: e adds some.", x: x0 + 4, y: top, maxWidth: inner - 2, style: .dim)
    }
    for (i, line) in lines.dropFirst(first).prefix(height).enumerated() {
        let focused = line.kind == focusedKind && line.isFirst
        let y = top + i
        frame.put(focused ? "›" : " ", x: x0 + 2, y: y)
        if line.isFirst, case .step = line.kind {
            // The box keeps its full contrast; the text is dimmed and struck once done.
            frame.put(String(line.text.prefix(4)), x: x0 + 4, y: y, style: focused ? .bold : [])
            let textStyle: CellStyle = line.style.contains(.dim) ? [.dim, .strike] : (focused ? .bold : [])
            frame.put(String(line.text.dropFirst(4)), x: x0 + 8, y: y, maxWidth: inner - 6, style: textStyle)
        } else if case .step = line.kind {
            frame.put(line.text, x: x0 + 4, y: y, maxWidth: inner - 2, style: line.style.contains(.dim) ? [.dim, .strike] : [])
        } else {
            frame.put(line.text, x: x0 + 4, y: y, maxWidth: inner - 2, style: focused ? .bold : line.style)
        }
        if focused {
            let addRowCursor = x0 + 4 + DisplayWidth.of("+ Add step: ") + DisplayWidth.of(screen.newStep.beforeCursor)
            frame.cursor = (line.kind == .addRow ? addRowCursor : x0 + 5, y)
        }
    }
    if lines.count > first + height { frame.put("↓ more", x: x0 + 4, y: top + height, style: .dim) }
    let remove = state.key(.checklist(.removeStep), on: .checklist)
    let hints = screen.editing
        ? (screen.isOnAddRow ? "Type a step, Enter adds it · ↑ steps · Esc stops editing"
            : screen.isOnLimitRow ? "The limit: ↑ then \(remove) removes a step · Esc stops editing"
            : "\(remove) removes the step · \(c.isFull ? "" : "↓ Add step · ")Esc stops editing")
        : state.keymap.bar(on: .checklist, [
            ([.checklist(.tick)], "tick"), ([.checklist(.toggleEditing)], "edit steps"),
            screen.executionId == nil ? ([.checklist(.startRun)], "start a run") : ([.checklist(.finishRun)], "finish"),
            ([.checklist(.undo)], "undo"), ([.checklist(.leave)], "back"),
        ])
    frame.put(hints, x: x0 + 2, y: y0 + h - 2, maxWidth: w - 4, style: .dim)
}

/// The status line under a checklist, in words for screen readers: the step under the cursor.
func checklistStatus(_ screen: ChecklistScreen) -> String {
    let c = screen.checklist
    guard c.steps.indices.contains(screen.cursor) else {
        return screen.isOnAddRow ? "Checklist \(c.title): Add step, \(c.steps.count) of \(Checklist.maxSteps) steps"
            : screen.isOnLimitRow ? "Checklist \(c.title): \(Checklist.maxSteps) of \(Checklist.maxSteps) steps, the limit"
            : "Checklist \(c.title): no steps"
    }
    let step = c.steps[screen.cursor]
    return "Checklist \(c.title), step \(screen.cursor + 1) of \(c.steps.count): \(step.text), \(step.done ? "done" : "not done")"
        + (step.habitName.map { ", linked to habit \($0)" } ?? "")
}
