import BoardModel
import BoardStore

/// Draws the whole screen for a state: five columns, the Routines sections, the status
/// line and any overlay. Only visible cards are drawn.
public func view(_ state: BoardState) -> Frame {
    var frame = Frame(width: state.width, height: state.height)
    let layout = Layout(state)
    if layout.isTooSmall {
        let lines = ["Terminal too small", "\(state.width)×\(state.height); Board needs \(Layout.minWidth)×\(Layout.minHeight).", "Enlarge the window, or press q to quit."]
        for (i, line) in lines.enumerated() {
            frame.put(line, x: 0, y: state.height / 2 - 1 + i, style: i == 0 ? .bold : [])
        }
        frame.cursor = (0, max(0, state.height / 2 - 1))
        return frame
    }
    drawTitleBar(&frame, state)
    // The Calendar covers the columns: they are not drawn under it.
    let covered = if case .calendar = state.mode { true } else { false }
    if !covered { for column in BoardState.columns.indices { drawColumn(&frame, state, layout, column) } }
    drawStatus(&frame, state, layout)
    drawMode(&frame, state, state.mode)
    return frame
}

/// What the mode shows over the columns; the help, over the screen it was asked from.
private func drawMode(_ frame: inout Frame, _ state: BoardState, _ mode: Mode) {
    switch mode {
    case .help(let scroll, let under):
        drawMode(&frame, state, under)
        frame.cursor = nil  // the form's cursor is under the box
        drawHelp(&frame, state, scroll: scroll)
    case .detail(let field): drawDetail(&frame, state, field: field)
    case .editing(let form): drawForm(&frame, state, form)
    case .templateForm(let form): drawTemplateForm(&frame, state, form)
    case .propagation(let dialog): drawBox(&frame, state, lines: dialog.lines(state.keymap))
    case .checklist(let screen): drawChecklist(&frame, state, screen)
    case .habits(let screen): drawHabits(&frame, state, screen)
    case .stats(let screen): drawStats(&frame, state, screen)
    case .calendar(let screen): drawCalendar(&frame, state, screen)
    case .suggestion(let habits):
        if let habits { drawHabits(&frame, state, habits) }
        drawSuggestion(&frame, state)
    default: break
    }
}

private func drawTitleBar(_ frame: inout Frame, _ state: BoardState) {
    let date = state.snapshot.today
    var title = "Board · \(date.weekday.name), \(MonthName.short(date.month)) \(date.day), \(date.year)"
    if state.readOnly { title += " · READ-ONLY: the file can't be written; changes are refused" }
    if let banner = state.banner { title += " · " + banner }
    if !state.filter.isEmpty { title += " · filter: “\(state.filter)” (Esc clears)" }
    frame.put(title, x: 0, y: 0, style: .bold)
}

