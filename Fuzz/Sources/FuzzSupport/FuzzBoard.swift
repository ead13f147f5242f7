import BoardModel
import BoardStore
import Foundation
import GRDB

/// A board in memory, as the store's own tests make one, and the moment every input is read at.
/// The clock is fixed so a run is repeatable: the same input takes the same path.
public enum FuzzBoard {
    public static let clock = BoardClock(local: LocalDateTime(iso: "2026-11-24T09:30")!, zone: TimeZone(identifier: "Europe/Paris")!)

    /// A migrated, empty board, copied for each new one: migrating for every input would be most of a run.
    nonisolated(unsafe) static let blank: DatabaseQueue = {
        do {
            let queue = try DatabaseQueue(configuration: BoardDatabase.configuration)
            _ = try BoardStore(queue)
            return queue
        } catch { fatalError("an in-memory board can't be made: \(error)") }
    }()

    /// A new, empty board (all of them share one owner, as boards copied from one file would).
    public static func empty() -> BoardStore {
        do {
            let queue = try DatabaseQueue(configuration: BoardDatabase.configuration)
            try blank.backup(to: queue)
            return try BoardStore(queue)
        } catch {
            fatalError("an in-memory board can't be made: \(error)")
        }
    }
}
