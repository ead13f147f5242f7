import BoardModel
import BoardStore

/// Draws the whole screen for a state: five columns, the Routines sections, the status
/// line and any overlay. Only visible cards are drawn.
public func view(_ state: BoardState) -> Frame {
    var frame = Frame(width: state.width, height: state.height)
    let layout = Layout(width: state.width, height: state.height)
    if layout.isTooSmall {
        let lines = ["Terminal too small", "\(state.width)×\(state.height); Board needs \(Layout.minWidth)×\(Layout.minHeight).", "Enlarge the window, or press q to quit."]
        for (i, line) in lines.enumerated() {
            frame.put(line, x: 0, y: state.height / 2 - 1 + i, style: i == 0 ? .bold : [])
        }
        frame.cursor = (0, max(0, state.height / 2 - 1))
        return frame
    }
    drawTitleBar(&frame, state)
    for column in BoardState.columns.indices { drawColumn(&frame, state, layout, column) }
    drawStatus(&frame, state, layout)
    switch state.mode {
    case .help(let scroll): drawHelp(&frame, state, scroll: scroll)
    case .detail(let field): drawDetail(&frame, state, field: field)
    case .editing(let form): drawForm(&frame, state, form)
    case .templateForm(let form): drawTemplateForm(&frame, state, form)
    case .propagation(let dialog): drawBox(&frame, state, lines: dialog.lines)
    case .checklist(let screen): drawChecklist(&frame, state, screen)
    case .habits(let screen): drawHabits(&frame, state, screen)
    case .suggestion(let habits):
        if let habits { drawHabits(&frame, state, habits) }
        drawSuggestion(&frame, state)
    default: break
    }
    return frame
}

private func drawTitleBar(_ frame: inout Frame, _ state: BoardState) {
    let date = state.snapshot.today
    var title = "Board · \(date.weekday.name), \(MonthName.short(date.month)) \(date.day), \(date.year)"
    if state.readOnly { title += " · READ-ONLY: the file can't be written; changes are refused" }
    if !state.filter.isEmpty { title += " · filter: “\(state.filter)” (Esc clears)" }
    frame.put(title, x: 0, y: 0, style: .bold)
}

private func drawColumn(_ frame: inout Frame, _ state: BoardState, _ layout: Layout, _ column: Int) {
    let x = layout.columnX(column), w = layout.width(of: column)
    let bucket = BoardState.columns[column]
    let cards = state.cards(in: column)
    let total = state.snapshot.columns[bucket]?.total ?? 0
    let count = cards.count == total ? "\(total)" : "\(cards.count) of \(total)"
    frame.put("\(bucket.title) (\(count))", x: x, y: 1, maxWidth: w, style: column == state.focus.column ? [.bold, .underline] : .bold)
    if column > 0 {
        for y in 1...layout.bodyBottom { frame.put("│", x: x - 1, y: y) }
    }
    if bucket == .routines { drawTemplates(&frame, state, layout, x: x, width: w) }
    let placed = layout.visible(state, column: column)
    for item in placed {
        let card = cards[item.row]
        if let day = item.dayHeader {
            let label = day.dayNumber < -1_000_000 ? "No date" : (day == state.snapshot.today ? "Today · " : "") + MonthName.due(day, nil, today: state.snapshot.today)
            frame.put(label, x: x, y: item.y - 1, maxWidth: w, style: .dim)
        }
        let focused = state.focusedTemplate == nil && column == state.focus.column && item.row == state.focus.row
        let marker = focused ? "›" : " "
        let style: CellStyle = card.isCompleted ? .dim : []
        frame.put(marker + CardText.title(card), x: x, y: item.y, maxWidth: w, style: style.union(focused ? .bold : []))
        let overdue = state.snapshot.isOverdue(card)
        frame.put("  " + CardText.details(card, overdue: overdue, zone: state.snapshot.zone, today: state.snapshot.today), x: x, y: item.y + 1, maxWidth: w, style: overdue ? .bold : .dim)
        if card.isOccurrence {
            frame.put("  " + CardText.chips(card, templateTitle: state.snapshot.templateTitles[card.templateId!]), x: x, y: item.y + 2, maxWidth: w)
        }
        if focused {
            for line in 0..<Layout.height(of: card) { frame.style(x: x, y: item.y + line, width: w, .reverse) }
            frame.cursor = (x, item.y)
        }
    }
    let hiddenAbove = state.scroll[column], shown = placed.last.map { $0.row + 1 } ?? state.scroll[column]
    if hiddenAbove > 0 { frame.put("↑ \(hiddenAbove) more", x: x + max(0, w - 12), y: layout.cardsTop(state, column: column) - (bucket == .routines ? 1 : 0), maxWidth: 12, style: .dim) }
    if shown < cards.count { frame.put("↓ \(cards.count - shown) more", x: x, y: layout.bodyBottom, maxWidth: w, style: .dim) }
    if cards.isEmpty && bucket != .routines {
        frame.put(state.activeQuery.isEmpty ? "  (empty; a adds)" : "  (no match)", x: x, y: layout.bodyTop, maxWidth: w, style: .dim)
    }
}

