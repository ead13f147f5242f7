import BoardModel

/// A screen with keys of its own, and the prefix its actions take in config.toml
/// (`key_calendar_today`); the board's actions have none (`key_add`).
public enum KeyScreen: String, CaseIterable, Sendable {
    case board, detail, form, dialog, checklist, habits, stats, calendar, suggestion

    /// The screen's table: the keys before config.toml.
    public var table: [KeyBinding] {
        switch self {
        case .board: KeyBindings.board
        case .detail: KeyBindings.detail
        case .form: KeyBindings.templateForm
        case .dialog: KeyBindings.propagation
        case .checklist: KeyBindings.checklist
        case .habits: KeyBindings.habits
        case .stats: KeyBindings.stats
        case .calendar: KeyBindings.calendar
        case .suggestion: KeyBindings.suggestion
        }
    }

    /// Without a key, the screen can't be left or explained.
    var essential: [Action] {
        switch self {
        case .board: [.quit, .help, .escape]
        case .detail: [.escape]
        case .form: [.form(.leave)]
        case .dialog: [.dialog(.cancel)]
        case .checklist: [.checklist(.leave), .help]
        case .habits: [.habits(.leave), .help]
        case .stats: [.stats(.leave), .help]
        case .calendar: [.calendar(.leave), .help]
        case .suggestion: [.suggestion(.later)]
        }
    }

    /// How config.toml names a setting of this screen's `action`.
    func settingName(_ action: String) -> String { self == .board ? "key_" + action : "key_\(rawValue)_\(action)" }
}

/// The keys in force on every screen: each table's (`KeyBindings`) with config.toml's
/// `key_<action> = "x y"` (the board) and `key_<screen>_<action>` (the others) over them
/// (ARCHITECTURE.md §6). Checked whole before the screen starts: an unknown action or key, one
/// key on two actions of one screen, or a screen left without its way out is refused with its line.
public struct BoardKeymap: Sendable {
    private let tables: [KeyScreen: [KeyBinding]]
    /// Each screen's keys by action, in table order: what the key bar names on every frame, found
    /// by one lookup instead of a walk of the tables (ARCHITECTURE.md §6).
    private let keysByAction: [KeyScreen: [Action: [Key]]]

    /// The board's bindings in force.
    public var bindings: [KeyBinding] { tables[.board] ?? KeyBindings.board }

    /// A screen's bindings in force.
    public func bindings(for screen: KeyScreen) -> [KeyBinding] { tables[screen] ?? screen.table }

    public static let standard = BoardKeymap(tables: [:])

    private init(tables: [KeyScreen: [KeyBinding]]) {
        self.tables = tables
        keysByAction = Self.keysByAction(tables)
    }

    private static func keysByAction(_ tables: [KeyScreen: [KeyBinding]]) -> [KeyScreen: [Action: [Key]]] {
        Dictionary(uniqueKeysWithValues: KeyScreen.allCases.map { screen in
            (screen, Dictionary((tables[screen] ?? screen.table).flatMap(\.map).map { ($0.action, [$0.key]) }, uniquingKeysWith: +))
        })
    }

    /// Every key of `action` on `screen`, in its table's order.
    private func keys(of action: Action, on screen: KeyScreen) -> [Key] { keysByAction[screen]?[action] ?? [] }

    /// Why a `key_…` line can't be used.
    public struct Refusal: Hashable, Sendable {
        public let line: Int
        public let problem: String
    }

    /// Every `key_…` line that can't be used, so that one start reports them all.
    public struct Refusals: Error, Hashable, Sendable {
        public let all: [Refusal]
    }

    /// The actions a key can be given on the board, by their names in config.toml (`key_add`, `key_calendar`).
    public static let actions: [(name: String, action: Action)] = [
        ("left", .moveFocus(dx: -1, dy: 0)), ("right", .moveFocus(dx: 1, dy: 0)), ("up", .moveFocus(dx: 0, dy: -1)),
        ("down", .moveFocus(dx: 0, dy: 1)), ("page_up", .page(-1)), ("page_down", .page(1)), ("first", .toEdge(last: false)),
        ("last", .toEdge(last: true)), ("move_left", .moveCard(dx: -1)), ("move_right", .moveCard(dx: 1)),
        ("move_down", .reorderCard(dy: 1)), ("move_up", .reorderCard(dy: -1)), ("next_column", .tab(1)), ("previous_column", .tab(-1)),
        ("add", .startAdd), ("edit", .startEdit), ("open", .openDetail), ("done", .toggleDone), ("delete", .delete),
        ("undo", .undo), ("redo", .redo), ("search", .startSearch), ("next_match", .nextMatch(1)), ("previous_match", .nextMatch(-1)),
        ("new_template", .newTemplate), ("pause", .pauseResume), ("skip", .skipNext), ("duplicate", .duplicate),
        ("archive", .archive), ("show_archived", .toggleArchived), ("view_template", .viewTemplate), ("checklist", .openChecklist),
        ("run", .startRun), ("habits", .openHabits), ("stats", .openStats), ("calendar", .openCalendar),
        ("back", .escape), ("help", .help), ("quit", .quit),
    ]

