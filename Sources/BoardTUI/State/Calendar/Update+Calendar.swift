import BoardModel
import BoardStore

/// The Calendar's keys (ARCHITECTURE.md §15): days, weeks and months move the focused day, `.` is
/// today, `g` goes to a date in words; Tab chooses an item of the day, and the board's keys act on
/// it. Acting on a planned run makes its occurrence first, in the same undoable intent.
func updateCalendar(_ state: inout BoardState, _ screen: inout CalendarScreen, _ action: Action) -> [Effect] {
    state.message = nil
    var effects = calendarKey(&state, &screen, action)
    if case .calendar = state.mode {
        screen.clampCursor()
        state.calendarDay = screen.day
        // Another day: its agenda is read before the frame is drawn, and another month's counts.
        if !screen.isLoaded { effects.append(.readCalendar(day: screen.day, counts: !screen.countsLoaded)) }
    }
    return effects
}

private func calendarKey(_ state: inout BoardState, _ screen: inout CalendarScreen, _ action: Action) -> [Effect] {
    var effects: [Effect] = []
    if var input = screen.goTo, input.handle(action) {
        screen.goTo = input
        screen.goToError = nil
        return effects
    }
    guard case .calendar(let action) = action else { return effects }
    let today = state.snapshot.today
    switch action {
    case .moveDay(let days):
        if let day = CalendarScreen.shownDay(screen.day.adding(days: days)) { screen.go(to: day) }
    case .moveMonth(let months):
        if let day = CalendarScreen.shownDay(screen.day.adding(months: months)) { screen.go(to: day) }
    case .today:
        screen.go(to: today)
    case .startGoTo:
        screen.goTo = TextField()
    case .cancelGoTo:
        screen.goTo = nil
        screen.goToError = nil
    case .confirmGoTo:
        do throws(BoardError) {
            // A calendar goes back as well as ahead: "nov 1" is the nearest Nov 1, "last monday" the one gone.
            let date = try DateWords.date(screen.goTo?.text ?? "", today: today, weekStart: screen.weekStart, field: "date", reach: .nearest)
            guard let day = CalendarScreen.shownDay(date) else { throw BoardError("date", "the calendar shows the years 2 to 9998") }
            screen.go(to: day)
            screen.goTo = nil
            screen.goToError = nil
        } catch {
            screen.goToError = "\(error)"
        }
    case .chooseItem(let step):
        let count = screen.dayItems.count
        if count > 0 { screen.cursor = (screen.cursor + step + count) % count }
    case .undo:
        effects.append(.undo)
    case .redo:
        effects.append(.redo)
    case .leave:
        state.mode = .normal
    case .open, .toggleDone, .delete, .skip, .moveCard:
        guard let item = screen.focusedItem else {
            state.message = "Nothing on \(MonthName.due(screen.day, nil, today: today)): ←→ and ↑↓ choose another day."
            return effects
        }
        effects += act(on: item, action, &state)
    }
    return effects
}

/// What a key does to the focused item: a card's or a run's effects are the board's own; a
/// planned run's make its occurrence in the same intent.
private func act(on item: AgendaItem, _ action: CalendarAction, _ state: inout BoardState) -> [Effect] {
    let columns = BoardState.columns
    if let owner = item.sharedBy {
        state.message = "\(item.title) is shared by \(owner): only \(owner) can change it."
        return []
    }
    switch (action, item.cardId, item.templateId) {
    case (.open(let edit), _, _):
        return [.showFromCalendar(item, edit: edit)]
    case (.toggleDone, let id?, _):
        return [.write(.toggleDone(cardId: id, completed: !item.isCompleted))]
    case (.toggleDone, nil, let template?):
        return [.write(.actOnPlannedRun(templateId: template, date: item.date, time: item.time, .complete))]
    case (.delete, let id?, _):
        state.message = "Deleted “\(item.title)”. \(state.key(.calendar(.undo), on: .calendar)) brings it back."
        return [.write(.delete(cardId: id))]
    case (.delete, nil, let template?), (.skip, nil, let template?):
        state.message = "Skipped “\(item.title)” on \(MonthName.due(item.date, nil, today: state.snapshot.today)). \(state.key(.calendar(.undo), on: .calendar)) brings it back."
        return [.write(.skipPlannedRun(templateId: template, date: item.date, time: item.time))]
    case (.skip, let id?, _?):
        // A made run's date is skipped by deleting it, as on the board.
        state.message = "Skipped “\(item.title)” on \(MonthName.due(item.date, nil, today: state.snapshot.today)). \(state.key(.calendar(.undo), on: .calendar)) brings it back."
        return [.write(.delete(cardId: id))]
    case (.skip, _, nil):
        state.message = "\(state.key(.calendar(.skip), on: .calendar)) skips a routine's run; “\(item.title)” is a card of its own (\(state.key(.calendar(.delete), on: .calendar)) deletes it)."
        return []
    case (.moveCard(let dx), _, _):
        let from = columns.firstIndex(of: item.bucket ?? .routines) ?? BoardState.routinesColumn
        let to = min(max(0, from + dx), columns.count - 1)
        guard to != from else {
            state.message = "“\(item.title)” is already in \(columns[from].title)."
            return []
        }
        if let id = item.cardId { return [.write(.move(cardId: id, bucket: columns[to], position: nil))] }
        guard let template = item.templateId else { return [] }
        return [.write(.actOnPlannedRun(templateId: template, date: item.date, time: item.time, .move(columns[to])))]
    default:
        return []
    }
}

extension CalendarScreen {
    /// `date` when the calendar can show its month (a grid needs the weeks around it), else nil.
    static func shownDay(_ date: LocalDate) -> LocalDate? {
        (LocalDate.minYear + 1...LocalDate.maxYear - 1).contains(date.year) ? date : nil
    }
}
