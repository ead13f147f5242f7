/// What a command was given, by parameter name: read by the command's `init`. Reading a name the
/// command doesn't declare is a programming error and stops the process.
public struct ParsedArguments {
    let command: CommandInfo
    var values: [String: [String]] = [:]
    var flags: Set<String> = []

    init(command: CommandInfo) { self.command = command }

    /// The option's value (the last one given), or the optional argument's; nil when not given.
    public func value(_ name: String) -> String? { values(name).last }

    /// Every value of a repeated option or argument, in the order given.
    public func values(_ name: String) -> [String] {
        _ = parameter(name)
        return values[name] ?? []
    }

    /// A required argument or option: the parser has already refused a command line without it.
    public func required(_ name: String) -> String {
        guard let value = value(name) else { preconditionFailure("\(name) is required but was not parsed") }
        return value
    }

    /// Whether the flag was given.
    public func flag(_ name: String) -> Bool {
        _ = parameter(name)
        return flags.contains(name)
    }

    /// The option's value as a whole number; a value that isn't one is refused by the option's name.
    public func int(_ name: String) throws -> Int? {
        guard let text = value(name) else { return nil }
        guard let number = Int(text) else { throw UsageError("\(name): must be a whole number, got '\(text)'") }
        return number
    }

    private func parameter(_ name: String) -> Parameter {
        guard let parameter = command.parameters.first(where: { $0.name == name }) else {
            preconditionFailure("'\(command.name)' reads '\(name)', which it does not declare")
        }
        return parameter
    }
}