private func drawColumn(_ frame: inout Frame, _ state: BoardState, _ layout: Layout, _ column: Int) {
    let x = layout.columnX(column), w = layout.width(of: column)
    let bucket = BoardState.columns[column]
    let cards = state.cards(in: column)
    frame.put(Layout.header(state, column: column, width: w), x: x, y: 1, maxWidth: w, style: column == state.focus.column ? [.bold, .underline] : .bold,
              role: .header)
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
        let focused = showsFocus(state) && state.focusedTemplate == nil && column == state.focus.column && item.row == state.focus.row
        let overdue = state.snapshot.isOverdue(card)
        let parts = Layout.lines(of: card, width: w, overdue: overdue, zone: state.snapshot.zone, today: state.snapshot.today,
                                 templateTitle: card.templateId.flatMap { state.snapshot.templateTitles[$0] }, dayHeaded: bucket == .routines)
        let lines = parts.title + parts.rest
        for (i, line) in lines.enumerated() {
            let isTitle = i < parts.title.count, isChips = card.isOccurrence && i == lines.count - 1
            let titleStyle: CellStyle = (card.isCompleted ? CellStyle.dim : []).union(focused ? .bold : [])
            let style: CellStyle = isTitle ? titleStyle : isChips ? [] : overdue ? .bold : .dim
            let role: StyleRole? = isTitle ? nil : isChips ? (card.exceptions.isEmpty ? .chip : .exception) : overdue ? .overdue : nil
            frame.put((i == 0 && focused ? "›" : " ") + line, x: x, y: item.y + i, maxWidth: w, style: style, role: role)
            // A done card's title is struck through, as a done step's is; its box is not.
            if isTitle, card.isCompleted {
                // The box ("[x] ") or the indent before the text is ASCII, a cell a character.
                let text = i == 0 ? line.dropFirst(4) : line.drop { $0 == " " }
                let start = x + 1 + (line.count - text.count)
                frame.style(x: start, y: item.y + i, width: min(DisplayWidth.of(String(text)), x + w - start), .strike)
                frame.role(x: start, y: item.y + i, width: min(DisplayWidth.of(String(text)), x + w - start), .done)
            }
        }
        if focused {
            for line in 0..<item.height { frame.style(x: x, y: item.y + line, width: w, .reverse) }
            frame.cursor = (x, item.y)
        }
    }
    let hiddenAbove = state.scroll[column], shown = placed.last.map { $0.row + 1 } ?? state.scroll[column]
    if hiddenAbove > 0 {
        let earlier = bucket == .routines && hiddenAbove == state.upcomingEarlier
        frame.put(earlier ? "↑ \(hiddenAbove) earlier · k shows them" : "↑ \(hiddenAbove) more", x: x, y: layout.cardsTop(state, column: column), maxWidth: w, style: .dim)
    }
    if shown < cards.count { frame.put("↓ \(cards.count - shown) more", x: x, y: layout.bodyBottom, maxWidth: w, style: .dim) }
    var below = placed.last.map { $0.y + $0.height } ?? layout.cardsTop(state, column: column)
    if cards.isEmpty {
        let empty = !state.activeQuery.isEmpty ? "(no match)"
            : bucket != .routines ? "(empty; a adds a card)"
            : state.templates.isEmpty ? "(no routines yet; t makes a template)"
            : state.snapshot.sharedRuns.isEmpty ? "(nothing in the next 7 days)" : "(nothing of yours in the next 7 days)"
        // A column too narrow to say it in a line says "(empty)".
        let said = DisplayWidth.of(empty) <= w - 1 || !state.activeQuery.isEmpty ? empty
            : bucket != .routines ? "(empty)" : state.templates.isEmpty ? "(no routines)" : "(nothing soon)"
        for (i, line) in DisplayWidth.wrap(said, to: w - 1).enumerated() {
            frame.put(" " + line, x: x, y: layout.cardsTop(state, column: column) + i, maxWidth: w, style: .dim)
            below += 1
        }
    }
    if bucket == .routines, shown == cards.count, state.activeQuery.isEmpty { drawSharedRuns(&frame, state, layout, x: x, width: w, from: below + 1) }
}

/// The runs of routines others share, under the person's own Upcoming, as far as the column has
/// room: read-only, never focused (ARCHITECTURE.md §18).
private func drawSharedRuns(_ frame: inout Frame, _ state: BoardState, _ layout: Layout, x: Int, width w: Int, from top: Int) {
    let runs = state.snapshot.sharedRuns
    guard !runs.isEmpty, top < layout.bodyBottom else { return }
    let owners = Dictionary(state.snapshot.templates.compactMap { row in row.sharedBy.map { (row.id, $0) } }, uniquingKeysWith: { a, _ in a })
    frame.put("Shared with you", x: x, y: top, maxWidth: w, style: [.bold, .underline])
    for (i, run) in runs.enumerated() where top + 1 + i <= layout.bodyBottom {
        let when = MonthName.due(run.date, run.time, today: state.snapshot.today)
        frame.put(" \(run.completed ? "[x]" : "[ ]") \(run.title) · \(when) · \(owners[run.routineId] ?? "")'s", x: x, y: top + 1 + i, maxWidth: w,
                  style: run.completed ? .dim : [])
    }
}

/// Whether the board's own focus is drawn: not under a box or a screen of its own, whose focus is
/// then the only one on screen.
private func showsFocus(_ state: BoardState) -> Bool {
    switch state.mode {
    case .normal, .adding, .searching: true
    default: false
    }
}

