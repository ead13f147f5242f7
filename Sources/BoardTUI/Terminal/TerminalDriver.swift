import BoardModel
import CNcurses
import Foundation

/// The only code that calls curses: it reads keys and copies frames to the screen.
public final class TerminalDriver {
    public private(set) var width = 0
    public private(set) var height = 0
    /// The theme's colour for each role, as curses colour pairs: empty without colour.
    private var pairs: [StyleRole: Int32] = [:]
    /// The `#hex` colours written as themselves (`38;2;r;g;b`) on a terminal that says it has
    /// 24-bit colour (`COLORTERM`): curses draws the nearest palette colour, then these over it.
    private var trueColors: [StyleRole: String] = [:]
    private let theme: Theme

    /// A driver that colours the roles as `theme` says (where the terminal and NO_COLOR let it).
    public init(theme: Theme = .none) {
        self.theme = theme
    }

    /// Whether the screen may write colour: never under NO_COLOR (non-empty, no-color.org), on a
    /// dumb terminal, or with the theme `none`; attributes and words are kept either way.
    public static func colourAllowed(theme: Theme, environment: [String: String]) -> Bool {
        !(environment["NO_COLOR"].map { !$0.isEmpty } ?? false) && environment["TERM"] != "dumb" && !theme.colors.isEmpty
    }

    /// Why this terminal can't draw the board, in a line that says what works instead; nil when it
    /// can. Asked before anything is opened, so a dumb terminal gets one line and nothing written.
    public static func cannotDraw(environment: [String: String]) -> BoardError? {
        let instead = "`board list` and `board agenda` work in any terminal"
        guard let term = environment["TERM"], !term.isEmpty else { return BoardError("TERM", "is not set, so the board can't be drawn; \(instead)") }
        switch board_terminal_can_draw(term) {
        case 2: return nil
        case 1: return BoardError("TERM", "'\(term.echoed)' can't draw the board (it can't move the cursor); \(instead)")
        default: return BoardError("TERM", "'\(term.echoed)' is a terminal terminfo doesn't know, so the board can't be drawn; \(instead)")
        }
    }

    /// Whether the terminal says it shows 24-bit colour (`COLORTERM=truecolor` or `24bit`), which
    /// terminfo has no common way to say.
    public static func hasTrueColor(environment: [String: String]) -> Bool {
        ["truecolor", "24bit"].contains(environment["COLORTERM"]?.lowercased() ?? "")
    }

    /// Takes over the terminal: wide characters, no echo, mouse clicks, bracketed paste. Keys are
    /// read from the terminal's bytes by `InputDecoder`, never by curses, so that no reply or
    /// sequence curses doesn't know can turn into keys.
    public func start() {
        setlocale(LC_ALL, "")
        initscr()
        cbreak()
        noecho()
        nonl()
        // Cursor keys as ESC O A: the decoder reads both that and ESC [ A.
        keypad(board_stdscr(), true)
        let environment = ProcessInfo.processInfo.environment
        if Self.colourAllowed(theme: theme, environment: environment), has_colors() {
            start_color()
            use_default_colors()
            // Each role a pair of its own, its colour the nearest the terminal has, on the terminal's background.
            let depth = Int(board_colors())
            for (i, role) in StyleRole.allCases.enumerated() {
                guard let color = theme.colors[role], depth >= 8 else { continue }
                let pair = Int16(i + 1)
                if init_pair(pair, Int16(color.index(depth: depth)), -1) == OK { pairs[role] = Int32(pair) }
                if case .rgb(let r, let g, let b) = color, depth >= 256, Self.hasTrueColor(environment: environment) {
                    trueColors[role] = "\u{1B}[38;2;\(r);\(g);\(b)m"
                }
            }
        }
        mousemask(board_button1_clicked(), nil)
        Self.writeToTerminal(Self.bracketedPasteOn)
        TerminalDriver.installSignalHandlers()
        width = Int(board_cols())
        height = Int(board_lines())
    }

    /// Gives the terminal back as it was.
    public func stop() {
        Self.writeToTerminal(Self.bracketedPasteOff)
        endwin()
    }

    private static let bracketedPasteOn = "\u{1B}[?2004h", bracketedPasteOff = "\u{1B}[?2004l"

    private var decoder = InputDecoder()
    /// Keys decoded and not yet handed out, oldest first.
    private var decoded: [Key] = []
    private var nextDecoded = 0

