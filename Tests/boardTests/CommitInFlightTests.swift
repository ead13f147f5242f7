import Foundation
import Testing

/// Issue: SQLite publishes a commit a moment after its last write to the WAL. A screen woken by
/// that write looked in between, found nothing and slept until the next minute; under load, a
/// card added on one screen showed on the other (and was pushed by sync) a minute late.
@Suite struct CommitInFlightTests {
    @Test func aCommitHeardBeforeItShowsStillReachesTheOtherScreen() throws {
        let board = try BoardFile()
        try board.run(["add", "Pay rent"])
        let writer = try TmuxSession(["env", try SlowCommit.preload(), BoardBinary.url.path, "--db", board.path], command: true)
        let reader = try TmuxSession(["--db", board.path])
        for screen in [writer, reader] { #expect(screen.waitFor { $0.contains("[ ] Pay rent") }.0) }
        try writer.send("a")
        try writer.type("Buy milk")
        try writer.send("Enter")
        #expect(writer.waitFor { $0.contains("[ ] Buy milk") }.0, "\(writer.screen)")
        // Well under the minute the defect took, with room for a loaded machine (the full suite
        // beside it once took over 3 s).
        let (seen, last) = reader.waitFor(10) { $0.contains("[ ] Buy milk") }
        #expect(seen, "\(last)")
    }
}
