import BoardModel
import Foundation

/// `--now` and `--tz`, so every behaviour can be run at any moment and in any time zone.
public struct ClockOptions {
    static let now = Declared.option("now", "Pretend it is this moment: a local YYYY-MM-DDTHH:MM, or a UTC one ending in Z. Env: BOARD_NOW.", value: "datetime")
    static let tz = Declared.option("tz", "The user's time zone, e.g. Europe/Paris. Env: BOARD_TZ. Default: config.toml's time_zone, then the board's own, then the system's.", value: "zone")
    public static let parameters: [any ParameterDeclaration] = [now, tz]

    public var now: String?
    public var tz: String?

    public init(_ given: ParsedArguments) throws {
        now = try given[Self.now]
        tz = try given[Self.tz]
    }

    /// `--tz`, then `BOARD_TZ`, then config.toml's `time_zone`, then `saved` (the board's setting), then the system's zone.
    public func timeZone(saved: String? = nil) throws -> TimeZone {
        let given = tz ?? Environment.value("BOARD_TZ")
        if given == nil, let configured = ConfigFile.loaded.timeZone { return configured }
        guard let name = given ?? saved else { return .current }
        guard let zone = TimeZone(named: name) else {
            throw BoardError("tz", "'\(name)' is not a time zone name such as Europe/Paris or America/New_York")
        }
        return zone
    }

    /// Whether the moment is given (`--now`, `BOARD_NOW`) rather than the system's.
    public var isFixed: Bool { now != nil || Environment.value("BOARD_NOW") != nil }

    /// The clock: now (or `--now`) in the user's time zone.
    public func clock(savedZone: String? = nil) throws -> BoardClock {
        let zone = try timeZone(saved: savedZone)
        guard let given = now ?? Environment.value("BOARD_NOW") else {
            return BoardClock(instant: Date(), zone: zone)
        }
        let (text, seconds) = Self.splittingSeconds(given)
        if text.hasSuffix("Z"), let utc = LocalDateTime(iso: text.dropLast()) {
            return BoardClock(instant: utc.instant(in: TimeZone(identifier: "UTC")!) + seconds, zone: zone)
        }
        guard let local = LocalDateTime(iso: text) ?? LocalDate(iso: text).map({ LocalDateTime(date: $0, time: .midnight) }) else {
            throw BoardError("now", "must be YYYY-MM-DDTHH:MM[:SS] (local) or YYYY-MM-DDTHH:MM[:SS]Z (UTC), got '\(given)'")
        }
        return BoardClock(instant: local.instant(in: zone) + seconds, zone: zone)
    }

    /// `…THH:MM:SS[Z]` → (`…THH:MM[Z]`, SS); a moment may fall between minutes.
    private static func splittingSeconds(_ text: String) -> (String, TimeInterval) {
        let utc = text.hasSuffix("Z")
        let body = utc ? String(text.dropLast()) : text
        guard let t = body.firstIndex(of: "T"), body[t...].filter({ $0 == ":" }).count == 2,
              let colon = body.lastIndex(of: ":"), let seconds = Int(body[body.index(after: colon)...]), (0...59).contains(seconds),
              body.distance(from: colon, to: body.endIndex) == 3 else { return (text, 0) }
        return (String(body[..<colon]) + (utc ? "Z" : ""), TimeInterval(seconds))
    }

    /// A clock that starts at now (or `--now`) and runs: what the screen and `remind --watch` read,
    /// so one meaning of `--now` holds everywhere and crossing midnight can be run end to end.
    public func runningClock(savedZone: String? = nil) throws -> @Sendable () -> BoardClock {
        try clock(savedZone: savedZone).runningOn()
    }

    /// The user's local date and time now.
    public func localNow() throws -> LocalDateTime { try clock().local }
}

extension BoardClock {
    /// A clock that starts at this moment and runs at the real clock's pace.
    public func runningOn() -> @Sendable () -> BoardClock {
        let offset = instant.timeIntervalSince(Date())
        let zone = self.zone
        return { BoardClock(instant: Date() + offset, zone: zone) }
    }
}
