import BoardModel

/// The template editor over the board: its rows on the left, inline errors under their rows,
/// the live preview of the next 7 occurrences on the right.
func drawTemplateForm(_ frame: inout Frame, _ state: BoardState, _ form: TemplateForm) {
    let w = min(state.width - 2, 112), h = state.height - 2
    let x0 = (state.width - w) / 2, y0 = 1
    clearBox(&frame, x: x0, y: y0, width: w, height: h)
    // Inside the border: the rows (left), " │ ", the preview; neither reaches the border.
    let previewWidth = min(34, (w - 4) / 3)
    let left = w - 4 - 3 - previewWidth
    let title = form.templateId == nil ? "New template" : "Edit template" + (form.status.map { " (\($0.rawValue))" } ?? "")
    frame.put(title, x: x0 + 2, y: y0 + 1, maxWidth: left, style: .bold)

    // The rows, with the focused one kept in view.
    var lines: [(text: String, style: CellStyle, row: TemplateForm.Row?, cursorX: Int?)] = []
    for row in form.rows {
        let focused = row == form.focus
        for (i, text) in TemplateFormText.lines(of: row, in: form).enumerated() {
            let label = i > 0 ? "" : row == .addStep && form.fields.steps.isEmpty ? "Checklist" : TemplateFormText.label(row)
            let marker = focused && i == 0 ? "›" : " "
            let prefix = "\(marker) \(label.padding(toLength: 13, withPad: " ", startingAt: 0))"
            lines.append((prefix + text, focused ? .bold : (form.isFocusable(row) ? [] : .dim), i == 0 ? row : nil, nil))
        }
        if focused, TemplateForm.isText(row) {
            // At the end of what is typed: the last line of a description, after "+ Add step: ".
            // After the typed text: not after a step's habit link.
            let link = { if case .step(let i) = row { form.habitName(ofStep: i).map { "  → habit: \($0)" } } else { nil } }() ?? ""
            // Back from the end by what stands after the text field's cursor (on its last line).
            let after = form.input.text.dropFirst(form.input.cursor)
            let afterWidth = after.contains("\n") ? 0 : DisplayWidth.of(after)
            lines[lines.count - 1].cursorX = DisplayWidth.of(lines[lines.count - 1].text) - DisplayWidth.of(link) - afterWidth
        }
        if let error = form.errors[row] {
            lines += DisplayWidth.wrap("⚠ " + error, to: max(10, left - 4)).map { ("    " + $0, CellStyle.bold, nil, nil) }
        }
        if row == .phrase, !form.phraseFeedback.isEmpty { lines.append(("    " + form.phraseFeedback, .dim, nil, nil)) }
    }
    // Rows between "↑ more" (the line under the title) and "↓ more" (the line under the rows).
    let bodyTop = y0 + 3, bodyHeight = h - 7
    let focusLine = lines.firstIndex { $0.row == form.focus } ?? 0
    let first = max(0, min(focusLine - bodyHeight / 2, lines.count - bodyHeight))
    for (i, line) in lines.dropFirst(first).prefix(bodyHeight).enumerated() {
        let y = bodyTop + i
        if let cx = line.cursorX {
            // The value scrolls to keep the cursor in view; the label stays.
            let label = 15, value = String(line.text.dropFirst(label))
            var field = TextField(value, cursor: DisplayWidth.characters(in: value, fitting: cx - label))
            if form.input.isSelected { field.selectAll() }
            let shown = field.visible(in: left - label)
            frame.put(String(line.text.prefix(label)), x: x0 + 2, y: y, style: line.style)
            frame.put(shown.text, x: x0 + 2 + label, y: y, maxWidth: left - label, style: line.style.union(form.input.isSelected ? .reverse : []))
            frame.cursor = (x0 + 2 + label + shown.cursorX, y)
            continue
        }
        frame.put(line.text, x: x0 + 2, y: y, maxWidth: left, style: line.style)
        if line.row == form.focus, case .save = form.focus { frame.style(x: x0 + 2, y: y, width: min(left, DisplayWidth.of(line.text)), .reverse) }
        if line.row == form.focus, !TemplateForm.isText(form.focus) { frame.cursor = (x0 + 2, y) }
    }
    if first > 0 { frame.put("↑ more", x: x0 + 2, y: bodyTop - 1, style: .dim) }
    if lines.count > first + bodyHeight { frame.put("↓ more", x: x0 + 2, y: bodyTop + bodyHeight, style: .dim) }

    // Preview: as many lines as fit above the hints, the last one "…" when some don't.
    let px = x0 + 2 + left + 3, previewTop = y0 + 3, previewRoom = max(1, h - 8)
    for y in (y0 + 1)..<(y0 + h - 4) { frame.put("│", x: px - 2, y: y, style: .dim) }
    frame.put("Preview · \(state.snapshot.zoneName)", x: px, y: y0 + 1, maxWidth: previewWidth, style: .bold)
    var preview: [(String, CellStyle)] = []
    switch form.fields.repeats == .none ? .failure(FormErrors(rows: [:])) : form.preview {
    case .failure where form.fields.repeats == .none:
        preview = DisplayWidth.wrap("No schedule: no occurrences. Enter on it opens today's list, fresh every day.", to: previewWidth).map { ($0, .dim) }
    case .success(let schedule):
        let runs = form.previewRuns(schedule)
        if let note = form.startNote(schedule) { preview += DisplayWidth.wrap(note, to: previewWidth).map { ($0, .dim) } }
        if runs.isEmpty { preview.append(("No occurrence from today", .dim)) }
        preview += runs.map { (MonthName.due($0.date, schedule.times == nil ? nil : $0.time, today: form.today), []) }
        if schedule.rule.anchor == .completion { preview += [("", []), ("then each after completion", .dim)] }
    case .failure(let errors):
        // Before a save has marked the fields, say what is wrong here rather than point at marks.
        let unmarked = form.rows.first { errors.rows[$0] != nil }.map { "\(TemplateFormText.label($0)): \(errors.rows[$0]!)" }
        let why = !form.errors.isEmpty ? "Fix the marked fields to see the next occurrences."
            : unmarked.map { "Nothing to preview until this is fixed: \($0)" } ?? "Complete the schedule to see the next occurrences."
        preview = DisplayWidth.wrap(why, to: previewWidth).map { ($0, .dim) }
    }
    for (i, line) in preview.prefix(previewRoom).enumerated() {
        let cut = i == previewRoom - 1 && preview.count > previewRoom
        frame.put(cut ? "…" : line.0, x: px, y: previewTop + i, maxWidth: previewWidth, style: line.1)
    }

    let hints = form.confirmingDiscard
        ? Question.drop
        : "Tab/↑↓ fields · Space/←→ choose · Enter next, adds a step or saves · Ctrl-D removes a step · Ctrl-G links a habit · Esc leaves"
    // Two lines at the bottom of the box, wrapped rather than cut.
    let hintLines = DisplayWidth.wrap(hints, to: w - 4)
    for (i, line) in hintLines.prefix(2).enumerated() {
        let text = i == 1 && hintLines.count > 2 ? line + " " + hintLines[2...].joined(separator: " ") : line
        frame.put(text, x: x0 + 2, y: y0 + h - 3 + i, maxWidth: w - 4, style: form.confirmingDiscard ? .bold : .dim)
    }
    if form.confirmingDiscard { frame.cursor = (x0 + 2, y0 + h - 3) }
}