private func drawTemplates(_ frame: inout Frame, _ state: BoardState, _ layout: Layout, x: Int, width w: Int) {
    let lines = layout.templateLines(state)
    let upcomingY = layout.cardsTop(state, column: BoardState.routinesColumn) - 1
    if lines > 0 && !state.templates.isEmpty {
        let templates = state.templates
        let archived = state.snapshot.templates.count - state.templates.count
        let fits = max(1, (lines - 2) / 2)
        let first = max(0, (state.templateFocus ?? 0) - fits + 1)
        let shown = templates[first..<min(templates.count, first + fits)]
        var header = archived > 0 && state.activeQuery.isEmpty ? "Templates (+\(archived) archived: z)" : state.showArchived ? "Templates (z hides archived)" : "Templates"
        if first > 0 { header += " ↑ \(first) more" }
        frame.put(header, x: x, y: layout.bodyTop, maxWidth: w, style: [.bold, .underline])
        var y = layout.bodyTop + 1
        for template in shown {
            let remaining = template.remaining.map { " · \($0) left" } ?? ""
            let focused = showsFocus(state) && state.focusedTemplate?.id == template.id
            let chip = template.sharedBy.map { " · Shared by \($0)" } ?? ""
            frame.put((focused ? "›" : "") + "\(template.title) · \(template.status.rawValue)\(remaining)\(chip)", x: x, y: y, maxWidth: w, style: focused ? .bold : [])
            let next = !template.scheduled ? "Enter opens today's list"
                : template.sharedBy != nil ? template.nextRun.map { "next " + MonthName.due($0, template.time, today: state.snapshot.today) + ", \(template.sharedBy!)'s run" } ?? "no run this week"
                : template.status == .paused ? "no new runs until \(state.key(.pauseResume)) resumes it"
                : template.status == .draft ? "\(state.key(.pauseResume)) starts it"
                : template.nextRun.map { "next " + MonthName.due($0, template.time, today: state.snapshot.today) } ?? "ended"
            frame.put("  \(template.summary) · \(next)", x: x, y: y + 1, maxWidth: w, style: .dim)
            if focused {
                frame.style(x: x, y: y, width: w, .reverse)
                frame.style(x: x, y: y + 1, width: w, .reverse)
                frame.cursor = (x, y)
            }
            y += 2
        }
        if shown.endIndex < templates.count { frame.put("↓ \(templates.count - shown.endIndex) more", x: x, y: upcomingY - 1, maxWidth: w, style: .dim) }
    } else if !state.activeQuery.isEmpty && !state.snapshot.templates.isEmpty {
        frame.put("Templates (no match)", x: x, y: layout.bodyTop, maxWidth: w, style: .dim)
    }
    frame.put("Upcoming", x: x, y: upcomingY, maxWidth: w, style: [.bold, .underline])
}

private func drawStatus(_ frame: inout Frame, _ state: BoardState, _ layout: Layout) {
    let statusY = state.height - 2, hintsY = state.height - 1
    switch state.mode {
    case .adding(let input):
        // The prompt sits where the card will appear: under the focused column's last card.
        let column = state.focus.column
        let x = layout.columnX(column), w = layout.width(of: column)
        let y = min(layout.endOfCards(state, column: column), layout.bodyBottom)
        frame.put(String(repeating: " ", count: w), x: x, y: y)
        let shown = input.visible(in: w - 2)
        frame.put("+ " + shown.text, x: x, y: y, maxWidth: w, style: [.bold, .underline])
        frame.cursor = (x + 2 + shown.cursorX, y)
        frame.put("Adding to \(BoardState.columns[column].title): type the title", x: 0, y: statusY)
        frame.put(state.message ?? "Enter adds · Esc cancels", x: 0, y: hintsY, style: .dim)
        return
    case .searching(let input, _):
        let shown = input.visible(in: state.width - 1)
        frame.put("/" + shown.text, x: 0, y: statusY, style: .bold)
        frame.cursor = (1 + shown.cursorX, statusY)
        frame.put(state.message ?? "Type to filter every column · Enter keeps the filter · n/N next/previous match · Esc clears", x: 0, y: hintsY, style: .dim)
        return
    default:
        break
    }
    switch state.mode {
    case .checklist(let screen):
        frame.put(state.message ?? checklistStatus(screen), x: 0, y: statusY)
        frame.put(state.keymap.bar(on: .checklist, [([.checklist(.leave)], "back to the board"), ([.help], "help")]), x: 0, y: hintsY, style: .dim)
        return
    case .habits(let screen):
        let habit = screen.focused.map {
            "Habit \($0.name)\($0.description.isEmpty ? "" : " (\($0.description))"), "
                + ($0.target == .daily ? "" : "\($0.target.summary), \($0.standing), ") + "streak " + StatsWords.streak($0.streak, $0.target.period)
        } ?? "No habits yet"
        frame.put(state.message ?? habit, x: 0, y: statusY)
        frame.put(state.keymap.bar(on: .habits, [([.habits(.leave)], "back to the board"), ([.help], "help")]), x: 0, y: hintsY, style: .dim)
        return
    default:
        break
    }
    for (i, line) in (layout.status ?? []).enumerated() {
        frame.put(line, x: 0, y: statusY - layout.statusLines + 1 + i)
    }
    // The screen's last cell can't be written: the hints stop one short.
    frame.put(DisplayWidth.list(keyHints(state), fitting: state.width - 1), x: 0, y: hintsY, style: .dim, role: .keyHint)
}

