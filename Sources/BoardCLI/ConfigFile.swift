import BoardModel
import BoardStore
import Foundation

/// A config file that can't be used: where, and every fault to fix, in the order of its lines.
public struct ConfigError: Error, CustomStringConvertible {
    public let path: String
    public let faults: [Fault]

    /// One thing wrong with the file: its line (nil for the whole file) and the rule it broke.
    public struct Fault: Error, Equatable, Sendable {
        public let line: Int?
        public let problem: String
        public init(line: Int?, problem: String) { (self.line, self.problem) = (line, problem) }
    }

    /// The most faults said one by one: a file of garbage is not a screenful of errors.
    public static let shownFaults = 20

    /// One line per fault, each naming the file and the line; past `shownFaults`, one line says how many more.
    public var lines: [String] {
        let shown = faults.prefix(Self.shownFaults).map { "\(path)\($0.line.map { " line \($0)" } ?? ""): \($0.problem)" }
        let more = faults.count - shown.count
        return shown + (more > 0 ? ["\(path): and \(more) more \(more == 1 ? "fault" : "faults") after line \(faults[Self.shownFaults - 1].line ?? 0)"] : [])
    }
    public var description: String { lines.joined(separator: "\n") }

    public init(path: String, faults: [Fault]) {
        self.path = path
        self.faults = faults.enumerated().sorted { ($0.element.line ?? 0, $0.offset) < ($1.element.line ?? 0, $1.offset) }.map(\.element)
    }

    public init(path: String, line: Int?, problem: String) {
        self.init(path: path, faults: [Fault(line: line, problem: problem)])
    }
}

/// `$XDG_CONFIG_HOME/board/config.toml` (default `~/.config/board/config.toml`), or the file
/// `BOARD_CONFIG` names (`--config` before a command sets it), read once per process.
/// A file that is missing is no configuration; a file that is malformed stops every command, because
/// guessing a time zone or a notify command would deliver reminders at the wrong moment or nowhere.
public enum ConfigFile {
    /// The settings a file may hold, each named once (besides `color_<role>` and `key_<action>`).
    public enum Setting: String, CaseIterable, Sendable {
        case timeZone = "time_zone", weekStart = "week_start", notifyCommand = "notify_command", grace
        case remindBefore = "remind_before", syncURL = "sync_url", rollover, theme
    }

    public static let keys = Setting.allCases.map(\.rawValue)

    /// The configuration of this process, or why the file can't be used.
    public static let current: Result<BoardConfig, ConfigError> = Result { () throws(ConfigError) in
        let file = ConfigFile.path()
        // A file named on purpose that isn't there is a mistake; the default one missing is no settings.
        if isNamed, !FileManager.default.fileExists(atPath: file) { throw ConfigError(path: file, line: nil, problem: "does not exist") }
        return try load(path: file)
    }

    /// Whether `BOARD_CONFIG` names the file.
    static var isNamed: Bool { Environment.value("BOARD_CONFIG") != nil }

    /// The `key_<action>` lines of the file even when other lines are wrong, so that the screen's
    /// keys are checked in the same report as the rest.
    public static var keySettings: [BoardConfig.KeySetting] {
        guard let data = FileManager.default.contents(atPath: path()), let text = String(data: data, encoding: .utf8) else { return [] }
        return reading(text).config.keys
    }

    /// The configuration, once `BoardCommand.main` has refused to run with a malformed file.
    public static var loaded: BoardConfig { (try? current.get()) ?? BoardConfig() }

    /// `BOARD_CONFIG`, else `$XDG_CONFIG_HOME/board/config.toml`, else `~/.config/board/config.toml`.
    public static func path(environment: (String) -> String? = Environment.value) -> String {
        if let named = environment("BOARD_CONFIG") { return named }
        if let xdg = environment("XDG_CONFIG_HOME") { return xdg + "/board/config.toml" }
        return (environment("HOME") ?? NSHomeDirectory()) + "/.config/board/config.toml"
    }

