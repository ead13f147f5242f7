/// Where the help opens over `mode`: at the section of that screen's keys.
func helpScroll(_ state: BoardState, over mode: Mode) -> Int {
    let screen: KeyScreen? = switch mode {
    case .detail: .detail
    case .templateForm: .form
    case .propagation: .dialog
    case .checklist: .checklist
    case .habits: .habits
    case .stats: .stats
    case .calendar: .calendar
    case .suggestion: .suggestion
    default: nil
    }
    let title: String? = switch mode {
    case .editing, .adding, .searching: "Typing text (prompts, forms)"
    default: screen.flatMap { KeyBindings.title(of: $0, state.keymap) }
    }
    guard let title, let line = KeyBindings.helpLines(state.keymap).firstIndex(of: title) else { return 0 }
    // The box's first line is its "Keys" title; `fit` keeps the scroll within the box.
    return line + 1
}
