import Foundation
import Testing

/// Esc while another process writes the board (found by the shared-routines screen test under
/// load): a lone Esc waits 25 ms for a sequence that may follow it, and a write heard in those
/// 25 ms kept the wait from ever ending, so Esc did nothing until the next key.
@Suite(.serialized) struct EscapeWhileWritingTests {
    @Test func escClosesTheHelpEvenWhenAWriteArrivesRightAfterIt() throws {
        let board = try BoardFile()
        try board.run(["add", "Pay rent"], now: "2026-11-21T10:00")
        let session = try TmuxSession(["--db", board.path], now: "2026-11-21T10:00")
        #expect(session.waitFor { $0.contains("Pay rent") }.0)
        for round in 0..<6 {
            try session.send("?")
            #expect(session.waitFor { $0.contains("Keys") && $0.contains("this help") }.0, "round \(round): the help opens")
            // The Esc and, a few milliseconds after it, a write to the board by another process.
            let both = try BoardBinary.runTool(["bash", "-c", """
                tmux -L \(session.socket) send-keys Escape && sqlite3 '\(board.path)' 'CREATE TABLE esc_\(round)(x); DROP TABLE esc_\(round);'
                """])
            #expect(both.status == 0, "\(both.stderr)")
            let (closed, screen) = session.waitFor(2) { !$0.contains("this help") }
            #expect(closed, "round \(round): Esc closes the help:\n\(screen)")
            guard closed else { break }
        }
        try session.send("q")
    }
}