private func drawTemplates(_ frame: inout Frame, _ state: BoardState, _ layout: Layout, x: Int, width w: Int) {
    let lines = layout.templateLines(state)
    var y = layout.bodyTop
    if lines > 0 {
        let archived = state.snapshot.templates.count - state.templates.count
        let header = archived > 0 ? "Templates (+\(archived) archived: z)" : state.showArchived ? "Templates (z hides archived)" : "Templates"
        frame.put(header, x: x, y: y, maxWidth: w, style: [.bold, .underline])
        y += 1
        let fits = max(1, (lines - 2) / 2)
        let first = max(0, (state.templateFocus ?? 0) - fits + 1)
        for template in state.templates.dropFirst(first) where y + 1 < layout.bodyTop + lines {
            let remaining = template.remaining.map { " · \($0) left" } ?? ""
            let focused = state.focusedTemplate?.id == template.id
            frame.put((focused ? "›" : "") + "\(template.title) · \(template.status.rawValue)\(remaining)", x: x, y: y, maxWidth: w, style: focused ? .bold : [])
            let next = !template.scheduled ? "Enter opens today's list"
                : template.status == .paused ? "paused: no new runs"
                : template.nextRun.map { "next " + MonthName.due($0, template.time, today: state.snapshot.today) } ?? "no run in 7 days"
            frame.put("  \(template.summary) · \(next)", x: x, y: y + 1, maxWidth: w, style: .dim)
            if focused {
                frame.style(x: x, y: y, width: w, .reverse)
                frame.style(x: x, y: y + 1, width: w, .reverse)
                frame.cursor = (x, y)
            }
            y += 2
        }
    }
    frame.put("Upcoming", x: x, y: layout.cardsTop(state, column: BoardState.columns.count - 1) - 1, maxWidth: w, style: [.bold, .underline])
}

