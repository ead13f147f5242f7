import BoardModel

extension Action {
    /// A character, Backspace or a text edit: what a text field takes.
    public var isTyping: Bool {
        switch self {
        case .type, .backspace, .editText, .paste: true
        default: false
        }
    }
}

/// An edit of a text field other than typing a character or Backspace.
public enum TextEdit: Hashable, Sendable {
    case left, right, home, end, deleteForward, deleteToStart, deleteToEnd, deleteWordBack
}

/// A line of text being typed, with a cursor: the add prompt, the search query, every form field,
/// the Add step row, a new habit's name. The one place text editing lives (ARCHITECTURE.md §6):
/// ←/→, Home/End (Ctrl-A/E), Backspace/Delete, Ctrl-U/K (to the start / end), Ctrl-W (the word
/// before). The cursor counts extended grapheme clusters (Swift's Characters), so a wide character,
/// an emoji or a joiner sequence is one step; a scalar typed on its own that joins the cluster
/// before it (a zero-width joiner, a combining mark, a skin tone) becomes part of that cluster.
public struct TextField: Hashable, Sendable {
    public private(set) var text: String
    /// How many characters stand before the cursor.
    public private(set) var cursor: Int
    /// The whole value is selected (a numeric field just focused): typing replaces it, Backspace
    /// or Delete clears it, a cursor key keeps it and ends the selection.
    public private(set) var isSelected = false

    public init(_ text: String = "") {
        self.text = text
        cursor = text.count
    }

    /// `text` with the cursor after `cursor` characters (nil or beyond the end: at the end).
    public init(_ text: String, cursor: Int?) {
        self.text = text
        self.cursor = min(max(0, cursor ?? text.count), text.count)
    }

    /// Selects the whole value, the cursor at its end, so that what is typed next replaces it.
    public mutating func selectAll() {
        cursor = text.count
        isSelected = !text.isEmpty
    }

    /// The text before the cursor: where a view puts the terminal's cursor.
    public var beforeCursor: Substring { text.prefix(cursor) }

    public mutating func type(_ c: Character) {
        insert(String(c))
    }

    /// Puts `pasted` at the cursor as one line: line breaks and tabs become spaces, other control
    /// characters (and bidi overrides) are dropped, as a one-line field can hold none of them.
    public mutating func paste(_ pasted: String) {
        var line = String.UnicodeScalarView(), previous: Unicode.Scalar?
        for scalar in pasted.unicodeScalars {
            defer { previous = scalar }
            if scalar == "\n", previous == "\r" { continue }  // CR LF is one line break
            if ["\n", "\r", "\t"].contains(scalar) { line.append(" ") } else if !TerminalText.isUnsafe(scalar) { line.append(scalar) }
        }
        insert(String(line))
    }

    /// Inserts `piece` at the cursor and puts the cursor after it. What is inserted may join the
    /// cluster before it or after it (a joiner, a combining mark): the cursor then lands after the
    /// cluster it ended in, counted from the scalars, so it is always on a cluster boundary.
    private mutating func insert(_ piece: String) {
        replaceSelection()
        guard !piece.isEmpty else { return }
        let head = String(text.prefix(cursor)) + piece
        let headScalars = head.unicodeScalars.count
        text = head + text.dropFirst(cursor)
        var scalars = 0, clusters = 0
        for character in text where scalars < headScalars {
            scalars += character.unicodeScalars.count
            clusters += 1
        }
        cursor = clusters
    }

    public mutating func backspace() {
        if isSelected { return replaceSelection() }
        guard cursor > 0 else { return }
        text.remove(at: index(cursor - 1))
        cursor -= 1
    }

    public mutating func apply(_ edit: TextEdit) {
        if isSelected {
            switch edit {
            case .deleteForward, .deleteToStart, .deleteToEnd, .deleteWordBack: return replaceSelection()
            default: isSelected = false
            }
        }
        switch edit {
        case .left: cursor = max(0, cursor - 1)
        case .right: cursor = min(text.count, cursor + 1)
        case .home: cursor = 0
        case .end: cursor = text.count
        case .deleteForward: if cursor < text.count { text.remove(at: index(cursor)) }
        case .deleteToStart:
            text.removeSubrange(text.startIndex..<index(cursor))
            cursor = 0
        case .deleteToEnd: text.removeSubrange(index(cursor)...)
        case .deleteWordBack:
            var start = cursor
            let characters = Array(text)
            while start > 0, characters[start - 1] == " " { start -= 1 }
            while start > 0, characters[start - 1] != " " { start -= 1 }
            text.removeSubrange(index(start)..<index(cursor))
            cursor = start
        }
    }

    /// Carries out a typing action (a character, Backspace, an edit); false for any other action.
    public mutating func handle(_ action: Action) -> Bool {
        switch action {
        case .type(let c): type(c)
        case .paste(let text): paste(text)
        case .backspace: backspace()
        case .editText(let edit): apply(edit)
        default: return false
        }
        return true
    }

    private mutating func replaceSelection() {
        guard isSelected else { return }
        text = ""
        cursor = 0
        isSelected = false
    }

    /// What a field `width` cells wide shows of the text, and the cursor's cell in it: the text
    /// scrolls to keep the cursor in view, with "…" where it is cut on either side.
    public func visible(in width: Int) -> (text: String, cursorX: Int) {
        let before = String(beforeCursor), after = String(text.dropFirst(cursor))
        guard width > 2 else { return ("", 0) }
        if DisplayWidth.of(before) + 1 <= width {
            let shown = DisplayWidth.of(text) + (after.isEmpty ? 1 : 0) <= width ? text : DisplayWidth.truncate(text, to: width)
            return (shown, DisplayWidth.of(before))
        }
        // Cut on the left: "…" then as much of the text before the cursor as leaves a cell for the cursor.
        var tail = "", used = 0
        for c in before.reversed() {
            guard used + DisplayWidth.of(c) <= width - 2 else { break }
            tail.insert(c, at: tail.startIndex)
            used += DisplayWidth.of(c)
        }
        let rest = width - 1 - used
        return ("…" + tail + (after.isEmpty ? "" : DisplayWidth.truncate(after, to: rest)), 1 + used)
    }

    private func index(_ offset: Int) -> String.Index { text.index(text.startIndex, offsetBy: offset) }
}
