/// The help of a command, as `--help` and `help COMMAND` print it: what it does, its usage line,
/// then its arguments, options and subcommands, one per line, wrapped once at the terminal's width
/// (`TerminalWidth`).
struct HelpText {
    let width: Int
    /// Where a parameter's help starts; a longer label puts its help on the next line.
    static let helpColumn = 26

    /// The help of the last command of `path` (the root first).
    func text(for path: [CommandInfo], executable: String) -> String {
        let command = path[path.count - 1]
        let names = CommandLineParser.names(path, executable: executable)
        var sections: [String] = []
        if !command.abstract.isEmpty { sections.append(wrap("OVERVIEW: " + command.abstract, indent: "")) }
        if !command.discussion.isEmpty {
            sections.append(Self.paragraphs(of: command.discussion).map { wrap($0, indent: Self.hangingIndent(of: $0)) }.joined(separator: "\n"))
        }
        let shown = command.parameters.filter { !$0.isHidden }
        let usage = command.subcommands.isEmpty
            ? ([names] + shown.filter { !$0.isPositional }.map(\.usage) + shown.filter(\.isPositional).map(\.usage))
            : [names, command.defaultSubcommand == nil ? "<subcommand>" : "[<subcommand>]"]
        sections.append("USAGE: " + lines(of: usage, width: width - 7).joined(separator: "\n       "))
        let arguments = shown.filter(\.isPositional)
        if !arguments.isEmpty { sections.append("ARGUMENTS:\n" + arguments.map { row($0.label, $0.help) }.joined(separator: "\n")) }
        let options = shown.filter { !$0.isPositional }.map { row($0.label, $0.help) } + [row("-h, --help", "Show help information.")]
        sections.append("OPTIONS:\n" + options.joined(separator: "\n"))
        if !command.subcommands.isEmpty {
            let rows = command.subcommands.map { sub in
                row(sub.name + (sub.name == command.defaultSubcommand ? " (default)" : ""), sub.abstract)
            }
            sections.append("SUBCOMMANDS:\n" + rows.joined(separator: "\n")
                + "\n\n" + wrap("  See '\(CommandLineParser.helpCommand(names)) <subcommand>' for detailed help.", indent: "  "))
        }
        return sections.joined(separator: "\n\n")
    }

    /// A discussion's paragraphs, one string each, an empty string between two: the lines of its
    /// source are joined, so the help wraps them once; a line starting with spaces (an item of a
    /// list, an example) starts a paragraph of its own.
    static func paragraphs(of discussion: String) -> [String] {
        var paragraphs: [String] = []
        var joining = false
        for line in discussion.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.isEmpty {
                paragraphs.append("")
                joining = false
            } else if joining && !line.hasPrefix(" ") {
                paragraphs[paragraphs.count - 1] += " " + line
            } else {
                paragraphs.append(line)
                joining = !line.hasPrefix(" ")
            }
        }
        return paragraphs
    }

    /// Where a paragraph's later lines start: under its text, two further in for an indented item.
    static func hangingIndent(of paragraph: String) -> String {
        let lead = String(paragraph.prefix { $0 == " " })
        return lead.isEmpty ? "" : lead + "  "
    }

    /// `  LABEL   help…`, the help wrapped under itself; on a narrow terminal, under the label.
    private func row(_ label: String, _ help: String) -> String {
        let left = "  " + label
        let column = min(Self.helpColumn, max(4, width / 3))
        let pad = String(repeating: " ", count: column)
        let lines = lines(of: Self.words(help), width: width - column)
        let first = left.count + 2 > column ? left + "\n" + pad : left + String(repeating: " ", count: column - left.count)
        return first + lines.joined(separator: "\n" + pad)
    }

    /// `text` broken at spaces so no line passes the width; the lines after the first start with
    /// `indent`, the first keeps the text's own leading spaces.
    func wrap(_ text: String, indent: String) -> String {
        let lead = String(text.prefix { $0 == " " })
        let lines = lines(of: Self.words(String(text.dropFirst(lead.count))), width: width - indent.count, first: width - lead.count)
        return lead + lines.joined(separator: "\n" + indent)
    }

    private static func words(_ text: String) -> [String] { text.split(separator: " ").map(String.init) }

    /// `words` in lines of at most `width` characters (`first` for the first line), a space
    /// between two; a longer word has a line of its own.
    private func lines(of words: [String], width: Int, first: Int? = nil) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in words {
            let limit = lines.isEmpty ? first ?? width : width
            if !line.isEmpty && line.count + 1 + word.count > limit {
                lines.append(line)
                line = String(word)
            } else {
                line += (line.isEmpty ? "" : " ") + word
            }
        }
        return lines + [line]
    }
}