private func drawStatus(_ frame: inout Frame, _ state: BoardState, _ layout: Layout) {
    let statusY = state.height - 2, hintsY = state.height - 1
    switch state.mode {
    case .adding(let input):
        // The prompt sits in the focused column, where the card will appear.
        let column = state.focus.column
        let x = layout.columnX(column), w = layout.width(of: column)
        let y = layout.cardsTop(state, column: column)
        let shown = "+ " + input.text
        frame.put(String(repeating: " ", count: w), x: x, y: y)
        let visible = DisplayWidth.of(shown) < w ? shown : "+ …" + String(input.text.suffix(max(1, w - 4)))
        frame.put(visible, x: x, y: y, maxWidth: w, style: [.bold, .underline])
        // At the text field's cursor: what is shown, less what stands after the cursor.
        let afterCursor = DisplayWidth.of(input.text.dropFirst(input.cursor))
        frame.cursor = (x + max(2, min(w - 1, DisplayWidth.of(visible) - afterCursor)), y)
        frame.put("Adding to \(BoardState.columns[column].title): type the title", x: 0, y: statusY)
        frame.put(state.message ?? "Enter adds · Esc cancels", x: 0, y: hintsY, style: .dim)
        return
    case .searching(let input):
        frame.put("/" + input.text, x: 0, y: statusY, style: .bold)
        frame.cursor = (min(state.width - 1, 1 + DisplayWidth.of(input.beforeCursor)), statusY)
        frame.put(state.message ?? "Type to filter every column · Enter keeps the filter · n/N next/previous match · Esc clears", x: 0, y: hintsY, style: .dim)
        return
    default:
        break
    }
    switch state.mode {
    case .checklist(let screen):
        frame.put(state.message ?? checklistStatus(screen), x: 0, y: statusY)
        frame.put("Esc back to the board · ? help after Esc", x: 0, y: hintsY, style: .dim)
        return
    case .habits(let screen):
        let habit = screen.focused.map {
            "Habit \($0.name)\($0.description.isEmpty ? "" : " (\($0.description))"), streak \($0.streak) \($0.streak == 1 ? "day" : "days")"
        } ?? "No habits yet"
        frame.put(state.message ?? habit, x: 0, y: statusY)
        frame.put("Esc back to the board", x: 0, y: hintsY, style: .dim)
        return
    default:
        break
    }
    let described: String
    if let template = state.focusedTemplate {
        let remaining = template.remaining.map { ", \($0) left" } ?? ""
        described = template.scheduled
            ? "Template \(template.title), \(template.status.rawValue)\(remaining), \(template.summary). e edit · p pause/resume · s skip next · c duplicate · A archive · t new"
            : "Checklist \(template.title), no schedule. Enter opens today's list · S starts a run · e edit · c duplicate · A archive"
    } else if let card = state.focusedCard {
        described = CardText.described(card, bucket: BoardState.columns[state.focus.column],
                                       templateTitle: card.templateId.flatMap { state.snapshot.templateTitles[$0] },
                                       overdue: state.snapshot.isOverdue(card), zone: state.snapshot.zone,
                                       today: state.snapshot.today)
    } else {
        described = "\(BoardState.columns[state.focus.column].title) is empty."
    }
    frame.put(state.message ?? CardText.reminders(state.snapshot.dueReminders) + described, x: 0, y: statusY)
    frame.put("? help · q quit · ←↓↑→ move · H/L move card · J/K reorder · a add · e edit · Enter open · x done · d delete · u undo · / search",
              x: 0, y: hintsY, style: .dim)
}

private func drawBox(_ frame: inout Frame, _ state: BoardState, lines: [String], cursorLine: Int? = nil) {
    let w = min(state.width - 4, max(40, lines.map { DisplayWidth.of($0) }.max()! + 4))
    let h = min(state.height - 2, lines.count + 2)
    let x0 = (state.width - w) / 2, y0 = max(0, (state.height - h) / 2)
    clearBox(&frame, x: x0, y: y0, width: w, height: h)
    for (i, line) in lines.prefix(h - 2).enumerated() {
        frame.put(line, x: x0 + 2, y: y0 + 1 + i, maxWidth: w - 4, style: i == 0 ? .bold : [])
    }
    frame.cursor = (x0 + 2, y0 + 1 + (cursorLine ?? 0))
}

/// Every key, from the key-binding tables, in a box over the board that scrolls with ↑↓ when it
/// is taller than the screen; "↑ more" / "↓ more" say that lines are out of sight.
private func drawHelp(_ frame: inout Frame, _ state: BoardState, scroll: Int) {
    let all = KeyBindings.helpLines
    let room = max(1, state.height - 2 - 2 - 2)  // the box's border, the title and the last hint line
    let first = max(0, min(scroll, all.count - room))
    var lines = ["Keys" + (first > 0 ? "  ↑ more" : "")] + all.dropFirst(first).prefix(room)
    lines.append(first + room < all.count ? "↓ more · ↑↓ scroll · any other key closes" : "Any other key closes.")
    drawBox(&frame, state, lines: lines)
}