/// The key bar: the keys of the screen on top, never the board's under a form or a box, and only
/// those that work where the focus is (a plain card's detail has no template to reset from).
func keyHints(_ state: BoardState) -> [String] {
    switch state.mode {
    case .editing: ["Tab/↓ next field", "Shift-Tab/↑ previous", "Enter saves", "Esc cancels", "Ctrl-U clears to the start", "F1 help"]
    case .templateForm:
        state.keymap.barEntries(on: .form, [([.form(.nextRow(1))], "next row")])
            + ["Space/" + (state.keymap.bar([.form(.sideways(-1)), .form(.sideways(1))], on: .form, "cycle a choice") ?? "cycle a choice")]
            + state.keymap.barEntries(on: .form, [([.form(.confirm)], "on a save row saves"), ([.form(.removeStep)], "removes a step"),
                                                  ([.form(.leave)], "leaves")]) + ["F1 help"]
    case .propagation(let dialog):
        state.keymap.barEntries(on: .dialog, [([.dialog(.apply)], "applies")]
            + (dialog.overdue > 0 ? [([.dialog(.toggleOverdue)], "also updates the overdue")] : []) + [([.dialog(.cancel)], "back to the form")])
    case .detail:
        state.focusedCard?.isOccurrence == true
            ? state.keymap.barEntries(on: .detail, [([.moveFocus(dx: 0, dy: -1), .moveFocus(dx: 0, dy: 1)], "field"), ([.reapplyField], "reset field"),
                                                    ([.makeException], "make exception"), ([.reapplyAll], "reapply all"), ([.startEdit], "edit"),
                                                    ([.viewTemplate], "template"), ([.escape], "closes")])
            : state.keymap.barEntries(on: .detail, [([.moveFocus(dx: 0, dy: -1), .moveFocus(dx: 0, dy: 1)], "scroll"), ([.startEdit], "edit"),
                                                    ([.escape], "closes")])
    case .help: ["↑↓ scroll", "PgUp/PgDn a page", "Home/End, g/G first/last", "any other key closes"]
    case .calendar(let screen): calendarKeyHints(state, screen)
    case .suggestion:
        state.keymap.barEntries(on: .suggestion, [([.suggestion(.confirm)], "confirm"), ([.suggestion(.dismiss)], "dismiss"), ([.suggestion(.later)], "later")])
    // The most used, whole in 120 columns, by the keys in force; ? lists the rest (H/L and J/K move cards).
    // On a template row done and delete don't apply, and on another person's routine neither does edit.
    default: [(Action.help, "help"), (.startAdd, "add"), (.startEdit, "edit"), (.openDetail, "open"), (.toggleDone, "done"),
              (.delete, "delete"), (.undo, "undo"), (.startSearch, "search"), (.newTemplate, "template"), (.openCalendar, "calendar"),
              (.quit, "quit")].filter { action, _ in
                  guard let template = state.focusedTemplate else { return true }
                  return action != .toggleDone && action != .delete && (template.sharedBy == nil || action != .startEdit)
              }.compactMap { action, word in state.keymap.hintKey(for: action).map { "\($0) \(word)" } }
    }
}

