/// A command that runs: it reads what it was given (its `init` checks what the parser can't) and
/// does one thing. Its name, help and parameters are its `CommandInfo` (ARCHITECTURE.md §10).
public protocol Command {
    static var info: CommandInfo { get }
    init(_ given: ParsedArguments) throws
    func run() throws
}
