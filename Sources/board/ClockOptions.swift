import ArgumentParser
import BoardModel
import Foundation

/// `--now` and `--tz`, so every behaviour can be run at any moment and in any time zone.
struct ClockOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Pretend it is this local date-time (YYYY-MM-DDTHH:MM). Env: BOARD_NOW.", valueName: "datetime"))
    var now: String?

    @Option(help: ArgumentHelp("The user's time zone, e.g. Europe/Paris. Env: BOARD_TZ. Default: the system's.", valueName: "zone"))
    var tz: String?

    func timeZone() throws -> TimeZone {
        guard let name = tz ?? ProcessInfo.processInfo.environment["BOARD_TZ"] else { return .current }
        guard let zone = TimeZone(identifier: name) else {
            throw InputError("tz", "'\(name)' is not a time zone name such as Europe/Paris or America/New_York")
        }
        return zone
    }

    /// The user's local date and time now.
    func localNow() throws -> LocalDateTime {
        let zone = try timeZone()
        if let text = now ?? ProcessInfo.processInfo.environment["BOARD_NOW"] {
            guard let moment = LocalDateTime(iso: text) ?? LocalDate(iso: text).map({ LocalDateTime(date: $0, time: .midnight) }) else {
                throw InputError("now", "must be YYYY-MM-DDTHH:MM, got '\(text)'")
            }
            return moment
        }
        return LocalDateTime(instant: Date(), in: zone)
    }
}
