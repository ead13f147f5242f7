import BoardModel
import GRDB

/// One capability of the board's store (ARCHITECTURE.md §7): cards, routines, habits, reminders,
/// sync, exchange, stats. Each is a view of the one `BoardStore`, sharing its writer, its one
/// `write` (one intent, one transaction, one change record) and its reader, so a capability's
/// methods are transactions like the store's and none of them opens a database of its own.
public protocol StoreCapability: Sendable {
    /// The store whose writer, write and reader this capability shares.
    var base: BoardStore { get }
}

extension StoreCapability {
    func write<T>(_ updates: (Database) throws -> T) throws -> T { try base.write(updates) }
    func read<T>(_ body: (Database) throws -> T) throws -> T { try base.read(body) }
    var ownerId: String { base.ownerId }
    func horizons(_ clock: BoardClock) -> Horizons { base.horizons(clock) }
    /// Writes done under `origin` in `db` (a change of sync's own kind, ARCHITECTURE.md §13).
    func writing<T>(as origin: FieldChange.Origin?, _ db: Database, _ body: () throws -> T) throws -> T {
        try base.writing(as: origin, db, body)
    }
}
