/// What a command was given, read by the command's `init` through its declarations
/// (`try given[Self.due]`). Reading a parameter the command doesn't list is a programming error
/// and stops the process.
public struct ParsedArguments {
    let command: CommandInfo
    var values: [String: [String]] = [:]
    var flags: Set<String> = []

    init(command: CommandInfo) { self.command = command }

    /// The value of a declared parameter, as its declaration reads it.
    public subscript<Value>(_ declared: Declared<Value>) -> Value {
        get throws { try declared.read(self) }
    }

    /// The option's value (the last one given), or the optional argument's; nil when not given.
    func value(_ name: String) -> String? { values(name).last }

    /// Every value of a repeated option or argument, in the order given.
    func values(_ name: String) -> [String] {
        _ = parameter(name)
        return values[name] ?? []
    }

    /// A required argument or option: the parser has already refused a command line without it.
    func required(_ name: String) -> String {
        guard let value = value(name) else { preconditionFailure("\(name) is required but was not parsed") }
        return value
    }

    /// Whether the flag was given.
    func flag(_ name: String) -> Bool {
        _ = parameter(name)
        return flags.contains(name)
    }

    private func parameter(_ name: String) -> Parameter {
        guard let parameter = command.parameters.first(where: { $0.name == name }) else {
            preconditionFailure("'\(command.name)' reads '\(name)', which it does not declare")
        }
        return parameter
    }
}