private func drawBox(_ frame: inout Frame, _ state: BoardState, lines: [String], cursorLine: Int? = nil) {
    Box(lines, screenWidth: state.width, screenHeight: state.height).draw(&frame, cursorLine: cursorLine)
}

/// Every key, from the key-binding tables, in a box that scrolls with ↑↓ when it is taller than the screen.
func helpBox(_ state: BoardState) -> Box {
    Box(["Keys"] + KeyBindings.helpLines(state.keymap) + ["", "↑↓ scroll · any other key closes"],
        screenWidth: state.width, screenHeight: state.height)
}

private func drawHelp(_ frame: inout Frame, _ state: BoardState, scroll: Int) {
    helpBox(state).draw(&frame, scroll: scroll)
}

/// A card's detail, title and description wrapped in full; ↑↓ scroll it when it is taller than
/// the screen. An occurrence's detail lists its template fields instead (see below).
func detailBox(_ state: BoardState) -> Box? {
    guard let card = state.focusedCard, !card.isOccurrence else { return nil }
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
    if !card.description.isEmpty { lines += [""] + card.description.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
    lines += ["", "Esc closes · e edits · ↑↓ scroll"]
    return Box(lines, screenWidth: state.width, screenHeight: state.height)
}

private func drawDetail(_ frame: inout Frame, _ state: BoardState, field: Int) {
    guard let card = state.focusedCard else { return }
    if card.isOccurrence { return drawOccurrenceDetail(&frame, state, card, field: field) }
    detailBox(state)?.draw(&frame, scroll: field)
}

/// The card form: each wrong field's problem under its row, as in the template editor.
private func drawForm(_ frame: inout Frame, _ state: BoardState, _ form: CardForm) {
    var lines = ["Edit card", ""]
    var cursorLine = 0
    for row in CardForm.Row.allCases {
        let focused = row == form.field, name = row.label
        if focused { cursorLine = lines.count }
        // The focused value is drawn below, scrolled to its cursor; the others wrap in the box.
        lines.append("\(focused ? "›" : " ") \(name.padding(toLength: 12, withPad: " ", startingAt: 0)) \(focused ? "" : form[row])")
        if let problem = form.errors[row] { lines.append("    ⚠ \(name): \(problem)") }
        else if row == .due, let hint = form.dueHint(now: state.snapshot.now, weekStart: state.config.weekStart ?? .monday) {
            lines.append("    \(hint)")
        }
    }
    lines.append("")
    lines.append(form.confirmingDiscard ? Question.drop
        : form.error.map { "⚠ \($0)" } ?? (form.errors.isEmpty ? "Tab/↓ next field · Enter saves · Esc cancels"
        : "Fix the marked \(form.errors.count == 1 ? "field" : "fields"), then Enter saves · Esc cancels"))
    let box = Box(lines, screenWidth: state.width, screenHeight: state.height)
    guard let y = box.draw(&frame, cursorLine: cursorLine) else { return }
    // The field's value, scrolled so the cursor stays in view.
    let input = form.focusedInput, x = box.x + 2 + 15, room = box.width - 4 - 15
    frame.put(String(repeating: " ", count: max(0, room)), x: x, y: y)
    let shown = input.visible(in: room)
    frame.put(shown.text, x: x, y: y, maxWidth: room, style: input.isSelected ? [.bold, .reverse] : .bold)
    frame.cursor = (x + shown.cursorX, y)
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
    // A completed occurrence is never changed by a template edit (ARCHITECTURE.md §4): it keeps
    // what it was when done, and says so rather than claim to follow its template.
    if card.isCompleted {
        lines.append("Completed: it keeps its values as they were when done; later edits of its template don't change it."
            + (card.exceptions.isEmpty ? "" : " Customized: \(card.exceptions.map(\.label).joined(separator: ", "))."))
    } else {
        lines.append(card.exceptions.isEmpty
            ? "Follows its template. m makes the field an exception (frozen as it is)."
            : "Customized: \(card.exceptions.map(\.label).joined(separator: ", ")) · R reapplies all")
    }
    lines.append("↑↓ field · r reset field · m make exception · R reapply all · T view template · e edit · Esc closes")
    let cursorLine = 3 + field
    drawBox(&frame, state, lines: lines, cursorLine: cursorLine)
}
