import CNcurses
import Foundation

/// The only code that calls curses: it reads keys and copies frames to the screen.
public final class TerminalDriver {
    public private(set) var width = 0
    public private(set) var height = 0

    public init() {}

    /// Takes over the terminal: wide characters, no echo, keypad, mouse clicks, prompt Esc.
    public func start() {
        setlocale(LC_ALL, "")
        initscr()
        cbreak()
        noecho()
        nonl()
        keypad(board_stdscr(), true)
        set_escdelay(25)
        if ProcessInfo.processInfo.environment["NO_COLOR"] == nil, has_colors() {
            start_color()
            use_default_colors()
        }
        mousemask(board_button1_clicked(), nil)
        TerminalDriver.installSignalHandlers()
        width = Int(board_cols())
        height = Int(board_lines())
    }

    /// Gives the terminal back as it was.
    public func stop() {
        endwin()
    }

    /// The next key, or nil when `timeoutMilliseconds` pass without one.
    public func readKey(timeoutMilliseconds: Int32) -> Key? {
        if let key = pending {
            pending = nil
            return key
        }
        timeout(timeoutMilliseconds)
        var ch: wint_t = 0
        let status = get_wch(&ch)
        if status == ERR { return nil }
        if status != KEY_CODE_YES && ch == 27 { return escapeOrUnknownSequence() }
        return key(status: status, code: Int32(bitPattern: ch))
    }

    /// A key read after a lone Esc, handed out by the next `readKey`.
    private var pending: Key?

    /// The key a `get_wch` result stands for.
    private func key(status: Int32, code: Int32) -> Key? {
        if status == KEY_CODE_YES {
            switch code {
            case KEY_UP: return .up
            case KEY_DOWN: return .down
            case KEY_LEFT: return .left
            case KEY_RIGHT: return .right
            case KEY_SLEFT: return .shiftLeft
            case KEY_SRIGHT: return .shiftRight
            case KEY_BACKSPACE: return .backspace
            case KEY_ENTER: return .enter
            case KEY_BTAB: return .backTab
            case KEY_HOME: return .home
            case KEY_END: return .end
            case KEY_DC: return .delete
            case board_key_resize():
                width = Int(board_cols())
                height = Int(board_lines())
                return .resize(width: width, height: height)
            case board_key_mouse():
                var event = MEVENT()
                guard getmouse(&event) == OK else { return nil }
                return .click(x: Int(event.x), y: Int(event.y))
            default: return nil
            }
        }
        switch code {
        case 27: return .escape
        case 9: return .tab
        case 10, 13: return .enter
        case 127, 8: return .backspace
        case 1...26: return .control(Character(UnicodeScalar(UInt8(code) + 96)))
        default:
            guard let scalar = UnicodeScalar(UInt32(code)) else { return nil }
            return .character(Character(scalar))
        }
    }

    /// A lone Esc, or the start of a sequence the terminal database doesn't know: Alt+key
    /// (`ESC d`) or an unknown CSI/SS3 (`ESC [9x`), read whole and ignored, never split into Esc
    /// plus letters that would run commands. A sequence's bytes arrive together; a key the
    /// terminal decoded right after Esc (Esc, then ↓) is a key of its own, kept for the next read.
    private func escapeOrUnknownSequence() -> Key? {
        timeout(0)
        var next: wint_t = 0
        let status = get_wch(&next)
        guard status != ERR else { return .escape }
        if status == KEY_CODE_YES || next == 27 {
            pending = key(status: status, code: Int32(bitPattern: next))
            return .escape
        }
        if next == 91 || next == 79 {  // "[" (CSI) or "O" (SS3): up to the final byte
            var byte: wint_t = 0
            while get_wch(&byte) != ERR, !(0x40...0x7E).contains(Int32(bitPattern: byte)) {}
        }
        return nil
    }