    /// Whether keys have arrived that `readKey` has not handed out yet.
    public var hasKeysWaiting: Bool { nextDecoded < decoded.count }

    /// The next key, or nil when `timeoutMilliseconds` pass without one or one of `waking` (the
    /// board's file written, sync's words posted) becomes readable. A change of the terminal's size
    /// is a key of its own; so is the terminal going away (`.hangUp`).
    public func readKey(timeoutMilliseconds: Int32, waking: [Int32] = []) -> Key? {
        if let key = takeDecoded() { return key }
        var waited = 0
        while true {
            if let resize = resized() { return resize }
            let wait = decoder.patience ?? max(0, Int(timeoutMilliseconds) - waited)
            // In the middle of a sequence (a lone Esc waiting its 25 ms) only the keyboard counts:
            // a write heard then kept poll from ever timing out, and Esc did nothing.
            let others = decoder.patience == nil ? waking : []
            var fds = [pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)] + others.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            let started = DispatchTime.now().uptimeNanoseconds
            let ready = poll(&fds, nfds_t(fds.count), Int32(wait))
            // Something else to look at, and no key in the middle of a sequence: the caller looks.
            if ready > 0, fds[0].revents == 0, decoder.patience == nil { return nil }
            waited += Int((DispatchTime.now().uptimeNanoseconds - started) / 1_000_000)
            if ready < 0 {
                guard errno == EINTR else { return .hangUp }
                continue  // a signal (the resize's): look at the size again
            }
            if ready == 0 {
                if decoder.patience != nil {
                    decoded += decoder.timedOut()
                    if let key = takeDecoded() { return key }
                    continue
                }
                return nil
            }
            var bytes = [UInt8](repeating: 0, count: 4096)
            let count = read(STDIN_FILENO, &bytes, bytes.count)
            if count < 0, errno == EINTR || errno == EAGAIN { continue }
            guard count > 0 else { return .hangUp }
            decoded += decoder.decode(bytes[0..<count])
            if let key = takeDecoded() { return key }
        }
    }

    private func takeDecoded() -> Key? {
        guard nextDecoded < decoded.count else {
            decoded.removeAll(keepingCapacity: true)
            nextDecoded = 0
            return nil
        }
        defer { nextDecoded += 1 }
        return decoded[nextDecoded]
    }

    /// The terminal's size when it changed since the last look (curses is told, as its own
    /// reading of keys would have done).
    private func resized() -> Key? {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
        let (w, h) = (Int(size.ws_col), Int(size.ws_row))
        guard w != width || h != height else { return nil }
        resizeterm(Int32(h), Int32(w))
        width = w
        height = h
        return .resize(width: w, height: h)
    }

    private static func writeToTerminal(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
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
                let style = frame[x, y].style, role = frame[x, y].role
                var run: [wchar_t] = []
                let startX = x
                while x < frame.width, frame[x, y].style == style, frame[x, y].role == role {
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
                        let trueColor = role.flatMap { trueColors[$0] }
                        if !Self.cursesCanDraw(cell) || trueColor != nil {
                            // Neighbours of one style on one row go out as one run (a struck step, not its letters).
                            if let last = raw.last, last.y == y, last.style == style, last.color == trueColor, last.end == x {
                                raw[raw.count - 1].append(cell.character, width: cell.width)
                            } else {
                                raw.append(RawCell(x: x, y: y, text: String(cell.character), style: style, color: trueColor, end: x + cell.width))
                            }
                        }
                    }
                    x += 1
                }
                // The last cell of the screen can't be written without scrolling it.
                if y == frame.height - 1 && x == frame.width, !run.isEmpty { run.removeLast() }
                board_attrset(Self.attributes(style) | (role.flatMap { pairs[$0] }.map(board_color_pair) ?? 0))
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
        /// A 24-bit foreground colour's sequence, or nil for the terminal's own.
        let color: String?
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
            out += String(cString: move) + sequences.attributes(cell.style) + (cell.color ?? "") + cell.text + sequences.reset
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
                // Bracketed paste off (write(2) is safe in a handler), then curses' own restore.
                _ = "\u{1B}[?2004l".withCString { Glibc.write(STDOUT_FILENO, $0, 8) }
                endwin()
                Foundation.signal(received, SIG_DFL)
                raise(received)
            }
        }
    }
}
