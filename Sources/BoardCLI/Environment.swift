import Foundation

/// The process's environment variables, read one at a time: `ProcessInfo.environment` builds a
/// dictionary of all of them on every call, and every command reads several at its start.
public enum Environment {
    /// The variable's value; nil when it is unset or empty (an empty BOARD_DB is no path).
    public static func value(_ name: String) -> String? {
        guard let raw = getenv(name) else { return nil }
        let value = String(cString: raw)
        return value.isEmpty ? nil : value
    }
}
