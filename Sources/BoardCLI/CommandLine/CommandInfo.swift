/// A command as the command line knows it: its name, help, parameters, and either what runs it or
/// the commands under it (`board template add`). Plain values, read without reflection: a
/// command's start is most of its time on a small board (ARCHITECTURE.md §10).
public struct CommandInfo: Sendable {
    public let name: String
    public let abstract: String
    /// The help's paragraphs after the abstract, made when help is asked for: some are built from
    /// tables, and every command builds the whole tree of commands to parse its line (ARCHITECTURE.md §10).
    public var discussion: String { makeDiscussion() }
    private let makeDiscussion: @Sendable () -> String
    public let parameters: [Parameter]
    public let subcommands: [CommandInfo]
    /// The subcommand that runs when none is named (`board` opens the screen).
    public let defaultSubcommand: String?
    /// Makes the command from what was given; nil for a group of commands.
    private(set) var make: (@Sendable (ParsedArguments) throws -> any Command)?

    /// A command that runs.
    public init<C: Command & SendableMetatype>(_ name: String, abstract: String, discussion: @autoclosure @escaping @Sendable () -> String = "",
                                               parameters: [any ParameterDeclaration], runs type: C.Type) {
        self.init(name, abstract: abstract, discussion: discussion(), parameters: parameters)
        make = { try C($0) }
    }

    /// A command that another executable runs (`board sync run`, handed over to `board-sync`):
    /// described here for the help, the manual and the completions; `runs` makes it one that runs.
    public init(_ name: String, abstract: String, discussion: @autoclosure @escaping @Sendable () -> String = "",
                parameters: [any ParameterDeclaration]) {
        self.name = name
        self.abstract = abstract
        makeDiscussion = discussion
        self.parameters = parameters.map(\.parameter)
        subcommands = []
        defaultSubcommand = nil
        make = nil
    }

    /// This command, run by `type` (in the executable that runs it).
    public func runs<C: Command & SendableMetatype>(_ type: C.Type) -> CommandInfo {
        var copy = self
        copy.make = { try C($0) }
        return copy
    }

    /// A group of commands, each named after the group's (`board template add`).
    public init(group name: String, abstract: String, discussion: @autoclosure @escaping @Sendable () -> String = "",
                subcommands: [CommandInfo], defaultSubcommand: String? = nil) {
        self.name = name
        self.abstract = abstract
        makeDiscussion = discussion
        parameters = []
        self.subcommands = subcommands
        self.defaultSubcommand = defaultSubcommand
        make = nil
    }

    /// The subcommand of this name.
    public func subcommand(_ name: String) -> CommandInfo? { subcommands.first { $0.name == name } }
}

extension CommandInfo {
    /// Runs the command line `arguments` under this root: prints the help asked for, or checks
    /// config.toml and runs the command. Errors are the caller's to word (`CommandLineOutput.fail`).
    public func run(_ arguments: [String], executable: String) throws {
        switch try CommandLineParser.parse(arguments, root: self, executable: executable) {
        case .help(let text):
            printOut(text)
        case .run(let command):
            _ = try ConfigFile.current.get()
            try command.run()
        }
    }
}