    /// Each screen's actions by their names in config.toml, after the screen's prefix.
    public static func actions(of screen: KeyScreen) -> [(name: String, action: Action)] {
        let most = Int(Int32.max)
        return switch screen {
        case .board: actions
        case .detail: [("up", .moveFocus(dx: 0, dy: -1)), ("down", .moveFocus(dx: 0, dy: 1)), ("reset", .reapplyField),
                       ("make_exception", .makeException), ("reapply_all", .reapplyAll), ("edit", .startEdit),
                       ("template", .viewTemplate), ("undo", .undo), ("redo", .redo), ("back", .escape)]
        case .form: [("next_row", .form(.nextRow(1))), ("previous_row", .form(.nextRow(-1))), ("left", .form(.sideways(-1))),
                     ("right", .form(.sideways(1))), ("remove_step", .form(.removeStep)), ("link_habit", .form(.linkHabit)),
                     ("confirm", .form(.confirm)), ("back", .form(.leave))]
        case .dialog: [("apply", .dialog(.apply)), ("back", .dialog(.cancel)), ("overdue", .dialog(.toggleOverdue))]
        case .checklist: [("up", .checklist(.move(-1))), ("down", .checklist(.move(1))), ("page_up", .checklist(.move(-10))),
                          ("page_down", .checklist(.move(10))), ("first", .checklist(.move(-most))), ("last", .checklist(.move(most))),
                          ("tick", .checklist(.tick)), ("edit", .checklist(.toggleEditing)), ("remove", .checklist(.removeStep)),
                          ("start_run", .checklist(.startRun)), ("finish_run", .checklist(.finishRun)),
                          ("discard_run", .checklist(.discardRun)), ("remind", .checklist(.toggleReminder)),
                          ("undo", .checklist(.undo)), ("redo", .checklist(.redo)),
                          ("help", .help), ("back", .checklist(.leave))]
        case .habits: [("up", .habits(.move(dx: 0, dy: -1))), ("down", .habits(.move(dx: 0, dy: 1))),
                       ("day_before", .habits(.move(dx: -1, dy: 0))), ("day_after", .habits(.move(dx: 1, dy: 0))),
                       ("check_in", .habits(.toggleDay)), ("take_back", .habits(.takeBackOne)), ("add", .habits(.add)),
                       ("target", .habits(.setTarget)), ("answer", .habits(.answerSuggestions)),
                       ("undo", .habits(.undo)), ("redo", .habits(.redo)), ("help", .help), ("back", .habits(.leave))]
        case .stats: [("up", .stats(.move(dy: -1))), ("down", .stats(.move(dy: 1))), ("page_up", .stats(.move(dy: -10))),
                      ("page_down", .stats(.move(dy: 10))), ("first", .stats(.move(dy: -most))), ("last", .stats(.move(dy: most))),
                      ("open", .stats(.open)), ("help", .help), ("back", .stats(.leave))]
        case .calendar: [("day_before", .calendar(.moveDay(-1))), ("day_after", .calendar(.moveDay(1))),
                         ("week_before", .calendar(.moveDay(-7))), ("week_after", .calendar(.moveDay(7))),
                         ("month_before", .calendar(.moveMonth(-1))), ("month_after", .calendar(.moveMonth(1))),
                         ("today", .calendar(.today)), ("go_to", .calendar(.startGoTo)), ("next_item", .calendar(.chooseItem(1))),
                         ("previous_item", .calendar(.chooseItem(-1))), ("open", .calendar(.open(edit: false))),
                         ("edit", .calendar(.open(edit: true))), ("done", .calendar(.toggleDone)), ("delete", .calendar(.delete)),
                         ("skip", .calendar(.skip)), ("move_left", .calendar(.moveCard(-1))), ("move_right", .calendar(.moveCard(1))),
                         ("undo", .calendar(.undo)), ("redo", .calendar(.redo)), ("help", .help), ("back", .calendar(.leave))]
        case .suggestion: [("confirm", .suggestion(.confirm)), ("dismiss", .suggestion(.dismiss)), ("later", .suggestion(.later))]
        }
    }