private func drawDetail(_ frame: inout Frame, _ state: BoardState, field: Int) {
    guard let card = state.focusedCard else { return }
    if card.isOccurrence { return drawOccurrenceDetail(&frame, state, card, field: field) }
    let template = card.templateId.flatMap { state.snapshot.templateTitles[$0] }
    var lines = [card.title, ""]
    lines.append("Bucket:      \(card.bucket.title)")
    lines.append("Due:         \(card.dueDate.map { MonthName.due($0, card.dueTime, in: state.snapshot.zone, today: state.snapshot.today) } ?? "—")")
    lines.append("Priority:    \(card.priority)")
    lines.append("Duration:    \(card.durationMin.map { "\($0) min" } ?? "—")")
    lines.append("Labels:      \(card.labels.isEmpty ? "—" : card.labels.joined(separator: ", "))")
    lines.append("Checklist:   \(card.checklistTotal == 0 ? "—" : "\(card.checklistDone) of \(card.checklistTotal) done")")
    lines.append("Status:      \(card.isCompleted ? "done" : "open")")
    if let template { lines.append("Template:    \(template)") }
    if !card.exceptions.isEmpty {
        lines.append("Customized:  \(card.exceptions.map(\.rawValue).joined(separator: ", "))")
        lines.append("             Field customized. Reapply template? (board reapply)")
    }
    if !card.description.isEmpty { lines += ["", card.description] }
    lines += ["", "Esc closes · e edits"]
    drawBox(&frame, state, lines: lines)
}

private func drawForm(_ frame: inout Frame, _ state: BoardState, _ form: CardForm) {
    var lines = ["Edit card", ""]
    for (i, name) in CardForm.fields.enumerated() {
        let marker = i == form.field ? "›" : " "
        lines.append("\(marker) \(name.padding(toLength: 12, withPad: " ", startingAt: 0)) \(form.values[i])")
    }
    lines.append("")
    lines.append(form.error.map { "⚠ \($0)" } ?? "Tab/↓ next field · Enter saves · Esc cancels")
    drawBox(&frame, state, lines: lines, cursorLine: 2 + form.field)
    if var cursor = frame.cursor {
        cursor.x += 15 + DisplayWidth.of(form.inputs[form.field].beforeCursor)
        frame.cursor = cursor
    }
}

/// An occurrence's detail: every template field with its value, the customized ones marked, and
/// the per-field actions (ARCHITECTURE.md §4).
private func drawOccurrenceDetail(_ frame: inout Frame, _ state: BoardState, _ card: CardSummary, field: Int) {
    let template = card.templateId.flatMap { state.snapshot.templateTitles[$0] } ?? "?"
    var lines = [card.title, "Occurrence of \(template) · \(card.occurrenceDate.map { MonthName.due($0, nil, today: state.snapshot.today) } ?? "")"
                 + " · \(card.isCompleted ? "done" : "open")", ""]
    for (i, f) in CardField.allCases.enumerated() {
        let marker = i == field ? "›" : " "
        let customized = card.exceptions.contains(f)
        lines.append("\(marker) \(f.label.padding(toLength: 12, withPad: " ", startingAt: 0)) \(CardText.value(of: f, card))\(customized ? "  ✎ customized" : "")")
        if customized && i == field { lines.append("    Field customized. Reapply template? r resets this field") }
    }
    lines.append("")
    lines.append(card.exceptions.isEmpty
        ? "Follows its template. m makes the field an exception (frozen as it is)."
        : "Customized: \(card.exceptions.map(\.label).joined(separator: ", ")) · R reapplies all")
    lines.append("↑↓ field · r reset field · m make exception · R reapply all · T view template · e edit · Esc closes")
    let cursorLine = 3 + field
    drawBox(&frame, state, lines: lines, cursorLine: cursorLine)
}
