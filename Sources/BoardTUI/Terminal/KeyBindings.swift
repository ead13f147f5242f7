/// One line of help and the keys behind it: what the key map answers and what the help overlay
/// shows come from the same table, so they can never disagree (ARCHITECTURE.md §6).
public struct KeyBinding: Sendable {
    /// The keys as help writes them: "←↓↑→ or h j k l".
    public let keys: String
    public let help: String
    /// Each key and the action it stands for on its screen.
    public let map: [(key: Key, action: Action)]

    init(_ keys: String, _ help: String, _ map: [(Key, Action)]) {
        self.keys = keys
        self.help = help
        self.map = map.map { (key: $0.0, action: $0.1) }
    }

    /// The help line: the keys in a column, then what they do.
    public var line: String { keys.padding(toLength: max(18, keys.count + 2), withPad: " ", startingAt: 0) + help }
}

/// The screens' bindings, the board's first. Screens that also take typed text (a form, the Add
/// step row) answer other characters as text; these are the keys they treat as commands.
public enum KeyBindings {
    /// Keys every screen answers the same way.
    public static let everywhere: [KeyBinding] = [
        KeyBinding("Ctrl-L", "redraw the screen", [(.control("l"), .redraw)]),
        KeyBinding("F1", "this help, over any screen (in a form, where ? is text)", [(.f1, .help)]),
    ]

    public static let board: [KeyBinding] = [
        KeyBinding("←↓↑→ or h j k l", "move the focus", [
            (.left, .moveFocus(dx: -1, dy: 0)), (.character("h"), .moveFocus(dx: -1, dy: 0)),
            (.right, .moveFocus(dx: 1, dy: 0)), (.character("l"), .moveFocus(dx: 1, dy: 0)),
            (.up, .moveFocus(dx: 0, dy: -1)), (.character("k"), .moveFocus(dx: 0, dy: -1)),
            (.down, .moveFocus(dx: 0, dy: 1)), (.character("j"), .moveFocus(dx: 0, dy: 1)),
        ]),
        KeyBinding("PgUp / PgDn", "a screenful up / down the column", [(.pageUp, .page(-1)), (.pageDown, .page(1))]),
        KeyBinding("Home / End, G", "the column's first / last card", [(.home, .toEdge(last: false)), (.end, .toEdge(last: true)), (.character("G"), .toEdge(last: true))]),
        KeyBinding("H / L, Shift+←/→", "move the card to the next bucket", [
            (.character("H"), .moveCard(dx: -1)), (.shiftLeft, .moveCard(dx: -1)),
            (.character("L"), .moveCard(dx: 1)), (.shiftRight, .moveCard(dx: 1)),
        ]),
        KeyBinding("J / K", "move the card down / up in its bucket", [(.character("J"), .reorderCard(dy: 1)), (.character("K"), .reorderCard(dy: -1))]),
        KeyBinding("Tab / Shift-Tab", "the next / previous column", [(.tab, .tab(1)), (.backTab, .tab(-1))]),
        KeyBinding("a", "add a card to the focused column", [(.character("a"), .startAdd)]),
        KeyBinding("e", "edit the card (Tab between fields); on a template, its editor", [(.character("e"), .startEdit)]),
        KeyBinding("Enter", "the card's detail; on a checklist routine, today's list", [(.enter, .openDetail)]),
        KeyBinding("Space or x", "complete / reopen", [(.character(" "), .toggleDone), (.character("x"), .toggleDone)]),
        KeyBinding("d", "delete (u brings it back)", [(.character("d"), .delete)]),
        KeyBinding("u / Ctrl-R", "undo / redo", [(.character("u"), .undo), (.control("r"), .redo)]),
        KeyBinding("/", "filter every column as you type", [(.character("/"), .startSearch)]),
        KeyBinding("n / N", "next / previous match", [(.character("n"), .nextMatch(1)), (.character("N"), .nextMatch(-1))]),
        KeyBinding("t", "a new routine template (the editor)", [(.character("t"), .newTemplate)]),
        KeyBinding("p", "on a template: pause / resume", [(.character("p"), .pauseResume)]),
        KeyBinding("s", "skip the next occurrence (on a template or its next occurrence)", [(.character("s"), .skipNext)]),
        KeyBinding("c", "on a template: duplicate it as a draft", [(.character("c"), .duplicate)]),
        KeyBinding("A", "on a template: archive it", [(.character("A"), .archive)]),
        KeyBinding("z", "show / hide archived templates", [(.character("z"), .toggleArchived)]),
        KeyBinding("T", "on an occurrence: jump to its template", [(.character("T"), .viewTemplate)]),
        KeyBinding("C", "the card's checklist", [(.character("C"), .openChecklist)]),
        KeyBinding("S", "start a run of the routine (F finishes it)", [(.character("S"), .startRun)]),
        KeyBinding("g", "the Habits view", [(.character("g"), .openHabits)]),
        KeyBinding("i", "the Stats view: how routines and habits go", [(.character("i"), .openStats)]),
        KeyBinding("v", "the Calendar: a month, each day's cards and runs", [(.character("v"), .openCalendar)]),
        KeyBinding("Esc", "cancel, clear the filter; without one, dismiss the reminders shown", [(.escape, .escape)]),
        KeyBinding("?", "this help", [(.character("?"), .help)]),
        KeyBinding("q", "quit", [(.character("q"), .quit)]),
    ]

