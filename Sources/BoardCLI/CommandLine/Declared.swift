import BoardModel

/// A parameter declared once, with the type its value is read as: a command lists it in its
/// `CommandInfo` and reads it by the same value (`try given[Self.due]`), so a misspelt name does not
/// compile and a whole number arrives as one (ARCHITECTURE.md §10). A card's or a routine's field is
/// declared by its `Field` (`.due`), the one the forms and `FieldRules` name in their errors.
public struct Declared<Value>: ParameterDeclaration {
    public let parameter: Parameter
    let read: @Sendable (ParsedArguments) throws -> Value

    init(_ parameter: Parameter, read: @escaping @Sendable (ParsedArguments) throws -> Value) {
        self.parameter = parameter
        self.read = read
    }
}

/// What a command's parameter list holds: any declaration, whatever its value's type.
public protocol ParameterDeclaration: Sendable {
    var parameter: Parameter { get }
}

extension Declared where Value == String? {
    /// `--name VALUE`, at most one (the last one given counts); nil when not given. `value` names
    /// the help's placeholder (default: the name).
    public static func option(_ name: Field, _ help: String, value: String? = nil) -> Self {
        let p = Parameter.option(name.name, help, value: value)
        return Self(p) { $0.value(p.name) }
    }

    /// A word in its place that may be left out.
    public static func optionalArgument(_ name: Field, _ help: String, value: String? = nil) -> Self {
        let p = Parameter.argument(name.name, help, value: value, optional: true)
        return Self(p) { $0.value(p.name) }
    }
}

extension Declared where Value == String {
    /// A word in its place, which must be given.
    public static func argument(_ name: Field, _ help: String, value: String? = nil) -> Self {
        let p = Parameter.argument(name.name, help, value: value)
        return Self(p) { $0.required(p.name) }
    }

    /// `--name VALUE` that must be given.
    public static func requiredOption(_ name: Field, _ help: String, value: String? = nil) -> Self {
        let p = Parameter.option(name.name, help, value: value, required: true)
        return Self(p) { $0.required(p.name) }
    }
}

extension Declared where Value == [String] {
    /// `--name VALUE`, again for each value, in the order given.
    public static func repeatedOption(_ name: Field, _ help: String, value: String? = nil) -> Self {
        let p = Parameter.repeatedOption(name.name, help, value: value)
        return Self(p) { $0.values(p.name) }
    }

    /// Every remaining word.
    public static func repeatedArgument(_ name: Field, _ help: String, value: String? = nil) -> Self {
        let p = Parameter.repeatedArgument(name.name, help, value: value)
        return Self(p) { $0.values(p.name) }
    }
}

extension Declared where Value == Bool {
    /// `--name`, on or off; `hidden` keeps it out of the help (for another program calling).
    public static func flag(_ name: Field, _ help: String, hidden: Bool = false) -> Self {
        let p = Parameter.flag(name.name, help, hidden: hidden)
        return Self(p) { $0.flag(p.name) }
    }
}

extension Declared where Value == Int? {
    /// `--name N`, a whole number (anything else is refused by the option's name); nil when not given.
    public static func number(_ name: Field, _ help: String, value: String? = nil) -> Self {
        let p = Parameter.option(name.name, help, value: value)
        return Self(p) { given in
            guard let text = given.value(p.name) else { return nil }
            guard let number = Int(text) else { throw UsageError("\(p.name): must be a whole number, got '\(text)'") }
            return number
        }
    }
}

extension Declared {
    /// The same parameter, its value read on through `transform` (a rule that may refuse it).
    public func map<T>(_ transform: @escaping @Sendable (Value) throws -> T) -> Declared<T> {
        let read = self.read
        return Declared<T>(parameter) { try transform(try read($0)) }
    }
}
