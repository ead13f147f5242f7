/// A key or terminal event, as the driver reads it; `KeyMap` turns it into an `Action`.
public enum Key: Hashable, Sendable {
    case character(Character)
    case up, down, left, right, shiftLeft, shiftRight
    case enter, escape, backspace, tab, backTab
    case control(Character)
    case resize(width: Int, height: Int)
    case click(x: Int, y: Int)
}

/// The key bindings (ARCHITECTURE.md §6): terminal habits, and text entry in prompts and forms.
public enum KeyMap {
    public static func action(for key: Key, in mode: Mode) -> Action? {
        switch key {
        case .resize(let w, let h): return .resize(width: w, height: h)
        case .control("l"): return .redraw
        default: break
        }
        switch mode {
        case .normal: return normal(key)
        case .adding, .searching, .editing: return text(key)
        case .templateForm: return templateForm(key)
        case .propagation:
            switch key {
            case .enter, .character("y"), .character("Y"): return .enter
            case .escape, .character("n"), .character("N"): return .escape
            case .character(" "): return .type(" ")
            default: return nil
            }
        case .detail: return detail(key)
        case .checklist, .habits, .suggestion(_): return screen(key)
        case .help:
            if case .click = key { return nil }
            return .escape
        }
    }

    /// The detail of an occurrence: a cursor over its fields, reset or freeze one, reapply all.
    private static func detail(_ key: Key) -> Action? {
        switch key {
        case .up, .character("k"): return .moveFocus(dx: 0, dy: -1)
        case .down, .character("j"): return .moveFocus(dx: 0, dy: 1)
        case .character("r"): return .reapplyField
        case .character("R"): return .reapplyAll
        case .character("m"): return .makeException
        case .character("e"): return .startEdit
        case .character("T"): return .viewTemplate
        case .character("u"): return .undo
        case .control("r"): return .redo
        case .click: return nil
        default: return .escape
        }
    }

    /// Checklists, habits and suggestions read letters as commands (j/k move), or as text on an input row.
    private static func screen(_ key: Key) -> Action? {
        switch key {
        case .up: return .moveFocus(dx: 0, dy: -1)
        case .down: return .moveFocus(dx: 0, dy: 1)
        case .left: return .moveFocus(dx: -1, dy: 0)
        case .right: return .moveFocus(dx: 1, dy: 0)
        case .character(let c): return .type(c)
        case .enter: return .enter
        case .escape: return .escape
        case .backspace: return .backspace
        case .tab: return .tab(1)
        case .backTab: return .tab(-1)
        case .control("r"): return .redo
        default: return nil
        }
    }

    private static func templateForm(_ key: Key) -> Action? {
        switch key {
        case .left: return .moveFocus(dx: -1, dy: 0)
        case .right: return .moveFocus(dx: 1, dy: 0)
        case .control("d"): return .removeItem
        case .control("g"): return .linkHabit
        default: return text(key)
        }
    }

    private static func normal(_ key: Key) -> Action? {
        switch key {
        case .left, .character("h"): return .moveFocus(dx: -1, dy: 0)
        case .right, .character("l"): return .moveFocus(dx: 1, dy: 0)
        case .up, .character("k"): return .moveFocus(dx: 0, dy: -1)
        case .down, .character("j"): return .moveFocus(dx: 0, dy: 1)
        case .shiftLeft, .character("H"): return .moveCard(dx: -1)
        case .shiftRight, .character("L"): return .moveCard(dx: 1)
        case .character("J"): return .reorderCard(dy: 1)
        case .character("K"): return .reorderCard(dy: -1)
        case .character("a"): return .startAdd
        case .character("e"): return .startEdit
        case .enter: return .openDetail
        case .character(" "), .character("x"): return .toggleDone
        case .character("d"): return .delete
        case .character("u"): return .undo
        case .control("r"): return .redo
        case .character("/"): return .startSearch
        case .character("n"): return .nextMatch(1)
        case .character("N"): return .nextMatch(-1)
        case .character("t"): return .newTemplate
        case .character("p"): return .pauseResume
        case .character("s"): return .skipNext
        case .character("c"): return .duplicate
        case .character("A"): return .archive
        case .character("T"): return .viewTemplate
        case .character("z"): return .toggleArchived
        case .character("C"): return .openChecklist
        case .character("S"): return .startRun
        case .character("g"): return .openHabits
        case .character("?"): return .help
        case .character("q"): return .quit
        case .escape: return .escape
        case .tab: return .tab(1)
        case .backTab: return .tab(-1)
        case .click(let x, let y): return .click(x: x, y: y)
        default: return nil
        }
    }

    private static func text(_ key: Key) -> Action? {
        switch key {
        case .character(let c): return .type(c)
        case .backspace: return .backspace
        case .enter: return .enter
        case .escape: return .escape
        case .tab, .down: return .tab(1)
        case .backTab, .up: return .tab(-1)
        default: return nil
        }
    }
}
