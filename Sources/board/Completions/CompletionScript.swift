/// The completion scripts: each hands the words typed to `board completions complete` and offers
/// what it prints; where it prints nothing (a file, a title), bash and zsh complete file names.
enum CompletionScript {
    static let bash = """
        # bash completion for board: source <(board completions bash)
        _board() {
            local IFS=$'\\n'
            local words=("${COMP_WORDS[@]:1:COMP_CWORD}")
            COMPREPLY=($("${COMP_WORDS[0]}" completions complete -- "${words[@]}" 2>/dev/null))
        }
        complete -o default -o nosort -F _board board
        """

    static let zsh = """
        #compdef board
        # zsh completion for board: save as _board in a folder of your $fpath
        _board() {
            local -a candidates
            candidates=("${(@f)$(${words[1]} completions complete -- "${(@)words[2,CURRENT]}" 2>/dev/null)}")
            if [[ -n ${candidates[1]} ]]; then
                compadd -Q -- "${candidates[@]}"
            else
                _files
            fi
        }
        compdef _board board
        """

    static let fish = """
        # fish completion for board: save as ~/.config/fish/completions/board.fish
        function __board_complete
            set -l words (commandline -opc)[2..-1] (commandline -ct)
            board completions complete -- $words 2>/dev/null
        end
        complete -c board -f -a '(__board_complete)'
        complete -c board -n 'not __board_complete | string length -q' -F
        """
}
