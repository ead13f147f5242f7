import Foundation

/// The real binary in a real terminal: a tmux server of its own, keys sent, the screen read back.
final class TmuxSession {
    let socket = "board-test-\(UUID().uuidString.prefix(8))"

    /// Runs `board ARGUMENTS`, or with `command: true` the command ARGUMENTS itself.
    /// `term`: the terminal the board is told it runs in (tmux-256color has strike-through).
    init(_ arguments: [String], command isCommand: Bool = false, width: Int = 120, height: Int = 40, now: String = "2026-11-21T10:00",
         term: String = "screen") throws {
        let command = (["env", "BOARD_NOW=\(now)", "BOARD_TZ=Europe/Paris", "TERM=\(term)", "XDG_CONFIG_HOME=/nonexistent/no-board-config"] + (isCommand ? [] : [BoardBinary.url.path]) + arguments)
            .map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        // The server this starts keeps whatever stdout it is given: give it none to hold open.
        try tmux(["-f", "/dev/null", "new-session", "-d", "-x", "\(width)", "-y", "\(height)", command], output: false)
        // A detached session follows resize-window only when its size is manual.
        try tmux(["set", "-g", "window-size", "manual"], output: false)
    }

    deinit { _ = try? tmux(["kill-server"], output: false) }

    @discardableResult
    func tmux(_ arguments: [String], output wanted: Bool = true) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["tmux", "-L", socket] + arguments
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        guard wanted else {
            try runDetached(["tmux", "-L", socket] + arguments)
            return ""
        }
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    func send(_ keys: String...) throws { try tmux(["send-keys"] + keys, output: false) }

    /// Types text literally.
    func type(_ text: String) throws { try tmux(["send-keys", "-l", text], output: false) }

    var screen: String { (try? tmux(["capture-pane", "-p"])) ?? "" }

    /// The screen with its attributes as escape sequences (`capture-pane -e`).
    var screenWithAttributes: String { (try? tmux(["capture-pane", "-p", "-e"])) ?? "" }

    func resize(_ width: Int, _ height: Int) throws { try tmux(["resize-window", "-x", "\(width)", "-y", "\(height)"], output: false) }

    /// Waits up to `seconds` for the screen to satisfy `condition` and hold still; returns the last screen.
    ///
    /// A frame reaches tmux in pieces, so a capture can hold the line a condition names while the
    /// lines a test then reads are still the last frame's. The screen returned satisfies the condition
    /// and was seen twice in a row, 50 ms apart, or has satisfied it for a second (a screen that never
    /// holds still, as one counting seconds, is not waited on to the end).
    @discardableResult
    func waitFor(_ seconds: Double = 5, _ condition: (String) -> Bool) -> (Bool, String) {
        let deadline = Date().addingTimeInterval(seconds)
        var last = ""
        var satisfiedSince: Date?
        while Date() < deadline {
            let capture = screen
            if condition(capture) {
                let since = satisfiedSince ?? Date()
                if let satisfiedSince, capture == last || Date().timeIntervalSince(satisfiedSince) > 1 { return (true, capture) }
                satisfiedSince = since
            } else {
                satisfiedSince = nil
            }
            last = capture
            Thread.sleep(forTimeInterval: 0.05)
        }
        return (satisfiedSince != nil && condition(last), last)
    }

    var isRunning: Bool { (try? tmux(["list-sessions"]))?.isEmpty == false }
}
