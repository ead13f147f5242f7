/// The bytes a terminal sends, turned into keys: one parser for everything, on the model of the
/// DEC/ANSI parser state machine terminal emulators use (ARCHITECTURE.md §6, "Input"). Control
/// sequences (CSI, SS3) become the keys they stand for or nothing; strings (DCS, OSC, SOS, PM,
/// APC — a terminal's replies) are read whole up to their terminator or a cancel and are never
/// keys; a bracketed paste is one `.paste`. Pure and incremental: bytes may arrive split anywhere,
/// and the decoder keeps what it has until the rest comes or the driver says none will
/// (`timedOut`). Memory is bounded and time linear in the bytes, whatever they are.
public struct InputDecoder: Sendable {
    public init() {}

    private enum State: Sendable {
        case ground
        /// After ESC: a sequence's introducer, an Alt+key, or (if nothing follows in time) Esc itself.
        case escape
        /// ESC [ with its parameters and intermediates so far.
        case csi
        /// ESC O: one final byte.
        case ss3
        /// DCS, OSC, SOS, PM or APC, read up to BEL or ST; `sawEscape` when the last byte was ESC.
        case string(sawEscape: Bool)
        /// Between ESC [ 200 ~ and ESC [ 201 ~; `matched` bytes of the end marker seen so far.
        case paste(matched: Int)
        /// ESC [ M: a mouse report's three raw bytes (X10 encoding).
        case mouse
    }

    private var state = State.ground
    /// A character's UTF-8 bytes so far (ground), or a CSI's parameter and intermediate bytes.
    private var pending: [UInt8] = []
    /// The UTF-8 bytes a character still needs.
    private var needed = 0
    /// The character after an Alt (ESC x) is dropped whole, even when it is several bytes.
    private var droppingCharacter = false
    private var pasted: [UInt8] = []
    /// An ESC was the last byte of a read. A terminal sends Alt+key in one write, so a key in the
    /// next read is a key of its own after Esc; a sequence's introducer there still continues it.
    private var escapeEndedRead = false

    /// The most a paste keeps (the rest is dropped): far more than any field holds.
    public static let pasteLimit = 1 << 16
    /// A CSI longer than this is no key any terminal sends: it is read to its end and dropped.
    static let csiLimit = 32
    private static let pasteEnd: [UInt8] = Array("\u{1B}[201~".utf8)

    /// How long the driver should wait for more bytes before calling `timedOut`, in milliseconds:
    /// nil when nothing is unfinished. A lone Esc is Esc after 25 ms, as curses' ESCDELAY; an
    /// unfinished sequence or paste is given half a second.
    public var patience: Int? {
        switch state {
        case .ground: needed > 0 ? 500 : nil
        case .escape: 25
        default: 500
        }
    }

    /// The keys `bytes` complete.
    public mutating func decode(_ bytes: some Sequence<UInt8>) -> [Key] {
        var keys: [Key] = []
        for byte in bytes { decode(byte, into: &keys) }
        if case .escape = state { escapeEndedRead = true }
        return keys
    }

    /// No more bytes came in time: a lone ESC is the Esc key, a paste without its end marker is
    /// delivered as far as it came, and any other unfinished sequence is dropped.
    public mutating func timedOut() -> [Key] {
        defer { reset() }
        switch state {
        case .escape: return [.escape]
        case .paste: return pastedKey().map { [$0] } ?? []
        default: return []
        }
    }

    private mutating func reset() {
        state = .ground
        escapeEndedRead = false
        pending.removeAll(keepingCapacity: true)
        needed = 0
        droppingCharacter = false
    }

