import ArgumentParser
import BoardModel
import Foundation

/// `--now` and `--tz`, so every behaviour can be run at any moment and in any time zone.
struct ClockOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Pretend it is this moment: a local YYYY-MM-DDTHH:MM, or a UTC one ending in Z. Env: BOARD_NOW.", valueName: "datetime"))
    var now: String?

    @Option(help: ArgumentHelp("The user's time zone, e.g. Europe/Paris. Env: BOARD_TZ. Default: the system's.", valueName: "zone"))
    var tz: String?

    /// `--tz`, then `BOARD_TZ`, then `saved` (the board's setting), then the system's zone.
    func timeZone(saved: String? = nil) throws -> TimeZone {
        guard let name = tz ?? ProcessInfo.processInfo.environment["BOARD_TZ"] ?? saved else { return .current }
        guard let zone = TimeZone(identifier: name) else {
            throw BoardError("tz", "'\(name)' is not a time zone name such as Europe/Paris or America/New_York")
        }
        return zone
    }

    /// The clock: now (or `--now`) in the user's time zone.
    func clock(savedZone: String? = nil) throws -> BoardClock {
        let zone = try timeZone(saved: savedZone)
        guard let text = now ?? ProcessInfo.processInfo.environment["BOARD_NOW"] else {
            return BoardClock(instant: Date(), zone: zone)
        }
        if text.hasSuffix("Z"), let utc = LocalDateTime(iso: text.dropLast()) {
            return BoardClock(instant: utc.instant(in: TimeZone(identifier: "UTC")!), zone: zone)
        }
        guard let local = LocalDateTime(iso: text) ?? LocalDate(iso: text).map({ LocalDateTime(date: $0, time: .midnight) }) else {
            throw BoardError("now", "must be YYYY-MM-DDTHH:MM (local) or YYYY-MM-DDTHH:MMZ (UTC), got '\(text)'")
        }
        return BoardClock(local: local, zone: zone)
    }

    /// The user's local date and time now.
    func localNow() throws -> LocalDateTime { try clock().local }
}
