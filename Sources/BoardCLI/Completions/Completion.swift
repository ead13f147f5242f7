import BoardModel
import Foundation

/// What may come next on a command line, worked out from the one command table, so a new command
/// or option completes without anyone editing a shell script (ARCHITECTURE.md §10). The shells'
/// scripts (`board completions bash|zsh|fish`) only ask `board completions complete` for these.
public enum Completion {
    /// A value the table can't list (a file, a title): the shell completes file names or nothing.
    public static let noList: [String] = []

    /// The candidates for `current`, the word being typed, after `words` (those before it, without
    /// the executable's name); `ids` lists the board's ids, asked only when an id is wanted.
    public static func candidates(after words: [String], current: String, root: CommandInfo,
                                  ids: () -> [String]) -> [String] {
        var command = root
        var positionals = 0
        var index = 0
        while index < words.count {
            let word = words[index]
            index += 1
            if word.hasPrefix("-") {
                if let p = parameter(named: word, of: command), p.kind != .flag, !word.contains("=") { index += 1 }
                continue
            }
            if positionals == 0, let sub = command.subcommand(word) { command = sub } else { positionals += 1 }
        }
        let matching = { (list: [String]) in list.filter { $0.hasPrefix(current) } }
        // The value of an option.
        if let previous = words.last, previous.hasPrefix("--"), let p = parameter(named: previous, of: command), p.kind != .flag,
           !previous.contains("=") {
            return matching(values(for: p, ids: ids))
        }
        if current.hasPrefix("-") {
            return matching(options(of: command).map { "--" + $0.name } + ["--help"])
        }
        if positionals == 0, !command.subcommands.isEmpty {
            return matching(command.subcommands.map(\.name))
        }
        let arguments = command.parameters.filter(\.isPositional)
        guard let argument = positionals < arguments.count ? arguments[positionals]
                : arguments.last.flatMap({ $0.kind == .repeatedArgument ? $0 : nil }) else { return noList }
        return matching(values(for: argument, ids: ids))
    }

    /// The options a command takes: its own, and for a group that runs a default subcommand
    /// (`board` opens the screen), that one's.
    static func options(of command: CommandInfo) -> [Parameter] {
        let own = command.parameters
        let defaults = command.defaultSubcommand.flatMap(command.subcommand)?.parameters ?? []
        return (own + defaults).filter { !$0.isPositional && !$0.isHidden }
    }

    static func parameter(named word: String, of command: CommandInfo) -> Parameter? {
        let name = word.dropFirst(2).split(separator: "=", maxSplits: 1).first.map(String.init) ?? ""
        return options(of: command).first { $0.name == name }
    }

    static func values(for parameter: Parameter, ids: () -> [String]) -> [String] {
        switch parameter.name {
        case "id": ids()
        case "bucket": Bucket.allCases.map(\.cliName)
        case "tz": TimeZone.knownTimeZoneIdentifiers.sorted()
        case "shell": ["bash", "zsh", "fish"]
        default: noList
        }
    }
}
