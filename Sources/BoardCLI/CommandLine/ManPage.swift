/// The manual, `board help --man`: a man page in roff built from the same command table as the
/// help and the completions (ARCHITECTURE.md §10), so the three never disagree. Read it with
/// `board help --man | man -l -`, or save it as `board.1` in a folder of your MANPATH.
public struct ManPage {
    let root: CommandInfo
    let executable: String
    /// The screen's keys as they are bound (`board help keys`), for a KEYS section; none: no section.
    let keys: [String]

    public init(root: CommandInfo, executable: String, keys: [String] = []) {
        (self.root, self.executable, self.keys) = (root, executable, keys)
    }

    public var text: String {
        // Left-aligned, not justified: long URLs and option names then need no stretching.
        var out = [".TH \(executable.uppercased()) 1 \"\" \"\(executable)\" \"User Commands\"", ".ad l",
                   ".SH NAME", "\(executable) \\- " + Self.escaped(lowercasingFirst(root.abstract)),
                   ".SH SYNOPSIS", ".B \(executable)", "[\\fIcommand\\fR] [\\fIoptions\\fR]",
                   ".SH DESCRIPTION", Self.escaped(root.abstract), ".PP"]
        out += paragraphs(root.discussion)
        out += [".PP", Self.escaped("Options that every command touching the board takes (--db, --now, --tz) may also come before the command's name. `\(executable) help COMMAND` prints one command's help.")]
        out.append(".SH COMMANDS")
        for path in commands(under: [root]) { out += section(path) }
        if !keys.isEmpty {
            // Each section's heading, then its keys as "KEYS  what they do" lines, kept as laid out.
            out += [".SH KEYS", "The screen's keys, as config.toml binds them (\\fB\(executable) help keys\\fR prints the same):", ".PP", ".nf"]
            out += keys.map { Self.escaped($0) }
            out.append(".fi")
        }
        out += environment()
        out += [".SH FILES",
                ".TP", "\\fI$XDG_DATA_HOME/board/board.sqlite\\fR (default \\fI~/.local/share/board/board.sqlite\\fR)",
                "The board: one SQLite file. \\fB\\-\\-db\\fR or \\fBBOARD_DB\\fR names another.",
                ".TP", "\\fI$XDG_CONFIG_HOME/board/config.toml\\fR (default \\fI~/.config/board/config.toml\\fR)",
                "Settings: \(ConfigFile.keys.joined(separator: ", ")), color_<role> and key_<action>.",
                ".SH SEE ALSO", "\\fBtask\\fR(1), \\fBcalcurse\\fR(1), \\fBtmux\\fR(1)"]
        return out.joined(separator: "\n")
    }

    /// Every command under the root, with the path that leads to it, in the table's order: a
    /// group (`board template`) before its own.
    private func commands(under path: [CommandInfo]) -> [[CommandInfo]] {
        let command = path[path.count - 1]
        return (path.count > 1 ? [path] : []) + command.subcommands.flatMap { commands(under: path + [$0]) }
    }

    /// One command: its name and usage, what it does, then each argument and option; a group's
    /// name, what it is for, and its commands.
    private func section(_ path: [CommandInfo]) -> [String] {
        let command = path[path.count - 1]
        let name = CommandLineParser.names(path, executable: executable)
        if !command.subcommands.isEmpty {
            var out = [".SS \"\(Self.escaped(name))\"", Self.escaped(command.abstract)]
            if !command.discussion.isEmpty { out += [".PP"] + paragraphs(command.discussion) }
            return out + [".PP", Self.escaped("Its commands: " + command.subcommands.map { "`\(name) \($0.name)`" }.joined(separator: ", ") + ".")]
        }
        let shown = command.parameters.filter { !$0.isHidden }
        let usage = shown.filter { !$0.isPositional }.map(\.usage) + shown.filter(\.isPositional).map(\.usage)
        var out = [".SS \"\(Self.escaped(name))\"", ".B \(Self.escaped(name))", Self.escaped(usage.joined(separator: " ")), ".PP",
                   Self.escaped(command.abstract)]
        if path.count > 2, let group = path.dropLast().last, group.defaultSubcommand == command.name {
            out.append(Self.escaped("(What `\(CommandLineParser.names(Array(path.dropLast()), executable: executable))` runs alone.)"))
        }
        if !command.discussion.isEmpty { out += [".PP"] + paragraphs(command.discussion) }
        for parameter in shown {
            out += [".TP", "\\fB" + Self.escaped(parameter.label) + "\\fR", Self.escaped(parameter.help)]
        }
        return out
    }

