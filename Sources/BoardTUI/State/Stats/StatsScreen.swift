import BoardModel

/// The Stats view (`i`; ARCHITECTURE.md §12): the stats of every template and habit, a cursor on
/// one row — templates first, then habits — whose details and words the view shows.
public struct StatsScreen: Hashable, Sendable {
    public var stats: BoardStats
    public var cursor = 0

    public init(stats: BoardStats) {
        self.stats = stats
    }

    public enum Row: Hashable, Sendable {
        case template(TemplateStats)
        case habit(HabitStats)
    }

    public var rowCount: Int { stats.templates.count + stats.habits.count }

    public var focused: Row? { (0..<rowCount).contains(cursor) ? row(cursor) : nil }

    /// Row `index`: templates first, then habits.
    public func row(_ index: Int) -> Row {
        index < stats.templates.count ? .template(stats.templates[index]) : .habit(stats.habits[index - stats.templates.count])
    }

    /// The focused row in words: what the status line says, for a screen reader as for anyone.
    /// The focused row in words; with nothing to show, the board's keys that make something.
    public func words(_ keymap: BoardKeymap = .standard) -> String {
        switch focused {
        case .template(let s): StatsWords.template(s)
        case .habit(let h): StatsWords.habit(h)
        case nil: "No templates or habits yet: \(keymap.said(.newTemplate)) makes a routine template, \(keymap.said(.openHabits)) opens the Habits view."
        }
    }

    public mutating func move(_ dy: Int) {
        cursor = min(max(0, cursor + dy), max(0, rowCount - 1))
    }
}
