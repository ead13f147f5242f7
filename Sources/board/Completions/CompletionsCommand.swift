import BoardCLI
import BoardModel
import BoardStore

/// `board completions bash|zsh|fish`: the shell's script, which asks `board completions complete`
/// what may come next; that answer comes from the command table (`Completion`), with the board's
/// ids where an id is wanted.
struct CompletionsCommand: Command {
    static let info = CommandInfo(
        "completions", abstract: "Print the completion script for a shell.",
        discussion: """
            bash: `source <(board completions bash)` in ~/.bashrc, or save it as \
            ~/.local/share/bash-completion/completions/board. zsh: save it as _board in a folder of \
            your $fpath. fish: save it as ~/.config/fish/completions/board.fish. Commands, options, \
            bucket names, time zones and the ids on your board then complete with Tab. The scripts \
            call `board completions complete -- WORDS… CURRENT`, which prints the candidates one per line.
            """,
        parameters: [shell, words] + BoardOptions.parameters,
        runs: Self.self)

    let shell: String, words: [String], board: BoardOptions

    static let shell = Declared.argument("shell", "bash, zsh or fish (or complete, as the scripts ask).")
    static let words = Declared.repeatedArgument("words", "With complete: the words typed after 'board', the last one the word being typed.")

    init(_ given: ParsedArguments) throws {
        shell = try given[Self.shell]
        words = try given[Self.words]
        board = try BoardOptions(given)
    }

    func run() throws {
        switch shell {
        case "bash": printOut(CompletionScript.bash)
        case "zsh": printOut(CompletionScript.zsh)
        case "fish": printOut(CompletionScript.fish)
        case "complete":
            let candidates = Completion.candidates(after: Array(words.dropLast()), current: words.last ?? "",
                                                   root: BoardCommand.info, ids: boardIds)
            if !candidates.isEmpty { printOut(candidates.joined(separator: "\n")) }
        default:
            throw BoardError("shell", "'\(shell.echoed)' is not a shell Board writes completions for; use bash, zsh or fish")
        }
    }

    /// The ids `list` and `template list` show, cards first; none when there is no board yet
    /// (completing never makes one).
    private func boardIds() -> [String] {
        guard let (store, _) = try? board.open(generating: false, creating: false) else { return [] }
        var ids: [String] = []
        try? store.cards.forEach { ids.append(CardFormat.shortId($0.id)) }
        ids += ((try? store.reader.templateTitles()) ?? [:]).keys.sorted().map(CardFormat.shortId)
        return ids
    }
}