    public static func load(path: String) throws(ConfigError) -> BoardConfig {
        guard FileManager.default.fileExists(atPath: path) else { return BoardConfig() }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ConfigError(path: path, line: nil, problem: "can't be read")
        }
        return try read(data, path: path)
    }

    /// The configuration in a file's bytes; `path` is only for the refusal.
    public static func read(_ data: Data, path: String) throws(ConfigError) -> BoardConfig {
        guard let text = String(data: data, encoding: .utf8) else {
            // Name the first line that isn't UTF-8, as every other mistake in the file is named.
            let lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            let bad = lines.firstIndex { String(validating: Array($0), as: UTF8.self) == nil }.map { $0 - lines.startIndex + 1 }
            throw ConfigError(path: path, line: bad, problem: "is not UTF-8 text")
        }
        return try parse(text, path: path)
    }

    public static func parse(_ text: String, path: String) throws(ConfigError) -> BoardConfig {
        let (config, faults) = reading(text)
        guard faults.isEmpty else { throw ConfigError(path: path, faults: faults) }
        return config
    }

    /// The settings of `text` that can be read, and a fault for each line that can't.
    static func reading(_ text: String) -> (config: BoardConfig, faults: [ConfigError.Fault]) {
        let (settings, syntaxFaults) = ConfigSyntax.read(text)
        var faults = syntaxFaults.map { ConfigError.Fault(line: $0.line, problem: $0.problem) }
        var config = BoardConfig()
        // The theme first, wherever its line is: each color_<role> sets a colour over it.
        if let setting = settings.first(where: { $0.key == "theme" }) {
            if let name = setting.value.string {
                do { config.theme = try Theme.named(name) } catch {
                    faults.append(.init(line: setting.line, problem: "theme \(error.problem)"))
                }
            } else {
                faults.append(.init(line: setting.line, problem: "theme must be a theme's name in quotes, such as \"light\""))
            }
        }
        for setting in settings {
            do throws(ConfigError.Fault) { try apply(setting, to: &config) } catch { faults.append(error) }
        }
        return (config, faults)
    }

    /// Sets one line's setting on `config`, or throws its fault.
    private static func apply(_ setting: ConfigSyntax.Setting, to config: inout BoardConfig) throws(ConfigError.Fault) {
        let key = setting.key, value: ConfigSyntax.Value? = setting.value
        func fail(_ rule: String) -> ConfigError.Fault {
            ConfigError.Fault(line: setting.line, problem: "\(key.echoed) \(rule)")
        }
        if key.hasPrefix("key_") {
            guard let keys = value?.string else { throw fail("must be keys in quotes, such as \"x\", \"Ctrl-D Delete\" or \"none\"") }
            config.keys.append(.init(action: String(key.dropFirst(4)), keys: keys, line: setting.line))
            return
        }
        if key.hasPrefix("color_") {
            guard let role = StyleRole.allCases.first(where: { $0.configKey == key }) else {
                throw fail("is not a colour setting; the roles are \(StyleRole.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            guard let text = value?.string else { throw fail("must be a colour in quotes, such as \"red\", \"#ff8800\" or \"244\"") }
            do { config.theme.colors[role] = try TerminalColor(parsing: text, field: key) } catch {
                throw ConfigError.Fault(line: setting.line, problem: "\(key.echoed) \(error.problem)")
            }
            return
        }
        guard let known = Setting(rawValue: key) else {
            throw fail("is not a setting; the settings are \(keys.joined(separator: ", ")), color_<role> and key_<action>")
        }
        switch known {
        case .timeZone:
            guard let name = value?.string, let zone = TimeZone(named: name) else {
                throw fail("must be a time zone name such as \"Europe/Paris\"")
            }
            config.timeZone = zone
        case .weekStart:
            guard let name = value?.string, let day = Weekday.allCases.first(where: { $0.name.lowercased() == name.lowercased() }) else {
                throw fail("must be a weekday name such as \"monday\" or \"sunday\"")
            }
            config.weekStart = day
        case .notifyCommand:
            guard let command = value?.string, !command.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw fail("must be a non-empty string, a command for /bin/sh")
            }
            config.notifyCommand = command
        case .grace:
            guard let minutes = value?.int, minutes >= 0 else { throw fail("must be a whole number of minutes, 0 or more") }
            config.graceMinutes = minutes
        case .remindBefore:
            guard let minutes = value?.int, (0...BoardStore.maxRemindBefore).contains(minutes) else {
                throw fail("must be a whole number of minutes from 0 to \(BoardStore.maxRemindBefore)")
            }
            config.remindBefore = minutes
        case .syncURL:
            guard let url = value?.string, url.hasPrefix("postgres://") || url.hasPrefix("postgresql://") else {
                throw fail("must be a server URL such as \"postgres://ann@db.example.org:5432/board\"")
            }
            config.syncURL = url
        case .theme:
            break
        case .rollover:
            guard let mode = value?.string, ["auto", "off"].contains(mode) else { throw fail("must be \"auto\" or \"off\"") }
            config.rolloverOff = mode == "off"
        }
    }
}
