import BoardModel

/// The Calendar (ARCHITECTURE.md §15): the month grid on the left, each day its number and its
/// count in digits ("·" for none), today in brackets and the focused day reversed; on the right the
/// focused day's agenda, planned runs said in words. Nothing is told by colour alone.
func drawCalendar(_ frame: inout Frame, _ state: BoardState, _ screen: CalendarScreen) {
    let w = min(state.width - 4, 120), h = state.height - 4
    let x0 = (state.width - w) / 2, y0 = 1
    clearBox(&frame, x: x0, y: y0, width: w, height: h)
    let today = state.snapshot.today, grid = screen.grid
    frame.put("Calendar · \(grid.title)", x: x0 + 2, y: y0 + 1, maxWidth: w - 4, style: .bold)
    let gridX = x0 + 2, cell = 5
    for (i, head) in grid.weekdayHeads.enumerated() { frame.put(" " + head, x: gridX + i * cell, y: y0 + 3, style: .dim) }
    for row in 0..<MonthGrid.rows {
        for column in 0..<7 {
            let date = grid.start.adding(days: row * 7 + column)
            let x = gridX + column * cell, y = y0 + 4 + row * 2
            let number = date.day < 10 ? " \(date.day)" : "\(date.day)"
            let count = screen.count(on: date)
            let style: CellStyle = date == screen.day ? .reverse : date.month == grid.first.month ? [] : .dim
            // Today in brackets, the focused day between arrows: both read without the reverse video.
            let marked = date == today ? "[\(number)]" : date == screen.day ? "›\(number)‹" : " \(number) "
            frame.put(marked, x: x, y: y, style: date == today ? style.union(.bold) : style, role: date == today ? .today : nil)
            frame.put(count == 0 ? "  · " : count < 10 ? "  \(count) " : count < 100 ? " \(count) " : " 99+", x: x, y: y + 1,
                      style: date == screen.day ? .reverse : .dim)
            if date == screen.day { frame.cursor = (x + 1, y) }
        }
    }
    let day = today.day < 10 ? " \(today.day)" : "\(today.day)"
    frame.put("[\(day)] today · digits: items that day", x: gridX, y: y0 + 4 + MonthGrid.rows * 2, maxWidth: 7 * cell, style: .dim)
    drawDayAgenda(&frame, screen, today: today, x: gridX + 7 * cell + 3, y: y0 + 3, width: w - (7 * cell + 7), height: h - 6)
    if let input = screen.goTo {
        let prompt = "Go to (friday, last monday, dec 3, in 2 weeks): "
        frame.put(prompt + input.text, x: x0 + 2, y: y0 + h - 2, maxWidth: w - 4, style: .bold)
        frame.cursor = (x0 + 2 + DisplayWidth.of(prompt) + DisplayWidth.of(input.beforeCursor), y0 + h - 2)
        if let error = screen.goToError {
            frame.put("⚠ " + error + " (Esc cancels)", x: x0 + 2, y: y0 + h - 3, maxWidth: w - 4, style: .bold, role: .error)
        }
    }
}

/// The Calendar's key bar, the screen's only one (the board's is not under it): the keys in force,
/// the most used first, so at 80 columns what is cut is what `?` lists.
func calendarKeyHints(_ state: BoardState, _ screen: CalendarScreen) -> [String] {
    guard screen.goTo == nil else { return ["Enter goes", "Esc cancels", "Ctrl-U clears"] }
    return state.keymap.barEntries(on: .calendar, [
        ([.help], "help"), ([.calendar(.moveDay(-1)), .calendar(.moveDay(1))], "day"), ([.calendar(.moveDay(-7)), .calendar(.moveDay(7))], "week"),
        ([.calendar(.moveMonth(-1)), .calendar(.moveMonth(1))], "month"), ([.calendar(.today)], "today"), ([.calendar(.startGoTo)], "go to"),
        ([.calendar(.chooseItem(1))], "item"), ([.calendar(.toggleDone)], "done"), ([.calendar(.open(edit: false))], "open"),
        ([.calendar(.leave)], "back"), ([.calendar(.open(edit: true))], "edit"), ([.calendar(.delete)], "delete"), ([.calendar(.skip)], "skip"),
        ([.calendar(.moveCard(-1)), .calendar(.moveCard(1))], "move"),
    ])
}

/// The focused day's items: time, state, title, and what each is in words.
private func drawDayAgenda(_ frame: inout Frame, _ screen: CalendarScreen, today: LocalDate, x: Int, y: Int, width: Int, height: Int) {
    let items = screen.dayItems
    let n = items.count
    var head = MonthName.due(screen.day, nil, today: today) + (screen.day == today ? " · today" : "")
    head += n == 0 ? " · nothing" : " · \(n) \(n == 1 ? "item" : "items")"
    frame.put(head, x: x, y: y, maxWidth: width, style: .bold)
    let rows = max(1, height - 2)
    let first = max(0, min(screen.cursor - rows / 2, n - rows))
    for (i, item) in items.enumerated().dropFirst(first).prefix(rows) {
        let line = y + 2 + i - first, focused = i == screen.cursor
        let state = item.kind == .planned ? "( )" : item.isCompleted ? "[x]" : "[ ]"
        let what = switch item.kind {
        case .planned: "planned run"
        case .run: item.bucket == .routines || item.bucket == nil ? "run" : "run · \(item.bucket!.title)"
        case .card: item.bucket?.title ?? ""
        case .shared: "shared by \(item.sharedBy ?? "")"
        }
        frame.put(focused ? "›" : " ", x: x, y: line, style: .bold)
        let text = "\(item.time?.description ?? "     ") \(state) \(item.title) · \(what)"
        frame.put(text, x: x + 2, y: line, maxWidth: width - 2, style: focused ? .bold : item.isCompleted ? .dim : [],
                  role: item.kind == .planned ? .planned : item.isCompleted ? .done : nil)
    }
    if n == 0 { frame.put("Nothing on this day.", x: x + 2, y: y + 2, maxWidth: width - 2, style: .dim) }
}
