/// A key or terminal event, as `InputDecoder` reads it; `KeyMap` turns it into an `Action`.
public enum Key: Hashable, Sendable {
    case character(Character)
    case up, down, left, right, shiftLeft, shiftRight
    case enter, escape, backspace, tab, backTab
    case home, end, delete, pageUp, pageDown
    /// F1: the help, from every screen, forms included (where ? is typed text).
    case f1
    /// Text the terminal pasted (bracketed paste), whole: never read as keys.
    case paste(String)
    case control(Character)
    case resize(width: Int, height: Int)
    case click(x: Int, y: Int)
    /// The terminal went away (its input closed): the board ends, everything already written.
    case hangUp
}

/// Keys to actions, per screen, read from `KeyBindings` (the same table the help overlay is
/// built from); screens that take typed text answer the other characters as text.
public enum KeyMap {
    /// The action of `key` on the screen `state` shows. While the terminal is too small to show
    /// the board, only q (quit) and a resize do anything: nothing happens out of sight. (A state
    /// not sized yet, 0×0, has no terminal to be too small for: the runtime driven by tests.)
    public static func action(for key: Key, in state: BoardState) -> Action? {
        if state.width > 0, Layout.isTooSmall(width: state.width, height: state.height) {
            switch key {
            case .resize(let w, let h): return .resize(width: w, height: h)
            case .character("q"), .hangUp: return .quit
            default: return nil
            }
        }
        return action(for: key, in: state.mode, keymap: state.keymap)
    }

    /// A paste goes where text is typed; anywhere else it is said to have gone nowhere, never read as keys.
    public static func action(for key: Key, in mode: Mode, keymap: BoardKeymap = .standard) -> Action? {
        let action = keyAction(for: key, in: mode, keymap: keymap)
        if case .paste = key, action == nil { return .pastedNowhere }
        return action
    }

    private static func keyAction(for key: Key, in mode: Mode, keymap: BoardKeymap) -> Action? {
        if case .resize(let w, let h) = key { return .resize(width: w, height: h) }
        if key == .hangUp { return .quit }
        if let action = KeyBindings.action(for: key, in: KeyBindings.everywhere) { return action }
        switch mode {
        case .normal:
            if case .click(let x, let y) = key { return .click(x: x, y: y) }
            return keymap.action(for: key)
        case .editing(let form) where form.confirmingDiscard: return answer(key)
        case .adding, .searching, .editing: return text(key)
        case .templateForm(let form):
            if form.confirmingDiscard { return answer(key) }
            return keymap.action(for: key, on: .form) ?? text(key)
        case .propagation: return keymap.action(for: key, on: .dialog)
        case .detail:
            if case .click = key { return nil }
            return keymap.action(for: key, on: .detail) ?? .escape
        case .checklist(let screen):
            // "Remove step N …?" takes the next key as its answer.
            if screen.confirmingRemoval != nil { return answer(key) }
            if screen.isOnAddRow || screen.isOnLimitRow {
                switch key {
                case .up, .down, .tab, .backTab, .escape: return keymap.action(for: key, on: .checklist)
                case _ where screen.isOnLimitRow: return .checklist(.explainLimit)
                case .enter: return .checklist(.addStep)
                default: return text(key)
                }
            }
            return keymap.action(for: key, on: .checklist)
        case .habits(let screen):
            if screen.adding != nil {
                switch key {
                case .enter: return .habits(.confirmName)
                case .escape: return .habits(.cancelName)
                default: return text(key)
                }
            }
            if screen.targeting != nil {
                switch key {
                case .enter: return .habits(.confirmTarget)
                case .escape: return .habits(.cancelTarget)
                default: return text(key)
                }
            }
            return keymap.action(for: key, on: .habits)
        case .suggestion(_): return keymap.action(for: key, on: .suggestion)
        case .stats: return keymap.action(for: key, on: .stats)
        case .calendar(let screen):
            if screen.goTo != nil {
                switch key {
                case .enter: return .calendar(.confirmGoTo)
                case .escape: return .calendar(.cancelGoTo)
                default: return text(key)
                }
            }
            return keymap.action(for: key, on: .calendar)
        case .help:
            switch key {
            case .up, .character("k"): return .moveFocus(dx: 0, dy: -1)
            case .down, .character("j"), .character(" "): return .moveFocus(dx: 0, dy: 1)
            case .pageUp: return .page(-1)
            case .pageDown: return .page(1)
            case .home, .character("g"): return .toEdge(last: false)
            case .end, .character("G"): return .toEdge(last: true)
            case .click: return nil
            default: return .escape
            }
        }
    }

    /// A key as the answer to a yes/no question: y yes, n or Esc no, anything else no answer.
    private static func answer(_ key: Key) -> Action {
        switch key {
        case .character("y"), .character("Y"): .answer(true)
        case .character("n"), .character("N"), .escape: .answer(false)
        default: .answer(nil)
        }
    }

    /// A prompt or a form's text: the typing keys of `KeyBindings.typing`, characters as text.
    private static func text(_ key: Key) -> Action? {
        if let action = KeyBindings.action(for: key, in: KeyBindings.typing) { return action }
        switch key {
        case .character(let c): return .type(c)
        case .paste(let text): return .paste(text)
        case .backspace: return .backspace
        case .enter: return .enter
        case .escape: return .escape
        case .tab, .down: return .tab(1)
        case .backTab, .up: return .tab(-1)
        default: return nil
        }
    }
}