    private mutating func decode(_ byte: UInt8, into keys: inout [Key]) {
        switch state {
        case .ground: ground(byte, into: &keys)
        case .escape: escape(byte, into: &keys)
        case .csi: csi(byte, into: &keys)
        case .ss3:
            state = .ground
            if let key = Self.ss3Keys[byte] { keys.append(key) }
        case .string(let sawEscape):
            if byte == 0x07 || (sawEscape && byte == 0x5C) || byte == 0x18 || byte == 0x1A {
                state = .ground  // BEL or ST ends it; CAN or SUB cancels it
            } else if sawEscape && byte == 0x1B {
                state = .escape  // the string ended; a new sequence starts (no Esc key from inside a string)
            } else if sawEscape {
                // ESC then anything but "\" ends the string and starts a sequence (as terminals do).
                state = .escape
                escape(byte, into: &keys)
            } else {
                state = .string(sawEscape: byte == 0x1B)
            }
        case .paste(let matched): paste(byte, matched: matched, into: &keys)
        case .mouse:
            pending.append(byte)
            guard pending.count == 3 else { return }
            let (button, x, y) = (Int(pending[0]) - 32, Int(pending[1]) - 33, Int(pending[2]) - 33)
            reset()
            if let key = Self.mouseKey(button: button, x: x, y: y, pressed: true) { keys.append(key) }
        }
    }

    private mutating func ground(_ byte: UInt8, into keys: inout [Key]) {
        if needed > 0 {
            guard byte & 0xC0 == 0x80 else {
                // A character cut short: dropped, and this byte read afresh.
                pending.removeAll(keepingCapacity: true)
                needed = 0
                droppingCharacter = false
                return ground(byte, into: &keys)
            }
            pending.append(byte)
            needed -= 1
            guard needed == 0 else { return }
            defer { pending.removeAll(keepingCapacity: true) }
            if droppingCharacter { droppingCharacter = false; return }
            guard let scalar = String(validating: pending, as: UTF8.self)?.unicodeScalars.first else { return }
            // C1 controls (U+0080–U+009F) are never typed.
            if scalar.value >= 0xA0 { keys.append(.character(Character(scalar))) }
            return
        }
        switch byte {
        case 0x1B: state = .escape
        case 0x09: keys.append(.tab)
        case 0x0A, 0x0D: keys.append(.enter)
        case 0x08, 0x7F: keys.append(.backspace)
        case 0x01...0x1A: keys.append(.control(Character(UnicodeScalar(byte + 0x60))))
        case 0x20...0x7E: keys.append(.character(Character(UnicodeScalar(byte))))
        case 0xC2...0xDF: startCharacter(byte, needing: 1)
        case 0xE0...0xEF: startCharacter(byte, needing: 2)
        case 0xF0...0xF4: startCharacter(byte, needing: 3)
        default: droppingCharacter = false  // NUL, FS–US, a stray continuation or an invalid lead byte
        }
    }

    private mutating func startCharacter(_ byte: UInt8, needing count: Int) {
        pending = [byte]
        needed = count
    }

    private mutating func escape(_ byte: UInt8, into keys: inout [Key]) {
        state = .ground
        let split = escapeEndedRead
        escapeEndedRead = false
        switch byte {
        case 0x5B: state = .csi; pending.removeAll(keepingCapacity: true)  // [
        case 0x4F: state = .ss3  // O
        case 0x50, 0x5D, 0x58, 0x5E, 0x5F: state = .string(sawEscape: false)  // P ] X ^ _
        case 0x1B:
            keys.append(.escape)  // Esc, then another sequence or Esc
            state = .escape
        case 0x18, 0x1A: break  // cancelled
        case _ where split:
            keys.append(.escape)  // Esc, then a key typed after it
            ground(byte, into: &keys)
        case 0xC2...0xF4:
            // Alt with a character of several bytes: the whole character is dropped.
            droppingCharacter = true
            ground(byte, into: &keys)
        default: break  // Alt+key: no command is bound to one, and its letter must not run one
        }
    }

    private mutating func csi(_ byte: UInt8, into keys: inout [Key]) {
        switch byte {
        case 0x20...0x3F:
            if pending.count < Self.csiLimit { pending.append(byte) } else { pending = [0x21] }  // "!": matches no key
        case 0x40...0x7E:
            let parameters = pending
            state = .ground
            pending.removeAll(keepingCapacity: true)
            if byte == 0x4D, parameters.isEmpty {  // ESC [ M: a mouse report's bytes follow
                state = .mouse
                return
            }
            if let key = csiKey(parameters, final: byte, into: &keys) { keys.append(key) }
        case 0x1B: state = .escape  // a sequence cut short by a new one
        case 0x18, 0x1A: state = .ground; pending.removeAll(keepingCapacity: true)
        default: break  // controls and bytes that have no place in a sequence are ignored inside it
        }
    }

