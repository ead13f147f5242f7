/// The part of TOML that config.toml uses: one `key = value` per line, values that are strings
/// (basic or literal) or whole numbers, `#` comments. Hand-written because the C++ TOML library
/// used before aborted the process on some malformed files (ARCHITECTURE.md §9);
/// this reader only ever returns settings or a line-numbered error.
public enum ConfigSyntax {
    /// A value as written: a string, a whole number, or anything else (kept as text for the error).
    public enum Value: Equatable, Sendable {
        case string(String)
        case integer(Int)
        case other(String)

        public var string: String? { if case .string(let s) = self { s } else { nil } }
        public var int: Int? { if case .integer(let n) = self { n } else { nil } }
    }

    public struct Setting: Equatable, Sendable {
        public let key: String
        public let value: Value
        public let line: Int

        public init(key: String, value: Value, line: Int) {
            self.key = key
            self.value = value
            self.line = line
        }
    }

    /// Why a line can't be read: its number and the rule it broke.
    public struct LineError: Error, Equatable {
        public let line: Int
        public let problem: String
    }

    /// Every `key = value` line of `text`, in order; the first line that isn't one throws.
    public static func settings(in text: String) throws(LineError) -> [Setting] {
        let read = self.read(text)
        if let first = read.faults.first { throw first }
        return read.settings
    }

    /// Every `key = value` line of `text`, in order, and every line that isn't one: a person
    /// fixing the file sees all its faults at once.
    public static func read(_ text: String) -> (settings: [Setting], faults: [LineError]) {
        var settings: [Setting] = [], faults: [LineError] = []
        var seen: [String: Int] = [:]
        for (index, raw) in lines(of: text).enumerated() {
            do throws(LineError) {
                if let setting = try setting(raw, line: index + 1) {
                    if let first = seen[setting.key] {
                        throw LineError(line: setting.line, problem: "\(setting.key.echoed) is set twice (first on line \(first))")
                    }
                    seen[setting.key] = setting.line
                    settings.append(setting)
                }
            } catch {
                faults.append(error)
            }
        }
        return (settings, faults)
    }

    /// One line's setting; nil for a blank line or a comment.
    private static func setting(_ raw: Substring, line number: Int) throws(LineError) -> Setting? {
        let trimmed = raw.drop { $0 == " " || $0 == "\t" }
        if trimmed.isEmpty || trimmed.hasPrefix("#") { return nil }
        if trimmed.hasPrefix("[") {
            throw LineError(line: number, problem: "tables ([…]) are not used; every setting is a top-level key = value")
        }
        guard let equals = indexOfEquals(in: trimmed) else {
            throw LineError(line: number, problem: "expected key = value")
        }
        let key = try self.key(String(trimmed[..<equals]), line: number)
        let value = try self.value(trimmed[trimmed.index(after: equals)...], line: number)
        return Setting(key: key, value: value, line: number)
    }

    /// The lines of `text`, split at LF and CRLF (a CRLF is one Character in Swift, so it needs saying).
    static func lines(of text: String) -> [Substring] {
        text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
    }

    /// The `=` that ends the key: the first one outside a quoted key.
    private static func indexOfEquals(in line: Substring) -> Substring.Index? {
        var quote: Character?
        for i in line.indices {
            let c = line[i]
            if let q = quote { if c == q { quote = nil } }
            else if c == "\"" || c == "'" { quote = c }
            else if c == "=" { return i }
        }
        return nil
    }

    /// A bare key, a quoted one, or a dotted one kept whole (it names no setting, so the caller refuses it by name).
    private static func key(_ text: String, line: Int) throws(LineError) -> String {
        let key = text.trimmingCharacters(in: [" ", "\t"])
        if key.count >= 2, let q = key.first, q == "\"" || q == "'", key.last == q {
            return String(key.dropFirst().dropLast())
        }
        guard !key.isEmpty, key.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "_-.".contains($0)) }) else {
            throw LineError(line: line, problem: "expected key = value")
        }
        return key
    }

    private static func value(_ text: Substring, line: Int) throws(LineError) -> Value {
        let text = text.drop { $0 == " " || $0 == "\t" }
        guard let first = text.first else { throw LineError(line: line, problem: "a value is missing after =") }
        if text.hasPrefix("\"\"\"") || text.hasPrefix("'''") {
            throw LineError(line: line, problem: "multi-line strings are not used; write the value on one line")
        }
        var rest: Substring
        let value: Value
        switch first {
        case "\"":
            (value, rest) = try basicString(text.dropFirst(), line: line)
        case "'":
            guard let end = text.dropFirst().firstIndex(of: "'") else {
                throw LineError(line: line, problem: "a string is not closed: ' is missing")
            }
            value = .string(String(text[text.index(after: text.startIndex)..<end]))
            rest = text[text.index(after: end)...]
        default:
            let token = text.prefix { $0 != "#" }.trimmingCharacters(in: [" ", "\t"])
            rest = ""
            let digits = token.replacingOccurrences(of: "_", with: "")
            value = Int(digits).map(Value.integer) ?? .other(token)
        }
        rest = rest.drop { $0 == " " || $0 == "\t" }
        guard rest.isEmpty || rest.hasPrefix("#") else {
            throw LineError(line: line, problem: "unexpected text after the value: \(String(rest).echoed)")
        }
        return value
    }

    /// A TOML basic string after its opening quote: the string and what follows the closing quote.
    private static func basicString(_ text: Substring, line: Int) throws(LineError) -> (Value, Substring) {
        var result = ""
        var i = text.startIndex
        while i < text.endIndex {
            let c = text[i]
            switch c {
            case "\"":
                return (.string(result), text[text.index(after: i)...])
            case "\\":
                i = text.index(after: i)
                guard i < text.endIndex else { throw LineError(line: line, problem: "a string is not closed: \" is missing") }
                switch text[i] {
                case "b": result.append("\u{08}")
                case "t": result.append("\t")
                case "n": result.append("\n")
                case "f": result.append("\u{0C}")
                case "r": result.append("\r")
                case "\"": result.append("\"")
                case "\\": result.append("\\")
                case "u", "U":
                    let length = text[i] == "u" ? 4 : 8
                    let hex = text[text.index(after: i)...].prefix(length)
                    guard hex.count == length, let code = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(code) else {
                        throw LineError(line: line, problem: "\\\(text[i]) must be followed by \(length) hexadecimal digits of a Unicode scalar")
                    }
                    result.unicodeScalars.append(scalar)
                    i = hex.endIndex
                    continue
                default:
                    throw LineError(line: line, problem: "unknown escape \\\(text[i]) in a string")
                }
            default:
                if c.unicodeScalars.contains(where: { $0.value < 0x20 && $0 != "\t" || $0.value == 0x7F }) {
                    throw LineError(line: line, problem: "a string may not hold control characters; write them as escapes")
                }
                result.append(c)
            }
            i = text.index(after: i)
        }
        throw LineError(line: line, problem: "a string is not closed: \" is missing")
    }
}
