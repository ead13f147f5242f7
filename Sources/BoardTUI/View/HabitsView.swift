import BoardModel

/// The Habits view: each habit with its last 14 days as marks (oldest first: `x` a daily habit's
/// day, a count for one with a target, bold where a day's target is met), where its target stands
/// ("2/3 today") and its streak, a cursor on one day; read from entries only.
func drawHabits(_ frame: inout Frame, _ state: BoardState, _ screen: HabitsScreen) {
    let w = min(state.width - 4, 80), h = state.height - 4
    let x0 = (state.width - w) / 2, y0 = 1
    clearBox(&frame, x: x0, y: y0, width: w, height: h)
    frame.put("Habits · last 14 days · streak", x: x0 + 2, y: y0 + 1, maxWidth: w - 4, style: .bold)
    let nameWidth = min(28, max(10, w - 4 - 2 - 28 - 26))
    var y = y0 + 3
    if let day = screen.focused?.days[screen.day] ?? screen.habits.first?.days[screen.day] {
        let label = day == state.snapshot.today ? "today" : MonthName.due(day, nil, today: state.snapshot.today)
        frame.put("Day under the cursor: \(label)", x: x0 + 2, y: y0 + 2, maxWidth: w - 4, style: .dim)
    }
    if screen.habits.isEmpty {
        frame.put("No habits yet: a adds one.", x: x0 + 4, y: y, maxWidth: w - 6, style: .dim)
    }
    // The weekday initials over the marks, so a day can be found without counting.
    if let days = screen.habits.first?.days {
        let initials = days.map { String($0.weekday.shortName.prefix(1)) }.joined(separator: " ")
        frame.put(initials, x: x0 + 4 + nameWidth + 2, y: y, style: .dim)
        y += 1
    }
    let height = h - 8
    let first = max(0, min(screen.cursor - height / 2, screen.habits.count - height))
    for (i, habit) in screen.habits.enumerated().dropFirst(first).prefix(height) {
        let focused = i == screen.cursor
        frame.put(focused ? "›" : " ", x: x0 + 2, y: y)
        frame.put(habit.name, x: x0 + 4, y: y, maxWidth: nameWidth, style: focused ? .bold : [])
        var x = x0 + 4 + nameWidth + 2
        for (d, n) in habit.entries.enumerated() {
            let mark = n == 0 ? "·" : habit.target == .daily ? "x" : n > 9 ? "+" : String(n)
            let style: CellStyle = n == 0 ? .dim : habit.target == .daily || habit.met[d] ? .bold : []
            frame.put(mark, x: x, y: y, style: focused && d == screen.day ? .reverse : style)
            if focused && d == screen.day { frame.cursor = (x, y) }
            x += 2
        }
        let streak = StatsWords.streak(habit.streak, habit.target.period)
        frame.put(habit.target == .daily ? streak : habit.standing + " · " + streak, x: x + 1, y: y, maxWidth: w - (x - x0) - 3)
        y += 1
    }
    if let input = screen.adding {
        frame.put("New habit: " + input.text, x: x0 + 2, y: y0 + h - 3, maxWidth: w - 4, style: .bold)
        frame.cursor = (x0 + 2 + DisplayWidth.of("New habit: ") + DisplayWidth.of(input.beforeCursor), y0 + h - 3)
    } else if let input = screen.targeting, let habit = screen.focused {
        let label = "Target of \(habit.name): "
        frame.put(label + input.text, x: x0 + 2, y: y0 + h - 3, maxWidth: w - 4, style: .bold)
        frame.cursor = (x0 + 2 + DisplayWidth.of(label) + DisplayWidth.of(input.beforeCursor), y0 + h - 3)
    } else if !state.runs.suggestions.isEmpty {
        let n = state.runs.suggestions.count
        frame.put("\(n) \(n == 1 ? "suggestion waits" : "suggestions wait") for an answer: Enter", x: x0 + 2, y: y0 + h - 3, maxWidth: w - 4, style: .bold)
    }
    let hints = screen.adding != nil ? "Enter adds · Esc cancels" : screen.targeting != nil ? "Enter sets it · Esc cancels"
        : state.keymap.bar(on: .habits, [
            ([.habits(.move(dx: 0, dy: -1)), .habits(.move(dx: 0, dy: 1))], "habit"),
            ([.habits(.move(dx: -1, dy: 0)), .habits(.move(dx: 1, dy: 0))], "day"), ([.habits(.toggleDay)], "checks in"),
            ([.habits(.takeBackOne)], "takes one back"),
            ([.habits(.add)], "add"), ([.habits(.undo)], "undo"), ([.habits(.leave)], "back"),
        ])
    frame.put(hints, x: x0 + 2, y: y0 + h - 2, maxWidth: w - 4, style: .dim)
}

/// The suggestion prompt, asked in the status line, one suggestion at a time.
func drawSuggestion(_ frame: inout Frame, _ state: BoardState) {
    guard let suggestion = state.runs.suggestions.first else { return }
    let statusY = state.height - 2
    frame.put(String(repeating: " ", count: state.width), x: 0, y: statusY)
    let text = suggestion.prompt(today: state.snapshot.today) + " y confirm · n dismiss · Esc later"
    frame.put(text, x: 0, y: statusY, style: .bold)
    frame.cursor = (min(state.width - 1, DisplayWidth.of(text)), statusY)
}
