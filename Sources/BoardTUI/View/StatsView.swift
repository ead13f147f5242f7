import BoardModel

/// The Stats view (ARCHITECTURE.md §12): a row per template (an adherence bar with its percentage,
/// a strip of weekly completion, what was customised most) and per habit (streaks, a strip of
/// weekly check-ins); below, the focused row's details — a template's exceptions as a bar list,
/// a habit's heatmap of the counted weeks — and, at the bottom, the focused row in words.
func drawStats(_ frame: inout Frame, _ state: BoardState, _ screen: StatsScreen) {
    let layout = StatsLayout(state, screen)
    let x = layout.x, w = layout.innerWidth
    // The box ends a row short of the screen: the screen's last cell can't be written, the keys go below it.
    clearBox(&frame, x: 0, y: 1, width: state.width, height: state.height - 2)
    let weeks = screen.stats.weeks
    frame.put("Stats · last \(weeks.starts.count) weeks (\(MonthName.short(weeks.first.month)) \(weeks.first.day) – \(MonthName.short(weeks.today.month)) \(weeks.today.day)) · computed on this machine only",
              x: x, y: 2, maxWidth: w, style: .bold)
    // The list: template rows, a "Habits" heading, habit rows; scrolled to keep the cursor in view.
    // When not every line fits, the list's last row says "↓ more".
    let lines = layout.listLines
    let rows = lines.count > layout.listHeight ? layout.listHeight - 1 : layout.listHeight
    let first = max(0, min(layout.line(ofRow: screen.cursor) - rows / 2, lines.count - rows))
    // The header leaves room at its end for "↑ more"; the strips' column is labelled with its first and last week.
    frame.put("  " + pad("Template", layout.nameWidth) + "  " + pad("Adherence", layout.barWidth + 5) + "  " + pad(layout.weekLabels(weeks), layout.stripWidth) + "  Customised most",
              x: x, y: 3, maxWidth: first > 0 ? w - 7 : w, style: .dim)

    for (offset, line) in lines.enumerated().dropFirst(first).prefix(rows) {
        let y = 4 + offset - first
        switch line {
        case .heading(let text): frame.put(text, x: x, y: y, maxWidth: w, style: .bold)
        case .row(let row):
            let focused = row == screen.cursor
            frame.put(focused ? "›" : " ", x: x, y: y, style: .bold)
            drawRow(&frame, layout, screen.row(row), x: x + 2, y: y, right: x + w, focused: focused)
        }
    }
    if first > 0 { frame.put("↑ more", x: x + w - 6, y: 3, style: .dim) }
    if first + rows < lines.count { frame.put("↓ more", x: x + 2, y: 4 + rows, style: .dim) }

    // The focused row's details, in the rows the layout gives them (none on a short screen).
    var y = 4 + layout.listHeight + 1
    switch layout.detailRows > 0 ? screen.focused : nil {
    case .template(let s):
        frame.put("Customised fields · " + s.title, x: x, y: y, maxWidth: w, style: .bold)
        y += 1
        let top = StatsWords.orderedExceptions(s).prefix(max(0, layout.detailRows - 3))
        if top.isEmpty, layout.detailRows >= 3 { frame.put("No field customised.", x: x + 2, y: y, maxWidth: w - 2, style: .dim); y += 1 }
        let most = top.first?.count ?? 1
        for (field, count) in top {
            frame.put(pad(field, 11) + Charts.bar(Double(count) / Double(most), width: min(20, w - 20)) + " \(count)", x: x + 2, y: y, maxWidth: w - 2)
            y += 1
        }
        var counts = "generated \(s.generated) · completed \(s.completed) · skipped \(s.skipped) · deleted \(s.deleted) · open \(s.open) · paused \(s.pauses) · resumed \(s.resumes)"
        if let left = s.remainingByWeek?.last { counts += " · \(left) left" }
        frame.put(counts, x: x + 2, y: y, maxWidth: w - 2, style: .dim)
    case .habit(let h):
        drawHeatmap(&frame, layout, h, weeks: weeks, weekStart: state.config.weekStart ?? .monday, x: x, y: y)
    case nil:
        if screen.focused == nil, layout.detailRows > 0 {
            frame.put("No templates or habits yet: t makes a routine template, g opens the Habits view.", x: x, y: y, maxWidth: w, style: .dim)
        }
    }

    // The focused row in words, and the keys.
    for (i, line) in layout.words.enumerated() {
        frame.put(line, x: x, y: state.height - 2 - layout.words.count + i, maxWidth: w)
    }
    frame.put(String(repeating: " ", count: state.width - 1), x: 0, y: state.height - 1)
    let bar = state.keymap.bar(on: .stats, [
        ([.stats(.move(dy: -1)), .stats(.move(dy: 1))], "choose"), ([.stats(.open)], "open"), ([.stats(.leave)], "back"), ([.help], "help"),
    ])
    frame.put(state.message ?? bar, x: 0, y: state.height - 1, maxWidth: state.width - 1, style: .dim)
}