    /// Copies a frame to the screen, runs of equal style at a time, then places the cursor.
    /// What curses can't draw as the frame means it — a grapheme cluster it would split into
    /// several cells (👨‍👩‍👧‍👦), strike-through it has no attribute for — it draws as a placeholder
    /// of the right width, and the terminal's own sequences then write over it (`RawCell`).
    public func draw(_ frame: Frame, clear: Bool = false) {
        if clear { clearok(board_stdscr(), true) }
        erase()
        var raw: [RawCell] = []
        for y in 0..<frame.height {
            var x = 0
            while x < frame.width {
                let style = frame[x, y].style
                var run: [wchar_t] = []
                let startX = x
                while x < frame.width, frame[x, y].style == style {
                    let cell = frame[x, y]
                    if cell.width > 0 {
                        if Self.cursesWidth(cell.character) == cell.width {
                            run += cell.character.unicodeScalars.map { wchar_t(bitPattern: $0.value) }
                        } else {
                            // Its first scalar (👨 of 👨‍👩‍👧‍👦) and spaces up to its width: still
                            // readable on a terminal that can't be written to directly.
                            let first = cell.character.unicodeScalars.first!
                            let firstWidth = Int(board_wcwidth(first.value))
                            let head = (1...cell.width).contains(firstWidth) ? [wchar_t(bitPattern: first.value)] : []
                            run += head + Array(repeating: wchar_t(32), count: cell.width - (head.isEmpty ? 0 : firstWidth))
                        }
                        if !Self.cursesCanDraw(cell) {
                            // Neighbours of one style on one row go out as one run (a struck step, not its letters).
                            if let last = raw.last, last.y == y, last.style == style, last.end == x {
                                raw[raw.count - 1].append(cell.character, width: cell.width)
                            } else {
                                raw.append(RawCell(x: x, y: y, text: String(cell.character), style: style, end: x + cell.width))
                            }
                        }
                    }
                    x += 1
                }
                // The last cell of the screen can't be written without scrolling it.
                if y == frame.height - 1 && x == frame.width, !run.isEmpty { run.removeLast() }
                board_attrset(Self.attributes(style))
                run.append(0)
                _ = board_mvaddwstr(Int32(y), Int32(startX), run)
            }
        }
        board_attrset(0)
        if let cursor = frame.cursor {
            curs_set(1)
            move(Int32(cursor.y), Int32(cursor.x))
        } else {
            curs_set(0)
        }
        refresh()
        Self.write(raw.filter { !($0.y == frame.height - 1 && $0.end >= frame.width) })
    }

    /// A cell the terminal's own sequences draw after curses has drawn its placeholder.
    struct RawCell {
        let x: Int, y: Int
        var text: String
        let style: CellStyle
        /// The column after its last cell.
        var end: Int

        mutating func append(_ character: Character, width: Int) {
            text.append(character)
            end += width
        }
    }

    /// How many cells curses gives a character: one per scalar that has a width.
    private static func cursesWidth(_ character: Character) -> Int {
        character.unicodeScalars.reduce(0) { $0 + max(0, Int(board_wcwidth($1.value))) }
    }

    private static func cursesCanDraw(_ cell: Cell) -> Bool {
        cursesWidth(cell.character) == cell.width && !(cell.style.contains(.strike) && Sequences.shared.strike != nil)
    }

    /// Writes raw cells with the terminal's sequences, then puts the cursor and the attributes
    /// back where curses left them (save and restore cursor), so curses' idea of the screen holds.
    private static func write(_ cells: [RawCell]) {
        let sequences = Sequences.shared
        guard !cells.isEmpty, let save = sequences.save, let restore = sequences.restore, let cup = sequences.cursorAddress else { return }
        var out = save
        for cell in cells {
            guard let move = board_cursor_address(cup, Int32(cell.y), Int32(cell.x)) else { continue }
            out += String(cString: move) + sequences.attributes(cell.style) + cell.text + sequences.reset
        }
        out += restore
        FileHandle.standardOutput.write(Data(out.utf8))
    }

    /// The terminal's sequences for what curses can't do, read from terminfo once.
    struct Sequences: Sendable {
        static let shared = Sequences()
        let save: String?, restore: String?, reset: String
        let cursorAddress: String?
        let bold: String?, dim: String?, reverse: String?, underline: String?
        /// Strike-through (`smxx`), where the terminal database has it.
        let strike: String?

        private init() {
            func cap(_ name: String) -> String? { board_capability(name).map { String(cString: $0) } }
            save = cap("sc")
            restore = cap("rc")
            reset = cap("sgr0") ?? ""
            cursorAddress = cap("cup")
            bold = cap("bold")
            dim = cap("dim")
            reverse = cap("rev")
            underline = cap("smul")
            strike = cap("smxx")
        }

        func attributes(_ style: CellStyle) -> String {
            var out = reset
            if style.contains(.bold) { out += bold ?? "" }
            if style.contains(.dim) { out += dim ?? "" }
            if style.contains(.reverse) { out += reverse ?? "" }
            if style.contains(.underline) { out += underline ?? "" }
            if style.contains(.strike) { out += strike ?? "" }
            return out
        }
    }

    private static func attributes(_ style: CellStyle) -> Int32 {
        var a: Int32 = 0
        if style.contains(.bold) { a |= board_a_bold() }
        if style.contains(.reverse) { a |= board_a_reverse() }
        if style.contains(.dim) { a |= board_a_dim() }
        if style.contains(.underline) { a |= board_a_underline() }
        return a
    }

    /// Ctrl-C, SIGTERM and crash signals give the terminal back before the process ends.
    /// A parent may have blocked signals it passed on; the resize signal must get through.
    private static func installSignalHandlers() {
        var wanted = sigset_t()
        sigemptyset(&wanted)
        for signal in [SIGWINCH, SIGINT, SIGTERM, SIGHUP] { sigaddset(&wanted, signal) }
        pthread_sigmask(SIG_UNBLOCK, &wanted, nil)
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGSEGV, SIGBUS, SIGABRT, SIGILL, SIGFPE] {
            Foundation.signal(signal) { received in
                endwin()
                Foundation.signal(received, SIG_DFL)
                raise(received)
            }
        }
    }
}