    /// Every text being typed (a prompt, a form's field, the Add step row, a new habit's name).
    public static let typing: [KeyBinding] = [
        KeyBinding("← / →", "move the cursor", [(.left, .editText(.left)), (.right, .editText(.right))]),
        KeyBinding("Home / End, Ctrl-A / E", "to the start / the end", [
            (.home, .editText(.home)), (.control("a"), .editText(.home)), (.end, .editText(.end)), (.control("e"), .editText(.end)),
        ]),
        KeyBinding("Backspace / Delete", "delete before / after the cursor", [(.backspace, .backspace), (.delete, .editText(.deleteForward))]),
        KeyBinding("Ctrl-U / Ctrl-K", "delete to the start / to the end", [(.control("u"), .editText(.deleteToStart)), (.control("k"), .editText(.deleteToEnd))]),
        KeyBinding("Ctrl-W", "delete the word before the cursor", [(.control("w"), .editText(.deleteWordBack))]),
    ]

    public static let detail: [KeyBinding] = [
        KeyBinding("↑↓ or j k", "choose a field (an occurrence); scroll (a card)", [
            (.up, .moveFocus(dx: 0, dy: -1)), (.character("k"), .moveFocus(dx: 0, dy: -1)),
            (.down, .moveFocus(dx: 0, dy: 1)), (.character("j"), .moveFocus(dx: 0, dy: 1)),
        ]),
        KeyBinding("r", "reset the field to the template's", [(.character("r"), .reapplyField)]),
        KeyBinding("m", "make the field an exception (frozen as it is)", [(.character("m"), .makeException)]),
        KeyBinding("R", "reapply the whole template", [(.character("R"), .reapplyAll)]),
        KeyBinding("e", "edit the card", [(.character("e"), .startEdit)]),
        KeyBinding("T", "jump to the template", [(.character("T"), .viewTemplate)]),
        KeyBinding("u / Ctrl-R", "undo / redo", [(.character("u"), .undo), (.control("r"), .redo)]),
        KeyBinding("any other key", "close the detail", [(.escape, .escape)]),
    ]

