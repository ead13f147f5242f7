import Foundation
import Testing

/// `board demo` says on screen that its board is a throwaway, and deletes it on quit unless --keep.
@Suite struct DemoScreenTests {
    @Test(arguments: [false, true])
    func theDemoSaysItIsAThrowawayAndIsGoneAfterQuitUnlessKept(keep: Bool) throws {
        let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("board-demo-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: temporary) }
        let script = "TMPDIR='\(temporary.path)' '\(BoardBinary.url.path)' demo\(keep ? " --keep" : ""); echo \"demo ended: $?\"; sleep 30"
        let session = try TmuxSession(["sh", "-c", script], command: true, width: 160)
        let (shown, screen) = session.waitFor { $0.contains("Routines (") }
        #expect(shown, "\(screen)")
        #expect(screen.contains(keep ? "DEMO board, kept at \(temporary.path)" : "DEMO: a throwaway sample, deleted when you quit"), "\(screen)")
        try session.send("q")
        let (ended, after) = session.waitFor { $0.contains("demo ended: 0") }
        #expect(ended, "\(after)")
        let left = try FileManager.default.contentsOfDirectory(atPath: temporary.path)
        if keep {
            #expect(after.contains("The demo board is kept at \(temporary.path)") && left.count == 1, "\(left)")
        } else {
            #expect(after.contains("The demo board was deleted; board demo --keep keeps it.") && left.isEmpty, "\(left)")
        }
    }
}