    /// The keys `settings` give, over the tables'.
    public init(_ settings: [BoardConfig.KeySetting]) throws(Refusals) {
        var refusals: [Refusal] = []
        var tables: [KeyScreen: [KeyBinding]] = [:]
        var lineOf: [KeyScreen: [Action: Int]] = [:]
        for setting in settings {
            guard let (screen, action) = Self.action(named: setting.action) else {
                refusals.append(Refusal(line: setting.line, problem: "key_\(setting.action.echoed) is not an action: the board's are "
                                        + Self.actions.map(\.name).joined(separator: ", ")
                                        + "; another screen's are key_<screen>_<action> (`board help keys` lists them)"))
                continue
            }
            let name = screen.settingName(Self.name(of: action, on: screen))
            let words = setting.keys.split(separator: " ").map(String.init)
            var keys: [Key] = []
            for word in words where words != ["none"] {
                guard let key = Key(configName: word) else {
                    refusals.append(Refusal(line: setting.line, problem: "\(name) has '\(word.echoed)', not a key: write a character, "
                                            + "Enter, Esc, Tab, Shift-Tab, Space, Backspace, Delete, Up, Down, Left, Right, Shift-Left, Shift-Right, "
                                            + "PgUp, PgDn, Home, End, F1, Ctrl-x, or none"))
                    continue
                }
                // The editor's rows take typed text: a character there is text, never a key.
                if screen == .form, case .character = key {
                    refusals.append(Refusal(line: setting.line, problem: "\(name) has '\(word.echoed)': the template editor types characters "
                                            + "as text, so its keys are Enter, Esc, Tab, arrows, F1 or Ctrl-x"))
                    continue
                }
                keys.append(key)
            }
            lineOf[screen, default: [:]][action] = setting.line
            var bindings = tables[screen] ?? screen.table
            // The action's own keys go; the given ones join the line of help that lists it.
            let home = bindings.firstIndex { $0.map.contains { $0.action == action } } ?? bindings.count - 1
            for i in bindings.indices { bindings[i] = bindings[i].without(action) }
            bindings[home] = bindings[home].adding(keys.map { ($0, action) })
            tables[screen] = bindings
        }
        for (screen, bindings) in tables {
            let lines = lineOf[screen] ?? [:]
            // One key, one action on a screen: the fixed keys every screen answers included.
            var taken: [Key: Action] = [:]
            for (key, action) in (KeyBindings.everywhere + bindings).flatMap({ $0.map }) {
                if let other = taken[key], other != action {
                    refusals.append(Refusal(line: lines[action] ?? lines[other] ?? 0,
                                            problem: "\(key.configName) is given to both \(Self.name(of: other, on: screen)) and "
                                            + "\(Self.name(of: action, on: screen))\(screen == .board ? "" : " on the \(screen.rawValue) screen"); "
                                            + "give one of them another key"))
                    continue
                }
                taken[key] = action
            }
            for action in screen.essential where !taken.values.contains(action) {
                let name = Self.name(of: action, on: screen)
                refusals.append(Refusal(line: lines[action] ?? 0, problem: "\(screen.settingName(name)) leaves \(name) without a key; it must keep one"))
            }
        }
        guard refusals.isEmpty else { throw Refusals(all: refusals.sorted { $0.line < $1.line }) }
        self.init(tables: tables)
    }

    /// The screen and action a setting's name (after `key_`) stands for: a board action, else `<screen>_<action>`.
    static func action(named name: String) -> (KeyScreen, Action)? {
        if let board = actions.first(where: { $0.name == name }) { return (.board, board.action) }
        for screen in KeyScreen.allCases where screen != .board && name.hasPrefix(screen.rawValue + "_") {
            let rest = name.dropFirst(screen.rawValue.count + 1)
            if let found = actions(of: screen).first(where: { $0.name == rest }) { return (screen, found.action) }
        }
        return nil
    }

    static func name(of action: Action, on screen: KeyScreen = .board) -> String {
        actions(of: screen).first { $0.action == action }?.name ?? (action == .redraw ? "redraw (Ctrl-L)" : action == .help ? "help (F1)" : "\(action)")
    }

    /// The action `key` stands for on the board.
    public func action(for key: Key) -> Action? { KeyBindings.action(for: key, in: bindings) }

    /// The action `key` stands for on `screen`.
    public func action(for key: Key, on screen: KeyScreen) -> Action? { KeyBindings.action(for: key, in: bindings(for: screen)) }

    /// The key a message names for `action`: the key bar's, or the config.toml setting that would
    /// give it one, so that no sentence names a key that does something else.
    public func said(_ action: Action, on screen: KeyScreen = .board) -> String {
        hintKey(for: action, on: screen) ?? "\(screen.settingName(Self.name(of: action, on: screen))) (no key)"
    }