/// The words of the template form's rows.
enum TemplateFormText {
    static func label(_ row: TemplateForm.Row) -> String {
        switch row {
        case .title: "Title"
        case .description: "Description"
        case .labels: "Labels"
        case .step(let i): i == 0 ? "Checklist" : ""
        case .addStep: ""
        case .bucket: "Bucket"
        case .time: "Time"
        case .priority: "Priority"
        case .duration: "Duration"
        case .repeats: "Repeat"
        case .interval: "Every"
        case .weekdays: "Days"
        case .monthDay: "Day"
        case .ordinal: "Which"
        case .weekday: "Weekday"
        case .phrase: "In words"
        case .starts: "Starts on"
        case .ending: "Ends"
        case .endDate: "Ends on"
        case .endCount: "After"
        case .save: ""
        }
    }

    /// The row's value, over several lines for a description.
    static func lines(of row: TemplateForm.Row, in form: TemplateForm) -> [String] {
        let f = form.fields
        let fromPhrase = form.phraseSettings
        switch row {
        case .time where fromPhrase.time != nil: return ["\(fromPhrase.time!.description) — from the phrase"]
        case .starts where fromPhrase.start != nil: return ["\(fromPhrase.start!.iso) — from the phrase"]
        case .ending where fromPhrase.end != nil:
            switch fromPhrase.end! {
            case .count(let n): return ["after \(n) \(n == 1 ? "time" : "times") — from the phrase"]
            case .until(let date, _): return ["on \(date.iso) — from the phrase"]
            case .never: return ["never"]
            }
        case .description:
            let lines = f.description.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            return lines.isEmpty ? [""] : lines
        case .step(let i): return ["\(i + 1). " + form.text(of: row) + (form.habitName(ofStep: i).map { "  → habit: \($0)" } ?? "")]
        case .addStep:
            return f.steps.count >= TemplateForm.maxSteps
                ? ["\(TemplateForm.maxSteps) of \(TemplateForm.maxSteps) steps — limit reached"]
                : ["+ Add step: " + f.newStep]
        case .bucket: return ["Routines (fixed)"]
        case .priority: return [form.focus == .priority ? f.priority : f.priority + "  (0 none … 3 high)"]
        case .duration: return [form.focus == .duration || !f.duration.isEmpty ? f.duration + (form.focus == .duration ? "" : " min") : "—"]
        case .time: return [form.focus == .time || !f.time.isEmpty ? f.time : "— (all day)"]
        case .repeats: return [form.repeatChoices.count == 1 ? "\(f.repeats.rawValue) (fixed)" : "‹ \(f.repeats.rawValue) ›"]
        case .interval: return [f.interval + (form.focus == .interval ? "" : f.repeats == .afterCompletion ? " days after completion" : " weeks")]
        case .weekdays:
            return [Weekday.allCases.map { day in
                let mark = f.weekdays.contains(day) ? "x" : " "
                let cursor = form.focus == .weekdays && form.weekdayCursor == day
                return (cursor ? ">" : "") + "\(day.shortName.prefix(2))[\(mark)]"
            }.joined(separator: " ")]
        case .monthDay: return [f.monthDay + (form.focus == .monthDay ? "" : " (1–31 or last)")]
        case .ordinal: return ["‹ \(TemplateForm.ordinals.first { $0.0 == f.ordinal }?.1 ?? "First") ›"]
        case .weekday: return ["‹ \(f.weekday.name) ›"]
        case .ending: return ["‹ \(f.ending.rawValue) ›"]
        case .save(let save): return ["[ \(save.rawValue) ]"]
        default: return [form.text(of: row)]
        }
    }
}

/// Blanks a box and draws its border.
func clearBox(_ frame: inout Frame, x x0: Int, y y0: Int, width w: Int, height h: Int) {
    for y in y0..<(y0 + h) { frame.put(String(repeating: " ", count: w), x: x0, y: y) }
    frame.put("┌" + String(repeating: "─", count: w - 2) + "┐", x: x0, y: y0)
    frame.put("└" + String(repeating: "─", count: w - 2) + "┘", x: x0, y: y0 + h - 1)
    for y in (y0 + 1)..<(y0 + h - 1) {
        frame.put("│", x: x0, y: y)
        frame.put("│", x: x0 + w - 1, y: y)
    }
}