/// One row of the list, from `x` up to (not including) `right`.
private func drawRow(_ frame: inout Frame, _ layout: StatsLayout, _ row: StatsScreen.Row, x: Int, y: Int, right: Int, focused: Bool) {
    let style: CellStyle = focused ? .bold : []
    var cx = x
    switch row {
    case .template(let s):
        frame.put(s.title, x: cx, y: y, maxWidth: layout.nameWidth, style: style)
        cx += layout.nameWidth + 2
        frame.put(Charts.bar(s.adherence ?? 0, width: layout.barWidth), x: cx, y: y)
        frame.put(s.adherence.map { pad(StatsDefinitions.percent($0), 4, left: true) } ?? "   –", x: cx + layout.barWidth + 1, y: y)
        cx += layout.barWidth + 5 + 2
        frame.put(layout.strip(s.completionByWeek), x: cx, y: y)
        cx += layout.stripWidth + 2
        let most = StatsWords.orderedExceptions(s).prefix(2).map { "\($0.field) \($0.count)" }.joined(separator: ", ")
        frame.put(most.isEmpty ? "none" : most, x: cx, y: y, maxWidth: max(0, right - cx), style: .dim)
    case .habit(let h):
        frame.put(h.name, x: cx, y: y, maxWidth: layout.nameWidth, style: style)
        cx += layout.nameWidth + 2
        frame.put("streak \(h.currentStreak) · best \(h.longestStreak)", x: cx, y: y, maxWidth: layout.barWidth + 5)
        cx += layout.barWidth + 5 + 2
        // The strip counts met periods (a daily habit's: its days checked in).
        let most = max(1, h.metByWeek.max() ?? 1)
        frame.put(layout.strip(h.metByWeek.map { Double($0) / Double(most) }), x: cx, y: y)
        cx += layout.stripWidth + 2
        let total = h.checkinsByWeek.reduce(0, +)
        frame.put("\(total) check-\(total == 1 ? "in" : "ins")", x: cx, y: y, maxWidth: max(0, right - cx), style: .dim)
    }
}

/// One column per counted week, one row per weekday (initials down the side), month names above;
/// `█` a day with a check-in, `·` one without, blank after today.
private func drawHeatmap(_ frame: inout Frame, _ layout: StatsLayout, _ h: HabitStats, weeks: StatsWeeks, weekStart: Weekday, x: Int, y: Int) {
    frame.put("Check-ins · " + h.name, x: x, y: y, maxWidth: layout.innerWidth, style: .bold)
    guard layout.detailRows >= 9 else { return }
    let left = x + 2, cells = left + 2, cell = layout.cellWidth
    var lastMonth = 0
    for (w, start) in weeks.starts.enumerated() {
        // A month is named over the first week holding its 1st (or over the first week shown).
        let month = start.adding(days: 6).month
        if month != lastMonth {
            frame.put(MonthName.short(month), x: cells + w * cell, y: y + 1, style: .dim)
            lastMonth = month
        }
    }
    for row in 0..<7 {
        let weekday = Weekday(rawValue: (weekStart.rawValue + row) % 7)!
        frame.put(String(weekday.name.prefix(1)), x: left, y: y + 2 + row, style: .dim)
        for (w, start) in weeks.starts.enumerated() {
            let day = start.adding(days: row)
            guard day <= weeks.today else { continue }
            let checked = h.days.contains(day)
            frame.put(String(Charts.cell(checked ? 1 : 0)), x: cells + w * cell, y: y + 2 + row, style: checked ? .bold : .dim)
        }
    }
    let side = cells + weeks.starts.count * cell + 2  // past the box when the weeks don't leave room: notes are then cut
    let notes = ["streak " + StatsWords.streak(h.currentStreak, h.target.period), "longest " + StatsWords.streak(h.longestStreak, h.target.period),
                 "\(h.checkinsByWeek.reduce(0, +)) in \(weeks.starts.count) weeks", "█ checked in · none"]
    for (i, note) in notes.enumerated() where side < x + layout.innerWidth {
        frame.put(note, x: side, y: y + 2 + i, maxWidth: x + layout.innerWidth - side, style: i == 3 ? .dim : [])
    }
}

