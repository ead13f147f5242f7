/// Reads a command line against a tree of commands: the subcommand names, then the leaf command's
/// options, flags and arguments (ARCHITECTURE.md §10). Options may come in any order among the
/// arguments; `--name=VALUE` and `--name VALUE` are the same; an option takes the word after it
/// whatever it looks like (`--priority -1` is then refused by the priority's own rule); after `--`
/// every word is an argument.
public enum CommandLineParser {
    /// What the command line asks for.
    public enum Parsed {
        /// Run this command.
        case run(any Command)
        /// Print this help (`--help`, `-h`, `help COMMAND`, or a group named without a subcommand).
        case help(String)
    }

    /// Parses `arguments` (without the executable's name) for the commands under `root`; a help
    /// asked for is wrapped at `helpWidth` (default: the terminal's, `TerminalWidth`).
    public static func parse(_ arguments: [String], root: CommandInfo, executable: String,
                             helpWidth: Int = TerminalWidth.forHelp()) throws -> Parsed {
        if arguments == ["help", "--man"] { return .help(ManPage(root: root, executable: executable).text) }
        if arguments.first == "help" { return .help(try helpPath(Array(arguments.dropFirst()), root: root, executable: executable, width: helpWidth)) }
        var path = [root]
        var index = 0
        while let current = path.last, !current.subcommands.isEmpty {
            if index < arguments.count, let next = current.subcommand(arguments[index]) {
                path.append(next)
                index += 1
            } else if asksForHelp(arguments[index...]) {
                return .help(HelpText(width: helpWidth).text(for: path, executable: executable))
            } else if index < arguments.count, !arguments[index].hasPrefix("-"), let name = current.defaultSubcommand,
                      current.subcommand(name)?.parameters.contains(where: \.isPositional) == false {
                // `board lst`: the default command takes no word, so this was meant as a command.
                throw unknownSubcommand(arguments[index], of: path, executable: executable)
            } else if let name = current.defaultSubcommand, let next = current.subcommand(name) {
                path.append(next)
            } else if index < arguments.count {
                throw unknownSubcommand(arguments[index], of: path, executable: executable)
            } else {
                return .help(HelpText(width: helpWidth).text(for: path, executable: executable))
            }
        }
        let command = path[path.count - 1]
        let rest = arguments[index...]
        if asksForHelp(rest) { return .help(HelpText(width: helpWidth).text(for: path, executable: executable)) }
        guard let make = command.make else { return .help(HelpText(width: helpWidth).text(for: path, executable: executable)) }
        return .run(try make(try read(rest, for: command, named: names(path, executable: executable))))
    }

    /// `--help` or `-h` before any `--`.
    private static func asksForHelp(_ arguments: ArraySlice<String>) -> Bool {
        for argument in arguments {
            if argument == "--" { return false }
            if argument == "--help" || argument == "-h" { return true }
        }
        return false
    }

    /// `board template add`: how errors and the help name a command.
    static func names(_ path: [CommandInfo], executable: String) -> String {
        ([executable] + path.dropFirst().map(\.name)).joined(separator: " ")
    }

    /// `board template add` → `board help template add`.
    static func helpCommand(_ name: String) -> String {
        var words = name.split(separator: " ", maxSplits: 1).map(String.init)
        words.insert("help", at: 1)
        return words.joined(separator: " ")
    }

    private static func unknownSubcommand(_ word: String, of path: [CommandInfo], executable: String) -> UsageError {
        let group = names(path, executable: executable)
        let near = NearMiss.sentence(for: word, among: path[path.count - 1].subcommands.map(\.name))
        return UsageError("'\(word)': not a command of '\(group)' (`\(helpCommand(group))` lists them)\(near.isEmpty ? "" : "." + near)")
    }

    /// `help template add`: the help of the command those names lead to.
    private static func helpPath(_ names: [String], root: CommandInfo, executable: String, width helpWidth: Int) throws -> String {
        var path = [root]
        for name in names {
            guard let next = path[path.count - 1].subcommand(name) else { throw unknownSubcommand(name, of: path, executable: executable) }
            path.append(next)
        }
        return HelpText(width: helpWidth).text(for: path, executable: executable)
    }

    /// Sorts the words after the command's name into its parameters, and refuses what fits none;
    /// `name` (`board template add`) is how the refusal names the command.
    static func read(_ words: ArraySlice<String>, for command: CommandInfo, named name: String) throws -> ParsedArguments {
        let help = "`\(helpCommand(name))` lists them"
        var given = ParsedArguments(command: command)
        var positionals = command.parameters.filter(\.isPositional)[...]
        var index = words.startIndex
        var onlyArguments = false
        func addArgument(_ word: String) throws {
            guard let parameter = positionals.first else {
                throw UsageError("'\(word)': unexpected argument; '\(name)' takes \(command.parameters.contains(where: \.isPositional) ? "no more" : "none") (\(help))")
            }
            given.values[parameter.name, default: []].append(word)
            if parameter.kind != .repeatedArgument { positionals.removeFirst() }
        }
        while index < words.endIndex {
            let word = words[index]
            index += 1
            if onlyArguments || word == "-" || !word.hasPrefix("-") {
                try addArgument(word)
                continue
            }
            if word == "--" {
                onlyArguments = true
                continue
            }
            guard word.hasPrefix("--") else { throw UsageError("\(word): not an option of '\(name)' (\(help))") }
            let body = word.dropFirst(2)
            let option = String(body.prefix { $0 != "=" })
            let attached = body.firstIndex(of: "=").map { String(body[body.index(after: $0)...]) }
            guard let parameter = command.parameters.first(where: { !$0.isPositional && $0.name == option }) else {
                let near = NearMiss.sentence(for: option, among: command.parameters.filter { !$0.isPositional && !$0.isHidden }.map(\.name), prefix: "--")
                throw UsageError("--\(option): not an option of '\(name)' (\(help))\(near.isEmpty ? "" : "." + near)")
            }
            if parameter.kind == .flag {
                guard attached == nil else { throw UsageError("--\(option): takes no value, got '\(word)'") }
                given.flags.insert(option)
                continue
            }
            let value: String
            if let attached {
                value = attached
            } else {
                guard index < words.endIndex else { throw UsageError("--\(option): needs a value, as in \(parameter.label)") }
                value = words[index]
                index += 1
            }
            given.values[option, default: []].append(value)
        }
        if let missing = command.parameters.first(where: { $0.isRequired && given.values[$0.name] == nil }) {
            let shown = missing.isPositional ? missing.valueName : "--" + missing.name
            throw UsageError("\(shown): missing; '\(name)' needs \(missing.label) (`\(helpCommand(name))` says more)")
        }
        return given
    }
}
