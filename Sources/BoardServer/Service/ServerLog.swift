import BoardModel
import Foundation
import Logging

/// How `board server` says what it does (ARCHITECTURE.md §21), through swift-log: a long-running
/// `run` writes one line per event to stderr, its moment and level first; a command that makes one
/// pass (`run --once`, `remind`) writes as every Board command does, events on stdout and problems
/// as `error: …` on stderr. Messages are built with stored text already escaped; metadata, which
/// may carry anything, is escaped here.
public struct ServerLog: LogHandler {
    public enum Style: Sendable { case daemon, command }

    public var logLevel: Logger.Level
    public var metadata: Logger.Metadata = [:]
    let style: Style

    public init(style: Style, level: Logger.Level) {
        self.style = style
        logLevel = level
    }

    /// The server's logger in `style`, saying what is at `level` or above.
    public static func logger(_ style: Style, level: Logger.Level = .info) -> Logger {
        Logger(label: "board.server") { _ in ServerLog(style: style, level: level) }
    }

    /// `--log-level`'s word read, or refused naming the words it takes.
    public static func level(_ word: String) throws(BoardError) -> Logger.Level {
        guard let level = Logger.Level(rawValue: word.lowercased()) else {
            throw BoardError("log-level", "must be one of \(Logger.Level.allCases.map(\.rawValue).joined(separator: ", ")), got '\(word.echoed)'")
        }
        return level
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        let (line, toErrors) = Self.line(event.message, level: event.level, metadata: metadata.merging(event.metadata ?? [:]) { $1 },
                                         style: style, at: Date())
        Self.write(line, to: toErrors ? .standardError : .standardOutput)
    }

    /// The line an event is written as, and whether it goes to stderr. The whole line is escaped
    /// for the terminal (a server's refusal or a title may hold anything), and so stays one line.
    static func line(_ message: Logger.Message, level: Logger.Level, metadata: Logger.Metadata, style: Style, at moment: Date)
        -> (line: String, toErrors: Bool) {
        var text = "\(message)"
        if !metadata.isEmpty {
            text += " " + metadata.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        }
        text = text.escapedForTerminal
        switch style {
        case .daemon:
            return ("\(moment.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))) \(level.rawValue) \(text)\n", true)
        case .command:
            return level >= .warning ? ("error: \(text)\n", true) : (text + "\n", false)
        }
    }

    /// One write per line, so lines from several tasks never interleave.
    private static func write(_ line: String, to handle: FileHandle) { handle.write(Data(line.utf8)) }
}