private func pad(_ text: String, _ width: Int, left: Bool = false) -> String {
    let fitted = DisplayWidth.truncate(text, to: width)
    let space = String(repeating: " ", count: max(0, width - DisplayWidth.of(fitted)))
    return left ? space + fitted : fitted + space
}

/// Where the Stats view puts things at a size: the list gets what the details and the words leave.
struct StatsLayout {
    enum Line: Hashable { case heading(String), row(Int) }

    let x = 2
    let innerWidth: Int
    let nameWidth: Int
    let barWidth: Int
    let cellWidth: Int
    /// A week's width in the strips: one cell, or the heatmap's where there is room.
    let stripWidth: Int
    let words: [String]
    /// The rows under the list the focused row's details get (0: none fit).
    let detailRows: Int
    let listHeight: Int
    let listLines: [Line]

    init(_ state: BoardState, _ screen: StatsScreen) {
        innerWidth = state.width - 4
        nameWidth = min(30, max(12, innerWidth / 4 - 2))
        let weeks = screen.stats.weeks.starts.count
        cellWidth = state.width >= 120 && weeks * 3 + 30 <= innerWidth ? 3 : 2
        stripWidth = weeks * (state.width >= 120 ? 2 : 1)
        barWidth = max(8, min(40, innerWidth - 2 - nameWidth - 2 - 5 - 2 - stripWidth - 2 - 16))
        var lines = screen.stats.templates.indices.map { Line.row($0) }
        if !screen.stats.habits.isEmpty {
            lines.append(.heading("Habits"))
            lines += screen.stats.habits.indices.map { Line.row(screen.stats.templates.count + $0) }
        }
        listLines = lines
        // Inside the box: rows 2–3 title and header, then the list, a blank and the details, and the
        // words, above the border (height - 2). The list and one line of words come first; the
        // details take what is left, or nothing.
        let available = state.height - 6
        let wrapped = DisplayWidth.wrap(screen.words(state.keymap), to: innerWidth)
        let detailHeight: Int
        switch screen.focused {
        case .template(let s): detailHeight = 3 + min(6, max(1, s.exceptions.count))
        case .habit: detailHeight = 9
        case nil: detailHeight = 1
        }
        let wordLines = min(wrapped.count, 4)
        let list = max(2, min(lines.count, available - wordLines - 1 - detailHeight))
        let wordRoom = max(1, min(wordLines, available - list))
        words = wrapped.count > wordRoom ? Array(wrapped.prefix(wordRoom - 1)) + [wrapped[(wordRoom - 1)...].joined(separator: " ")] : wrapped
        listHeight = min(list, max(1, available - words.count))
        let left = available - listHeight - words.count - 1
        detailRows = left >= 2 ? min(detailHeight, left) : 0
    }

    /// How many weeks the view counts at a width: twelve, and more where the strips have room.
    static func weeks(width: Int) -> Int {
        let inner = width - 4, name = min(30, max(12, inner / 4 - 2))
        let room = inner - 2 - name - 2 - (20 + 5) - 2 - 2 - 16
        return min(52, max(12, room / (width >= 120 ? 2 : 1)))
    }

    /// The strips' column heading: its first week's start and its last's, as far as they fit.
    func weekLabels(_ weeks: StatsWeeks) -> String {
        let from = "\(MonthName.short(weeks.first.month)) \(weeks.first.day)"
        let last = weeks.starts.last ?? weeks.today
        let to = "\(MonthName.short(last.month)) \(last.day)"
        let gap = stripWidth - DisplayWidth.of(from) - DisplayWidth.of(to)
        return gap >= 2 ? from + String(repeating: " ", count: gap) + to : "Weeks"
    }

    func line(ofRow row: Int) -> Int { listLines.firstIndex(of: .row(row)) ?? 0 }

    /// A strip with each week `stripWidth / weeks` cells wide.
    func strip(_ values: [Double?]) -> String {
        let each = values.isEmpty ? 1 : stripWidth / values.count
        return String(Charts.strip(values).flatMap { String(repeating: $0, count: each) })
    }
}
