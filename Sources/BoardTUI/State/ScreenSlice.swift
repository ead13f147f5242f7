/// A screen the mode holds (the checklist, Habits, Stats, the Calendar): its update works on the
/// screen alone, which `BoardState.scope` takes out of the mode and puts back (ARCHITECTURE.md §6), so no
/// update copies its screen out of the state and writes it back by hand.
protocol ScreenSlice {
    /// The screen `mode` shows, when it shows one of this kind.
    static func slice(of mode: Mode) -> Self?
    /// The mode that shows this screen.
    var mode: Mode { get }
    /// Brings what a key may leave out of range (a cursor) back in range before the screen goes back.
    mutating func settle()
}

extension ScreenSlice {
    mutating func settle() {}
}

extension BoardState {
    /// Works on the screen the mode shows, when it shows one of `Screen`'s kind: the screen is
    /// taken out, changed with the rest of the state, settled and put back, unless the change left
    /// it for another mode. The one way an update or a report reaches a screen; nil when the mode
    /// shows none of that kind.
    @discardableResult
    mutating func scope<Screen: ScreenSlice, Result>(_: Screen.Type, _ change: (inout BoardState, inout Screen) -> Result) -> Result? {
        guard var screen = Screen.slice(of: mode) else { return nil }
        let result = change(&self, &screen)
        if Screen.slice(of: mode) != nil {
            screen.settle()
            mode = screen.mode
        }
        return result
    }
}

extension ChecklistScreen: ScreenSlice {
    static func slice(of mode: Mode) -> Self? { if case .checklist(let screen) = mode { screen } else { nil } }
    var mode: Mode { .checklist(self) }
    // The cursor is clamped on moves only: after adding a step it waits one row below the old
    // end, where the Add step row is once the runtime has read the new steps.
}

extension HabitsScreen: ScreenSlice {
    static func slice(of mode: Mode) -> Self? { if case .habits(let screen) = mode { screen } else { nil } }
    var mode: Mode { .habits(self) }
    mutating func settle() { clampCursor() }
}

extension StatsScreen: ScreenSlice {
    static func slice(of mode: Mode) -> Self? { if case .stats(let screen) = mode { screen } else { nil } }
    var mode: Mode { .stats(self) }
}

extension CalendarScreen: ScreenSlice {
    static func slice(of mode: Mode) -> Self? { if case .calendar(let screen) = mode { screen } else { nil } }
    var mode: Mode { .calendar(self) }
    mutating func settle() { clampCursor() }
}
