/// One option, flag or argument a command takes as the help, the parser and the completions see
/// it: its name on the command line, whether it takes a value, how often it may be given, and its
/// line in the help. Commands declare theirs as `Declared` values (ARCHITECTURE.md §10).
public struct Parameter: Sendable {
    public enum Kind: Sendable {
        /// `--name VALUE` (or `--name=VALUE`), at most one value: the last one given counts.
        case option
        /// `--name VALUE`, again for each value (`--label home --label work`).
        case repeatedOption
        /// `--name`, no value.
        case flag
        /// A word in its place, which must be given.
        case argument
        /// A word in its place, which may be left out.
        case optionalArgument
        /// Every remaining word.
        case repeatedArgument
    }

    public let kind: Kind
    /// The long name without its dashes; for an argument, the key its value is read by.
    public let name: String
    /// The placeholder the help shows: `<date>`.
    public let valueName: String
    public let help: String
    /// Not in the help: for a caller that is another program (the screen starting `board-sync`).
    public let isHidden: Bool
    /// Must be given (`--after`): said as missing when it isn't.
    public let isRequired: Bool

    /// `--name VALUE`, at most one; `value` names the placeholder (default: the name).
    static func option(_ name: String, _ help: String, value: String? = nil, required: Bool = false) -> Parameter {
        Parameter(kind: .option, name: name, valueName: value ?? name, help: help, isHidden: false, isRequired: required)
    }

    /// `--name VALUE`, repeated for several values.
    static func repeatedOption(_ name: String, _ help: String, value: String? = nil) -> Parameter {
        Parameter(kind: .repeatedOption, name: name, valueName: value ?? name, help: help, isHidden: false, isRequired: false)
    }

    /// `--name`, on or off.
    static func flag(_ name: String, _ help: String, hidden: Bool = false) -> Parameter {
        Parameter(kind: .flag, name: name, valueName: "", help: help, isHidden: hidden, isRequired: false)
    }

    /// A positional argument; `value` names the placeholder (default: the name).
    static func argument(_ name: String, _ help: String, value: String? = nil, optional: Bool = false) -> Parameter {
        Parameter(kind: optional ? .optionalArgument : .argument, name: name, valueName: value ?? name, help: help,
                  isHidden: false, isRequired: !optional)
    }

    /// Every remaining positional argument.
    static func repeatedArgument(_ name: String, _ help: String, value: String? = nil) -> Parameter {
        Parameter(kind: .repeatedArgument, name: name, valueName: value ?? name, help: help, isHidden: false, isRequired: false)
    }

    public var isPositional: Bool { kind == .argument || kind == .optionalArgument || kind == .repeatedArgument }

    /// How errors and the help's left column name it: `--due <date>`, `--json`, `<title>`.
    public var label: String {
        switch kind {
        case .option, .repeatedOption: "--\(name) <\(valueName)>"
        case .flag: "--\(name)"
        case .argument, .optionalArgument: "<\(valueName)>"
        case .repeatedArgument: "<\(valueName)> ..."
        }
    }

    /// How the usage line shows it: optional parts in brackets, repeatable ones with `...`.
    var usage: String {
        switch kind {
        case .option: isRequired ? label : "[\(label)]"
        case .repeatedOption: "[\(label) ...]"
        case .flag: "[\(label)]"
        case .argument: label
        case .optionalArgument, .repeatedArgument: "[\(label)]"
        }
    }
}