    /// A key bar's entry: each action's first key in its table's order, then what they do
    /// ("←/→ day"), as config.toml binds them; nil when none of them has a key.
    public func bar(_ actions: [Action], on screen: KeyScreen, _ words: String) -> String? {
        let named = actions.compactMap { keys(of: $0, on: screen).first?.hintName }
        guard !named.isEmpty else { return nil }
        // Arrows read as a pair ("↑↓"); other keys are set apart ("PgUp/PgDn").
        let arrows: Set<String> = ["↑", "↓", "←", "→"]
        return named.joined(separator: named.allSatisfy(arrows.contains) ? "" : "/") + " " + words
    }

    /// A key bar's entries, the unbound left out.
    public func barEntries(on screen: KeyScreen, _ entries: [([Action], String)]) -> [String] {
        entries.compactMap { bar($0.0, on: screen, $0.1) }
    }

    /// A key bar of entries on one line.
    public func bar(on screen: KeyScreen, _ entries: [([Action], String)]) -> String {
        barEntries(on: screen, entries).joined(separator: " · ")
    }

    /// Every key of `action`, as a prompt lists them ("Enter or y").
    public func allSaid(_ action: Action, on screen: KeyScreen) -> String {
        var seen = Set<String>()
        let named = keys(of: action, on: screen).map(\.hintName).filter { seen.insert($0.lowercased()).inserted }
        return named.isEmpty ? said(action, on: screen) : named.joined(separator: " or ")
    }

    /// The key the key bar names for `action`: a letter or sign before Space or Enter, as people say them; nil when unbound.
    public func hintKey(for action: Action, on screen: KeyScreen = .board) -> String? {
        let all = keys(of: action, on: screen)
        let key = all.first { if case .character(let c) = $0 { c != " " } else { false } } ?? all.first
        return key.map(\.hintName)
    }
}

extension KeyBinding {
    /// The line without `action`'s keys.
    func without(_ action: Action) -> KeyBinding {
        let kept = map.filter { $0.action != action }
        return kept.count == map.count ? self : KeyBinding(Self.keysText(kept), help, kept.map { ($0.key, $0.action) })
    }

    /// The line with `entries` added.
    func adding(_ entries: [(Key, Action)]) -> KeyBinding {
        guard !entries.isEmpty else { return self }
        let all = map.map { ($0.key, $0.action) } + entries
        return KeyBinding(Self.keysText(all.map { (key: $0.0, action: $0.1) }), help, all)
    }

    /// The keys as help writes them, for a line config.toml changed.
    static func keysText(_ map: [(key: Key, action: Action)]) -> String {
        map.isEmpty ? "(none)" : map.map(\.key.hintName).joined(separator: " / ")
    }
}

extension Key {
    /// A key as config.toml writes it: a character, or Enter, Esc, Tab, Shift-Tab, Space, Backspace,
    /// Delete, Up, Down, Left, Right, Shift-Left, Shift-Right, PgUp, PgDn, Home, End, F1, Ctrl-x.
    init?(configName name: String) {
        let named: [String: Key] = [
            "enter": .enter, "esc": .escape, "escape": .escape, "tab": .tab, "shift-tab": .backTab, "space": .character(" "),
            "backspace": .backspace, "delete": .delete, "up": .up, "down": .down, "left": .left, "right": .right,
            "shift-left": .shiftLeft, "shift-right": .shiftRight, "pgup": .pageUp, "pgdn": .pageDown, "home": .home, "end": .end, "f1": .f1,
        ]
        if let key = named[name.lowercased()] { self = key; return }
        if name.lowercased().hasPrefix("ctrl-"), name.count == 6, let c = name.last?.lowercased().first, c.isLetter, c.isASCII {
            self = .control(c)
            return
        }
        guard name.count == 1, let c = name.first, c.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value != 0x7F }) else { return nil }
        self = .character(c)
    }

    /// How config.toml and refusals write the key.
    var configName: String {
        switch self {
        case .character(" "): "Space"
        case .character(let c): String(c)
        case .control(let c): "Ctrl-" + String(c).uppercased()
        case .enter: "Enter"
        case .escape: "Esc"
        case .tab: "Tab"
        case .backTab: "Shift-Tab"
        case .backspace: "Backspace"
        case .delete: "Delete"
        case .up: "Up"
        case .down: "Down"
        case .left: "Left"
        case .right: "Right"
        case .shiftLeft: "Shift-Left"
        case .shiftRight: "Shift-Right"
        case .pageUp: "PgUp"
        case .pageDown: "PgDn"
        case .home: "Home"
        case .end: "End"
        case .f1: "F1"
        case .paste, .resize, .click, .hangUp: "?"
        }
    }

    /// How the key bar and help write it: arrows as arrows.
    var hintName: String {
        switch self {
        case .up: "↑"
        case .down: "↓"
        case .left: "←"
        case .right: "→"
        case .shiftLeft: "Shift+←"
        case .shiftRight: "Shift+→"
        default: configName
        }
    }
}