    /// A discussion's paragraphs as roff: text, `.PP` between two, an indented item as `.IP`.
    private func paragraphs(_ discussion: String) -> [String] {
        var out: [String] = []
        for paragraph in HelpText.paragraphs(of: discussion) {
            if paragraph.isEmpty {
                out.append(".PP")
            } else if paragraph.hasPrefix(" ") {
                out += [".IP \"\" 4", Self.escaped(paragraph.trimmingLeadingSpaces)]
            } else {
                if out.last?.hasPrefix(".IP") == false, out.last != ".PP", !out.isEmpty { out.append(".PP") }
                out.append(Self.escaped(paragraph))
            }
        }
        return out
    }

    /// The environment variables the options' help names ("Env: BOARD_DB"), each with its option.
    private func environment() -> [String] {
        var seen: [String: String] = [:], order: [String] = []
        func visit(_ command: CommandInfo) {
            for parameter in command.parameters where !parameter.isHidden {
                guard let range = parameter.help.range(of: "Env: ") else { continue }
                let name = String(parameter.help[range.upperBound...].prefix { $0.isUppercase || $0 == "_" || $0.isNumber })
                if seen[name] == nil { order.append(name) }
                seen[name] = seen[name] ?? parameter.label
            }
            command.subcommands.forEach(visit)
        }
        visit(root)
        var out = [".SH ENVIRONMENT"]
        for name in order { out += [".TP", "\\fB\(name)\\fR", "What \\fB" + Self.escaped(seen[name]!) + "\\fR gives, when the option is not given."] }
        out += [".TP", "\\fBCOLUMNS\\fR", "The width the help is wrapped at (else the terminal's, else 80)."]
        out += [".TP", "\\fBBOARD_CONFIG\\fR", "The settings file to read instead of config.toml (as \\fB\\-\\-config\\fR before the command does).",
                ".TP", "\\fBNO_COLOR\\fR", "When set and not empty, the screen writes no colour (no-color.org); attributes and words stay.",
                ".TP", "\\fBTERM\\fR", "The terminal: one that can't move the cursor (dumb) can't show the screen; \\fBlist\\fR and \\fBagenda\\fR work anywhere.",
                ".TP", "\\fBXDG_CONFIG_HOME\\fR", "Where board/config.toml is looked for (default ~/.config).",
                ".TP", "\\fBXDG_DATA_HOME\\fR", "Where board/board.sqlite is kept (default ~/.local/share).",
                ".TP", "\\fBXDG_STATE_HOME\\fR", "Where \\fBserver run\\fR keeps every person's board, board-server (default ~/.local/state)."]
        return out
    }

    private func lowercasingFirst(_ text: String) -> String { text.prefix(1).lowercased() + text.dropFirst() }

    /// Text as roff reads it literally: backslashes and hyphens escaped, other than ASCII as
    /// `\[uXXXX]` (groff reads its input as Latin-1 otherwise), a line never starting with a
    /// control character (`.` or `'`), and no raw control bytes.
    static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\e"
            case "-": out += "\\-"
            case "\n", "\r", "\t": out += " "
            case _ where scalar.value > 0x7F: out += "\\[u" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4) + "]"
            default: if scalar.value >= 0x20 && scalar.value != 0x7F { out.unicodeScalars.append(scalar) }
            }
        }
        return out.hasPrefix(".") || out.hasPrefix("'") ? "\\&" + out : out
    }
}

private extension String {
    var trimmingLeadingSpaces: String { String(drop { $0 == " " }) }
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
