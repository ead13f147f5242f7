import BoardModel

/// The board's keys in force: the table's (`KeyBindings.board`) with config.toml's
/// `key_<action> = "x y"` over them (ARCHITECTURE.md §6). Checked whole before the screen starts:
/// an unknown action or key, one key on two actions, or quit, help or Esc left without a key is
/// refused with its line.
public struct BoardKeymap: Sendable {
    public private(set) var bindings: [KeyBinding]

    public static let standard = BoardKeymap(bindings: KeyBindings.board)

    private init(bindings: [KeyBinding]) { self.bindings = bindings }

    /// Why a `key_…` line can't be used.
    public struct Refusal: Hashable, Sendable {
        public let line: Int
        public let problem: String
    }

    /// Every `key_…` line that can't be used, so that one start reports them all.
    public struct Refusals: Error, Hashable, Sendable {
        public let all: [Refusal]
    }

    /// The actions a key can be given, by their names in config.toml (`key_add`, `key_calendar`).
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

    /// Without a key, the screen can't be left, explained or backed out of.
    static let essential: [Action] = [.quit, .help, .escape]

    /// The keys `settings` give, over the table's.
    public init(_ settings: [BoardConfig.KeySetting]) throws(Refusals) {
        var bindings = KeyBindings.board
        var lineOf: [Action: Int] = [:]
        var refusals: [Refusal] = []
        for setting in settings {
            guard let action = Self.actions.first(where: { $0.name == setting.action })?.action else {
                refusals.append(Refusal(line: setting.line, problem: "key_\(setting.action.echoed) is not an action of the board; the actions are "
                                        + Self.actions.map(\.name).joined(separator: ", ")))
                continue
            }
            let words = setting.keys.split(separator: " ").map(String.init)
            var keys: [Key] = []
            for word in words where words != ["none"] {
                guard let key = Key(configName: word) else {
                    refusals.append(Refusal(line: setting.line, problem: "key_\(setting.action) has '\(word.echoed)', not a key: write a character, "
                                            + "Enter, Esc, Tab, Shift-Tab, Space, Backspace, Delete, Up, Down, Left, Right, Shift-Left, Shift-Right, "
                                            + "PgUp, PgDn, Home, End, F1, Ctrl-x, or none"))
                    continue
                }
                keys.append(key)
            }
            lineOf[action] = setting.line
            // The action's own keys go; the given ones join the line of help that lists it.
            let home = bindings.firstIndex { $0.map.contains { $0.action == action } } ?? bindings.count - 1
            for i in bindings.indices { bindings[i] = bindings[i].without(action) }
            bindings[home] = bindings[home].adding(keys.map { ($0, action) })
        }
        // One key, one action: the fixed keys every screen answers included.
        var taken: [Key: Action] = [:]
        for (key, action) in (KeyBindings.everywhere + bindings).flatMap({ $0.map }) {
            if let other = taken[key], other != action {
                let line = lineOf[action] ?? lineOf[other] ?? 0
                refusals.append(Refusal(line: line, problem: "\(key.configName) is given to both \(Self.name(of: other)) and \(Self.name(of: action)); "
                                        + "give one of them another key"))
                continue
            }
            taken[key] = action
        }
        for action in Self.essential where !taken.values.contains(action) {
            refusals.append(Refusal(line: lineOf[action] ?? 0, problem: "key_\(Self.name(of: action)) leaves \(Self.name(of: action)) without a key; "
                                    + "it must keep one"))
        }
        guard refusals.isEmpty else { throw Refusals(all: refusals.sorted { $0.line < $1.line }) }
        self.bindings = bindings
    }

    static func name(of action: Action) -> String {
        actions.first { $0.action == action }?.name ?? (action == .redraw ? "redraw (Ctrl-L)" : "\(action)")
    }

    /// The action `key` stands for on the board.
    public func action(for key: Key) -> Action? { KeyBindings.action(for: key, in: bindings) }

    /// The key a message names for `action`: the key bar's, or the config.toml setting that would
    /// give it one, so that no sentence names a key that does something else.
    public func said(_ action: Action) -> String { hintKey(for: action) ?? "key_\(Self.name(of: action)) (no key)" }

    /// The key the key bar names for `action`: a letter or sign before Space or Enter, as people say them; nil when unbound.
    public func hintKey(for action: Action) -> String? {
        let keys = bindings.flatMap(\.map).filter { $0.action == action }.map(\.key)
        let key = keys.first { if case .character(let c) = $0 { c != " " } else { false } } ?? keys.first
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
