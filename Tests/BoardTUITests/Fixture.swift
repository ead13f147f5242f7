import BoardModel
import BoardStore
@testable import BoardTUI
import Foundation
import Testing

let paris = TimeZone(identifier: "Europe/Paris")!
let demoClock = BoardClock(local: LocalDateTime(iso: "2026-11-21T09:00")!, zone: paris)

/// The demo board in a fresh file, and the board state over it.
struct TUIFixture {
    let store: BoardStore
    let path: String

    init() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("board-tui-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        path = directory.appendingPathComponent("board.sqlite").path
        store = try BoardStore.open(path: path, concurrentReads: true)
        try DemoBoard.fill(store, clock: demoClock)
    }

    func state(width: Int = 120, height: Int = 40) throws -> BoardState {
        var state = BoardState(snapshot: try BoardSnapshot.load(store, clock: demoClock), width: width, height: height)
        _ = step(&state, .resize(width: width, height: height))
        return state
    }
}

/// Compares a frame's text with `Snapshots/NAME.txt`. With RECORD_SNAPSHOTS=1 it writes the
/// file instead and fails, so a recording is never mistaken for a pass.
func assertSnapshot(_ frame: Frame, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    try assertSnapshot(text: frame.text + "\n", named: name, sourceLocation: sourceLocation)
}

/// The same for any text of a frame (its styles written out, as `ThemeSnapshotTests` does).
func assertSnapshot(text: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Snapshots/\(name).txt")
    if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
        Issue.record("recorded \(name); run again without RECORD_SNAPSHOTS", sourceLocation: sourceLocation)
        return
    }
    guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
        Issue.record("no snapshot \(name) yet: run with RECORD_SNAPSHOTS=1 and review it", sourceLocation: sourceLocation)
        return
    }
    #expect(text == expected, "\(name) differs:\n\(text)", sourceLocation: sourceLocation)
}

/// Applies keys through the key map and update, as the runtime does, collecting effects.
@discardableResult
func press(_ keys: [Key], _ state: inout BoardState) -> [Effect] {
    var effects: [Effect] = []
    for key in keys {
        if let action = KeyMap.action(for: key, in: state) { effects += step(&state, action) }
    }
    return effects
}

func type(_ text: String) -> [Key] { text.map { Key.character($0) } }
