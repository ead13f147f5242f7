/// What a piece of the screen is, named for the theme to colour (ARCHITECTURE.md §6): the view
/// names a role, a theme maps it to a colour, the driver writes what the terminal can show.
/// Colour is an extra cue: every role's meaning is also in words or attributes.
public enum StyleRole: String, CaseIterable, Hashable, Sendable {
    case header, overdue, chip, exception, done
    case keyHint = "key_hint", error, today, planned

    /// Its name in config.toml's `color_<role>`.
    public var configKey: String { "color_" + rawValue }
}
