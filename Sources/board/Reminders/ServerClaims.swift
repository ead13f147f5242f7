import BoardCLI
import BoardModel
import BoardStore
import Foundation

/// A reminder once across a person's devices (ARCHITECTURE.md §13): on a board that syncs, the due
/// reminders this device claimed are claimed on the server too, by `board-sync` (this binary holds
/// no network code), and only those it gets there are delivered here.
enum ServerClaims {
    /// What the server said: the reminders this device got, or why it could not ask (out of reach,
    /// refused, or no `board-sync`), in board-sync's own words.
    static func claim(_ reminders: [Reminder], board path: String) -> Result<Set<[String]>, OutOfReach> {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: SyncHandOff.executablePath)
        process.arguments = ["sync", "run", "--claim-reminders", "--db", path]
        let input = Pipe(), output = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        do { try process.run() } catch {
            return .failure(OutOfReach(reason: "board-sync could not be started beside board", count: reminders.count))
        }
        writeText(reminders.map { $0.claimKey + "\t" + $0.instantKey + "\n" }.joined(), to: input.fileHandleForWriting)
        try? input.fileHandleForWriting.close()
        let answer = output.fileHandleForReading.readDataToEndOfFile()
        let said = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let line = String(decoding: said, as: UTF8.self).split(separator: "\n").last.map(String.init) ?? "board-sync failed"
            let reason = line.hasPrefix("error: server: ") ? String(line.dropFirst(15)) : line.hasPrefix("error: ") ? String(line.dropFirst(7)) : line
            return .failure(OutOfReach(reason: reason, count: reminders.count))
        }
        return .success(Set(String(decoding: answer, as: UTF8.self).split(separator: "\n").map { $0.split(separator: " ").map(String.init) }))
    }

    /// The claimed reminders this device delivers: on a board that syncs through a server (one
    /// configured, or the one it joined), only those the server gave it, the rest marked as another
    /// device's. A server it can't ask delivers none: their claims here are let go, so a later pass
    /// delivers them late, or reports them missed, by the usual rules once it can claim them there.
    static func settle(_ pass: [ClaimedReminder], store: BoardStore, board path: String) throws -> [ClaimedReminder] {
        guard !pass.isEmpty, try store.sync.status() != nil, try SyncCommands.configuredURL != nil || store.sync.server() != nil else { return pass }
        switch claim(pass.map(\.reminder), board: path) {
        case .failure(let outOfReach):
            try store.reminders.releaseClaims(pass.map(\.reminder))
            throw outOfReach
        case .success(let won):
            let (mine, theirs) = (pass.filter { won.contains([$0.reminder.claimKey, $0.reminder.instantKey]) },
                                  pass.filter { !won.contains([$0.reminder.claimKey, $0.reminder.instantKey]) })
            try store.reminders.claimedElsewhere(theirs.map(\.reminder))
            return mine
        }
    }

    /// The server could not be asked: nothing was delivered, and the reminders wait for it (exit 5,
    /// as every sync failure).
    struct OutOfReach: Error, CustomStringConvertible {
        let reason: String, count: Int
        var description: String {
            "server: \(reason); \(count) \(count == 1 ? "reminder waits until it is claimed there" : "reminders wait until they are claimed there")"
        }
    }
}
