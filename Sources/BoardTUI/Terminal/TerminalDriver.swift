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
    public func draw(_ frame: Frame, clear: Bool = false) {
        if clear { clearok(board_stdscr(), true) }
        erase()
        for y in 0..<frame.height {
            var x = 0
            while x < frame.width {
                let style = frame[x, y].style
                var run: [wchar_t] = []
                let startX = x
                while x < frame.width, frame[x, y].style == style {
                    let cell = frame[x, y]
                    if cell.width > 0 { run += cell.character.unicodeScalars.map { wchar_t(bitPattern: $0.value) } }
                    // curses has no strike-through attribute; a combining long stroke draws one in UTF-8 terminals.
                    if cell.width > 0, style.contains(.strike), Self.canStrike, cell.character != " " { run.append(0x336) }
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
    }

    /// Strike-through needs combining characters: a UTF-8 locale.
    private static let canStrike: Bool = {
        guard let ctype = setlocale(LC_CTYPE, nil) else { return false }
        let name = String(cString: ctype).uppercased()
        return name.contains("UTF-8") || name.contains("UTF8")
    }()

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
