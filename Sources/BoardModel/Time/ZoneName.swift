import Foundation

extension TimeZone {
    /// The zone a name of the zone database names (Europe/Paris, America/New_York); nil for any
    /// other text. Foundation reads a name only up to a NUL yet keeps all of it as the zone's
    /// identifier, which the board file then stores cut short: a name with a control character
    /// or a space names no zone, wherever it comes from (an option, config.toml, a calendar, a
    /// received change).
    public init?(named name: String) {
        guard !name.isEmpty, name.utf8.count <= 64, name.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }) else { return nil }
        self.init(identifier: name)
    }
}
