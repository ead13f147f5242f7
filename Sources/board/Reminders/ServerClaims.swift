import BoardCLI
import BoardModel
import BoardStore
import Foundation

/// A reminder once across a person's devices (ARCHITECTURE.md §13): on a board that syncs, the due
/// reminders this device claimed are claimed on the server too, by `board-sync` (this binary holds
/// no network code), and only those it gets there are delivered here.
enum ServerClaims {
    /// What the server said: the reminders this device got, or nothing (out of reach, or no `board-sync`).
    static func claim(_ reminders: [Reminder], board path: String) -> Set<[String]>? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: SyncHandOff.executablePath)
        process.arguments = ["sync", "run", "--claim-reminders", "--db", path]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        input.fileHandleForWriting.write(Data(reminders.map { $0.taskId + "\t" + $0.instantKey + "\n" }.joined().utf8))
        try? input.fileHandleForWriting.close()
        let answer = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return Set(String(decoding: answer, as: UTF8.self).split(separator: "\n").map { $0.split(separator: " ").map(String.init) })
    }

    /// The claimed reminders this device delivers: on a board that syncs through a configured
    /// server, those the server gave it (the rest are marked as another device's); when the server
    /// is out of reach, all of them, their claims going to the server with the next round.
    static func settle(_ pass: [ClaimedReminder], store: BoardStore, board path: String) throws -> [ClaimedReminder] {
        guard !pass.isEmpty, try store.syncStatus() != nil, SyncCommands.configuredURL != nil else { return pass }
        guard let won = claim(pass.map(\.reminder), board: path) else {
            try store.claimedOffline(pass.map(\.reminder))
            return pass
        }
        let (mine, theirs) = (pass.filter { won.contains([$0.reminder.taskId, $0.reminder.instantKey]) },
                              pass.filter { !won.contains([$0.reminder.taskId, $0.reminder.instantKey]) })
        try store.claimedElsewhere(theirs.map(\.reminder))
        return mine
    }
}