    public static let templateForm: [KeyBinding] = [
        KeyBinding("Tab / Shift-Tab, ↑↓", "the next / previous row", [
            (.tab, .form(.nextRow(1))), (.down, .form(.nextRow(1))), (.backTab, .form(.nextRow(-1))), (.up, .form(.nextRow(-1))),
        ]),
        KeyBinding("Space or ←/→", "cycle Repeat and Ends; on the days row, move and toggle; in text, the cursor", [
            (.left, .form(.sideways(-1))), (.right, .form(.sideways(1))),
        ]),
        KeyBinding("Ctrl-D", "remove the focused checklist step", [(.control("d"), .form(.removeStep))]),
        KeyBinding("Ctrl-G", "link the focused step to a habit (the next, then none)", [(.control("g"), .form(.linkHabit))]),
        KeyBinding("Enter", "on a save row: save; in the description: a new line", [(.enter, .form(.confirm))]),
        KeyBinding("Esc", "leave (asks first when something changed: y drops, n stays)", [(.escape, .form(.leave))]),
    ]

    public static let propagation: [KeyBinding] = [
        KeyBinding("Enter or y", "apply to the occurrences counted", [
            (.enter, .dialog(.apply)), (.character("y"), .dialog(.apply)), (.character("Y"), .dialog(.apply)),
        ]),
        KeyBinding("Esc or n", "back to the form", [
            (.escape, .dialog(.cancel)), (.character("n"), .dialog(.cancel)), (.character("N"), .dialog(.cancel)),
        ]),
        KeyBinding("Space", "also update the overdue open occurrences", [(.character(" "), .dialog(.toggleOverdue))]),
    ]

    public static let checklist: [KeyBinding] = [
        KeyBinding("↑↓, j k, Tab", "move", [
            (.up, .checklist(.move(-1))), (.down, .checklist(.move(1))), (.character("k"), .checklist(.move(-1))),
            (.character("j"), .checklist(.move(1))), (.backTab, .checklist(.move(-1))), (.tab, .checklist(.move(1))),
        ]),
        KeyBinding("PgUp / PgDn, Home / End", "ten steps up / down, the first / last step", [
            (.pageUp, .checklist(.move(-10))), (.pageDown, .checklist(.move(10))),
            (.home, .checklist(.move(-Int(Int32.max)))), (.end, .checklist(.move(Int(Int32.max)))),
        ]),
        KeyBinding("Space or Enter", "tick / untick the step; on the Add step row, Enter adds", [
            (.character(" "), .checklist(.tick)), (.enter, .checklist(.tick)),
        ]),
        KeyBinding("e / d", "edit the steps (an Add step row) / remove a step, after a y", [
            (.character("e"), .checklist(.toggleEditing)), (.character("d"), .checklist(.removeStep)),
        ]),
        KeyBinding("S / F / X", "start a run / finish it (suggestions) / discard it", [
            (.character("S"), .checklist(.startRun)), (.character("F"), .checklist(.finishRun)), (.character("X"), .checklist(.discardRun)),
        ]),
        KeyBinding("r", "remind at a timed step's time (07:30 Meds) each day, or stop",
                   [(.character("r"), .checklist(.toggleReminder))]),
        KeyBinding("u / Ctrl-R", "undo / redo a tick", [(.character("u"), .checklist(.undo)), (.control("r"), .checklist(.redo))]),
        KeyBinding("?", "this help", [(.character("?"), .help)]),
        KeyBinding("Esc or q", "stop editing, or back to the board (a run finishes)", [
            (.escape, .checklist(.leave)), (.character("q"), .checklist(.leave)),
        ]),
    ]

