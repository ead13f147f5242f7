import Foundation

/// The user's settings from config.toml; each is optional, and a command-line flag or an
/// environment variable overrides it.
public struct BoardConfig: Sendable, Hashable {
    /// The time zone the board lives in (else the board's saved zone, else the system's).
    public var timeZone: TimeZone?
    /// The first day of the week for phrases such as "every other week on sunday and monday".
    public var weekStart: Weekday?
    /// What `board remind` runs for each reminder instead of printing it.
    public var notifyCommand: String?
    /// How late, in minutes, a missed reminder is still delivered.
    public var graceMinutes: Int?
    /// Minutes before the time that new cards and templates remind.
    public var remindBefore: Int?
    /// The server `board sync` and the screen sync through (a `postgres://` URL).
    public var syncURL: String?
    /// `rollover = "off"`: the horizon columns keep each card where it was put (ARCHITECTURE.md §15).
    public var rolloverOff = false
    /// `theme = "…"` and each `color_<role> = "…"` over it: the screen's colours (ARCHITECTURE.md §6).
    public var theme = Theme.standard
    /// Each `key_<action> = "…"`, as written, with its line: the screen checks and applies them.
    public var keys: [KeySetting] = []

    /// One `key_<action> = "x y"` line of config.toml.
    public struct KeySetting: Hashable, Sendable {
        public let action: String, keys: String, line: Int
        public init(action: String, keys: String, line: Int) { (self.action, self.keys, self.line) = (action, keys, line) }
    }

    /// How the horizon columns follow the calendar under these settings.
    public var horizonRule: HorizonRule { HorizonRule(weekStart: weekStart ?? .monday, follows: !rolloverOff) }

    public init(timeZone: TimeZone? = nil, weekStart: Weekday? = nil, notifyCommand: String? = nil,
                graceMinutes: Int? = nil, remindBefore: Int? = nil, syncURL: String? = nil) {
        self.timeZone = timeZone
        self.weekStart = weekStart
        self.notifyCommand = notifyCommand
        self.graceMinutes = graceMinutes
        self.remindBefore = remindBefore
        self.syncURL = syncURL
    }
}
