/// One RFC 5545 content line, `NAME;PARAM=VALUE:VALUE`, after unfolding, with the line of the
/// file it started on (ARCHITECTURE.md §11): what the calendar reader works on.
public struct ContentLine: Hashable, Sendable {
    public var name: String
    /// Parameter names upper-cased; values unquoted.
    public var parameters: [String: String]
    public var value: String
    public var line: Int

    public init(name: String, parameters: [String: String] = [:], value: String, line: Int = 0) {
        self.name = name
        self.parameters = parameters
        self.value = value
        self.line = line
    }

    /// The content lines of a calendar file: CRLF or LF line ends, folded lines (a line starting
    /// with a space or tab continues the one before) joined. A line that is not `NAME…:VALUE` is
    /// refused by its number.
    public static func lines(of text: String) throws(BoardError) -> [ContentLine] {
        var out: [ContentLine] = []
        var pending: (text: String, line: Int)?
        var number = 0
        // "\r\n" is one Character in Swift: split on it as well as on a bare LF.
        for physical in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\r\n" || $0 == "\n" }) {
            number += 1
            if let first = physical.first, first == " " || first == "\t" {
                guard pending != nil else { throw BoardError("line \(number)", "a folded line (starting with a space) must continue a content line") }
                pending!.text += physical.dropFirst()
                continue
            }
            if let (text, line) = pending { out.append(try parse(text, line: line)) }
            pending = physical.isEmpty ? nil : (String(physical), number)
        }
        if let (text, line) = pending { out.append(try parse(text, line: line)) }
        return out
    }

    /// `NAME;P=V;Q="a:b":value`: colons and semicolons inside quotes belong to the parameter.
    static func parse(_ text: String, line: Int) throws(BoardError) -> ContentLine {
        var name = "", parameters: [String: String] = [:]
        var scalars = Substring(text).unicodeScalars[...]
        func take(until stops: Set<Unicode.Scalar>) -> String {
            var out = String.UnicodeScalarView()
            var quoted = false
            while let c = scalars.first {
                if c == "\"" { quoted.toggle(); scalars = scalars.dropFirst(); continue }
                if !quoted && stops.contains(c) { break }
                out.append(c)
                scalars = scalars.dropFirst()
            }
            return String(out)
        }
        name = take(until: [";", ":"]).uppercased()
        guard !name.isEmpty, name.unicodeScalars.allSatisfy({ ($0 >= "A" && $0 <= "Z") || ($0 >= "0" && $0 <= "9") || $0 == "-" }) else {
            throw BoardError("line \(line)", "'\(text.echoed)' is not a content line (NAME:VALUE)")
        }
        while scalars.first == ";" {
            scalars = scalars.dropFirst()
            let key = take(until: ["=", ":", ";"]).uppercased()
            guard scalars.first == "=" else { throw BoardError("line \(line)", "\(name.echoed): the parameter '\(key.echoed)' has no value (NAME=VALUE)") }
            scalars = scalars.dropFirst()
            parameters[key] = take(until: [";", ":"])
        }
        guard scalars.first == ":" else { throw BoardError("line \(line)", "\(name.echoed) has no ':' before its value") }
        return ContentLine(name: name, parameters: parameters, value: String(String.UnicodeScalarView(scalars.dropFirst())), line: line)
    }

    /// The line as written to a file: parameters in the order given, folded at 75 octets, CRLF.
    public static func write(_ name: String, _ value: String) -> String { write(name, [], value) }

    public static func write(_ name: String, _ parameters: [(String, String)], _ value: String) -> String {
        let head = parameters.reduce(name) { $0 + ";" + $1.0 + "=" + $1.1 }
        return fold(head + ":" + value)
    }

    /// RFC 5545 §3.1: no line longer than 75 octets, broken between characters, never inside one.
    static func fold(_ line: String) -> String {
        // Most lines fit: only a long one is walked character by character (a feed is thousands of lines).
        if line.utf8.count <= 75 { return line + "\r\n" }
        var out = "", width = 0
        for character in line {
            let octets = character.utf8.count
            if width + octets > 75 {
                out += "\r\n "
                width = 1
            }
            out.append(character)
            width += octets
        }
        return out + "\r\n"
    }
}

/// TEXT values (RFC 5545 §3.3.11): backslash, semicolon, comma and newline escaped. A control
/// character or bidi override stored in the board (which no input takes, but an older board may
/// hold) is written as the visible escape every other output writes (ARCHITECTURE.md §8), its
/// backslash escaped too: a calendar file shown in a terminal can't write the clipboard.
public enum CalendarText {
    public static func escape(_ text: String) -> String {
        // Printable ASCII with nothing to escape, as most titles are, is written as it is.
        if text.utf8.allSatisfy({ (0x20...0x7E).contains($0) && $0 != 0x5C && $0 != 0x3B && $0 != 0x2C }) { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case ";": out += "\\;"
            case ",": out += "\\,"
            case "\n": out += "\\n"
            case "\r": continue
            case _ where TerminalText.isUnsafe(scalar): out += String(scalar).escapedForTerminal.replacingOccurrences(of: "\\", with: "\\\\")
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    public static func unescape(_ text: some StringProtocol) -> String {
        var out = "", escaped = false
        for c in text {
            if escaped {
                switch c {
                case "n", "N": out += "\n"
                default: out.append(c)
                }
                escaped = false
            } else if c == "\\" {
                escaped = true
            } else {
                out.append(c)
            }
        }
        return out
    }

    /// A list value split at unescaped commas (CATEGORIES, EXDATE), each item unescaped.
    public static func list(_ text: String) -> [String] {
        var items: [String] = [], current = "", escaped = false
        for c in text {
            if escaped { current += "\\" + String(c); escaped = false }
            else if c == "\\" { escaped = true }
            else if c == "," { items.append(unescape(current)); current = "" }
            else { current.append(c) }
        }
        items.append(unescape(current))
        return items
    }
}