    public static let habits: [KeyBinding] = [
        KeyBinding("↑↓ or j k", "choose a habit", [
            (.up, .habits(.move(dx: 0, dy: -1))), (.down, .habits(.move(dx: 0, dy: 1))),
            (.character("k"), .habits(.move(dx: 0, dy: -1))), (.character("j"), .habits(.move(dx: 0, dy: 1))),
        ]),
        KeyBinding("←→ or h l", "choose a day", [
            (.left, .habits(.move(dx: -1, dy: 0))), (.right, .habits(.move(dx: 1, dy: 0))),
            (.character("h"), .habits(.move(dx: -1, dy: 0))), (.character("l"), .habits(.move(dx: 1, dy: 0))),
        ]),
        KeyBinding("Space or x", "check in that day (one more with a target), or take it back",
                   [(.character(" "), .habits(.toggleDay)), (.character("x"), .habits(.toggleDay))]),
        KeyBinding("- or Backspace", "take back one of that day's entries",
                   [(.character("-"), .habits(.takeBackOne)), (.backspace, .habits(.takeBackOne))]),
        KeyBinding("a", "add a habit (Enter adds it, Esc stops)", [(.character("a"), .habits(.add))]),
        KeyBinding("t", "the habit's target: daily, 3 times a day, 4 times a week", [(.character("t"), .habits(.setTarget))]),
        KeyBinding("Enter", "answer the waiting suggestions", [(.enter, .habits(.answerSuggestions))]),
        KeyBinding("u / Ctrl-R", "undo / redo", [(.character("u"), .habits(.undo)), (.control("r"), .habits(.redo))]),
        KeyBinding("?", "this help", [(.character("?"), .help)]),
        KeyBinding("Esc, q or g", "back to the board", [
            (.escape, .habits(.leave)), (.character("q"), .habits(.leave)), (.character("g"), .habits(.leave)),
        ]),
    ]

    public static let stats: [KeyBinding] = [
        KeyBinding("↑↓ or j k", "choose a template or habit", [
            (.up, .stats(.move(dy: -1))), (.down, .stats(.move(dy: 1))),
            (.character("k"), .stats(.move(dy: -1))), (.character("j"), .stats(.move(dy: 1))),
        ]),
        KeyBinding("PgUp / PgDn", "ten rows up / down", [(.pageUp, .stats(.move(dy: -10))), (.pageDown, .stats(.move(dy: 10)))]),
        KeyBinding("Home / End, g / G", "the first / last row", [
            (.home, .stats(.move(dy: -Int(Int32.max)))), (.character("g"), .stats(.move(dy: -Int(Int32.max)))),
            (.end, .stats(.move(dy: Int(Int32.max)))), (.character("G"), .stats(.move(dy: Int(Int32.max)))),
        ]),
        KeyBinding("Enter", "open it: the template's editor, the habit in the Habits view", [(.enter, .stats(.open))]),
        KeyBinding("?", "this help", [(.character("?"), .help)]),
        KeyBinding("Esc, q or i", "back to the board", [
            (.escape, .stats(.leave)), (.character("q"), .stats(.leave)), (.character("i"), .stats(.leave)),
        ]),
    ]

    public static let calendar: [KeyBinding] = [
        KeyBinding("←→ or h l, ↑↓ or k j", "a day, a week earlier / later", [
            (.left, .calendar(.moveDay(-1))), (.character("h"), .calendar(.moveDay(-1))),
            (.right, .calendar(.moveDay(1))), (.character("l"), .calendar(.moveDay(1))),
            (.up, .calendar(.moveDay(-7))), (.character("k"), .calendar(.moveDay(-7))),
            (.down, .calendar(.moveDay(7))), (.character("j"), .calendar(.moveDay(7))),
        ]),
        KeyBinding("PgUp / PgDn", "the month before / after", [(.pageUp, .calendar(.moveMonth(-1))), (.pageDown, .calendar(.moveMonth(1)))]),
        KeyBinding(".", "today", [(.character("."), .calendar(.today))]),
        KeyBinding("g", "go to a date in words (friday, dec 3, in 2 weeks)", [(.character("g"), .calendar(.startGoTo))]),
        KeyBinding("Tab / Shift-Tab", "the day's next / previous item", [(.tab, .calendar(.chooseItem(1))), (.backTab, .calendar(.chooseItem(-1)))]),
        KeyBinding("Enter / e", "open the item on the board: its detail / its form", [
            (.enter, .calendar(.open(edit: false))), (.character("e"), .calendar(.open(edit: true))),
        ]),
        KeyBinding("Space or x", "complete / reopen (a planned run is made, then completed)", [
            (.character(" "), .calendar(.toggleDone)), (.character("x"), .calendar(.toggleDone)),
        ]),
        KeyBinding("d / s", "delete a card / skip a routine's run on that day", [(.character("d"), .calendar(.delete)), (.character("s"), .calendar(.skip))]),
        KeyBinding("H / L, Shift+←/→", "move the item to the previous / next column", [
            (.character("H"), .calendar(.moveCard(-1))), (.shiftLeft, .calendar(.moveCard(-1))),
            (.character("L"), .calendar(.moveCard(1))), (.shiftRight, .calendar(.moveCard(1))),
        ]),
        KeyBinding("u / Ctrl-R", "undo / redo", [(.character("u"), .calendar(.undo)), (.control("r"), .calendar(.redo))]),
        KeyBinding("?", "this help", [(.character("?"), .help)]),
        KeyBinding("Esc, q or v", "back to the board", [
            (.escape, .calendar(.leave)), (.character("q"), .calendar(.leave)), (.character("v"), .calendar(.leave)),
        ]),
    ]