    private mutating func csiKey(_ parameters: [UInt8], final: UInt8, into keys: inout [Key]) -> Key? {
        let text = String(decoding: parameters, as: UTF8.self)
        if text.first == "<" {  // SGR mouse: ESC [ < button ; x ; y M (press) or m (release)
            let fields = text.dropFirst().split(separator: ";").compactMap { Int($0) }
            guard fields.count == 3 else { return nil }
            return Self.mouseKey(button: fields[0], x: fields[1] - 1, y: fields[2] - 1, pressed: final == 0x4D)
        }
        let fields = text.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        guard fields.allSatisfy({ $0 != nil }) || text.isEmpty else { return nil }  // private (?, >) or odd parameters
        let numbers = fields.compactMap { $0 }
        // A modifier parameter (1;2 is Shift): Shift keeps its meaning on ←→, others make no key.
        let modifier = numbers.count > 1 ? numbers[1] : 1
        guard modifier == 1 || modifier == 2 else { return nil }
        switch final {
        case 0x41: return .up
        case 0x42: return .down
        case 0x43: return modifier == 2 ? .shiftRight : .right
        case 0x44: return modifier == 2 ? .shiftLeft : .left
        case 0x48: return .home
        case 0x46: return .end
        case 0x5A: return .backTab
        case 0x50 where modifier == 1: return .f1  // ESC [ P, ESC [ 1 P
        case 0x7E:
            switch numbers.first {
            case 1, 7: return .home
            case 4, 8: return .end
            case 3: return .delete
            case 5: return .pageUp
            case 6: return .pageDown
            case 11: return .f1
            case 200:
                state = .paste(matched: 0)
                pasted.removeAll(keepingCapacity: true)
                return nil
            default: return nil
            }
        default: return nil
        }
    }

    private mutating func paste(_ byte: UInt8, matched: Int, into keys: inout [Key]) {
        if byte == Self.pasteEnd[matched] {
            guard matched + 1 == Self.pasteEnd.count else { state = .paste(matched: matched + 1); return }
            state = .ground
            if let key = pastedKey() { keys.append(key) }
            return
        }
        // Not the end marker after all: what matched was text (it began with ESC, which can't recur inside it).
        keep(Self.pasteEnd[0..<matched])
        if byte == Self.pasteEnd[0] { state = .paste(matched: 1) } else { keep([byte]); state = .paste(matched: 0) }
    }

    private mutating func keep(_ bytes: some Collection<UInt8>) {
        guard pasted.count < Self.pasteLimit else { return }
        pasted.append(contentsOf: bytes.prefix(Self.pasteLimit - pasted.count))
    }

    private mutating func pastedKey() -> Key? {
        defer { pasted.removeAll(keepingCapacity: false) }
        guard !pasted.isEmpty else { return nil }
        // Text cut at the limit may end inside a character: decoding repairs it.
        return .paste(String(decoding: pasted, as: UTF8.self))
    }

    /// A mouse report: a press of the first button is a click; the wheel moves up or down;
    /// releases, drags and other buttons are no key.
    private static func mouseKey(button: Int, x: Int, y: Int, pressed: Bool) -> Key? {
        guard pressed, x >= 0, y >= 0, button >= 0 else { return nil }
        switch button & ~0b1_1100 {  // without the Shift, Alt and Ctrl bits
        case 0: return .click(x: x, y: y)
        case 64: return .up
        case 65: return .down
        default: return nil
        }
    }

    private static let ss3Keys: [UInt8: Key] = [
        0x41: .up, 0x42: .down, 0x43: .right, 0x44: .left, 0x48: .home, 0x46: .end, 0x4D: .enter, 0x50: .f1,
    ]
}