    public static let suggestion: [KeyBinding] = [
        KeyBinding("y or Enter", "confirm: that day's habit entry", [
            (.character("y"), .suggestion(.confirm)), (.character("Y"), .suggestion(.confirm)), (.enter, .suggestion(.confirm)),
        ]),
        KeyBinding("n", "dismiss", [(.character("n"), .suggestion(.dismiss)), (.character("N"), .suggestion(.dismiss))]),
        KeyBinding("Esc", "later (the Habits view asks again)", [(.escape, .suggestion(.later))]),
    ]

    /// Every screen's bindings under its name and the board's keys that open it, as the help
    /// overlay lists them; a nil screen for the sections config.toml can't change (typing, the keys
    /// every screen answers).
    typealias Section = (name: String, openedBy: [Action], after: String, screen: KeyScreen?, bindings: [KeyBinding])

    static let sections: [Section] = [
        ("The board", [], "", .board, board), ("A card's detail", [.openDetail], "", .detail, detail),
        ("The template editor", [.newTemplate, .startEdit], "", .form, templateForm),
        ("Applying a template edit", [], "", .dialog, propagation),
        ("A checklist", [.openChecklist, .openDetail], " on a checklist routine", .checklist, checklist),
        ("Habits", [.openHabits], "", .habits, habits), ("Stats", [.openStats], "", .stats, stats),
        ("The Calendar", [.openCalendar], "", .calendar, calendar),
        ("A routine's suggestion", [], "", .suggestion, suggestion), ("Typing text (prompts, forms)", [], "", nil, typing),
        ("Everywhere", [], "", nil, everywhere),
    ]

    /// A section's heading with the keys that open it as config.toml binds them: "The Calendar (v)".
    static func title(_ section: Section, _ keymap: BoardKeymap) -> String {
        let keys = section.openedBy.compactMap { keymap.hintKey(for: $0) }
        return keys.isEmpty ? section.name : "\(section.name) (\(keys.joined(separator: ", "))\(section.after))"
    }

    /// The heading of `screen`'s section in the help ("The Calendar (v)").
    public static func title(of screen: KeyScreen, _ keymap: BoardKeymap = .standard) -> String? {
        sections.first { $0.screen == screen }.map { title($0, keymap) }
    }

    /// The help overlay's lines, built from the tables as config.toml binds them.
    public static func helpLines(_ keymap: BoardKeymap = .standard) -> [String] {
        var lines: [String] = []
        for (i, section) in sections.enumerated() {
            if i > 0 { lines.append("") }
            lines.append(title(section, keymap))
            lines += (section.screen.map { keymap.bindings(for: $0) } ?? section.bindings).map(\.line)
        }
        return lines
    }

    /// The action `key` stands for in `bindings`, if any.
    static func action(for key: Key, in bindings: [KeyBinding]) -> Action? {
        for binding in bindings { if let hit = binding.map.first(where: { $0.key == key }) { return hit.action } }
        return nil
    }
}
