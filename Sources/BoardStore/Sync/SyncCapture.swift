import BoardModel
import Foundation

/// What the store's writes need to know for sync (ARCHITECTURE.md §13): whether this board has
/// joined a server (then every write's row changes go to the outbox as field changes), the origin
/// of the rows being written now, and the wall clock the hybrid clock reads.
final class SyncCapture: @unchecked Sendable {
    private let lock = NSLock()
    private var _joined = false
    private var _origin: FieldChange.Origin? = .user
    private var _wallClock: @Sendable () -> Date = { Date() }
    private var _ownerId = ""

    /// Whether writes are recorded for sync.
    var joined: Bool {
        get { lock.withLock { _joined } }
        set { lock.withLock { _joined = newValue } }
    }

    /// Why the rows written now change: nil while received changes are written (they are not this device's).
    var origin: FieldChange.Origin? {
        get { lock.withLock { _origin } }
        set { lock.withLock { _origin = newValue } }
    }

    var wallClock: @Sendable () -> Date {
        get { lock.withLock { _wallClock } }
        set { lock.withLock { _wallClock = newValue } }
    }

    /// The owner of every row of the file: its own until it joins an account, the account's after.
    var ownerId: String {
        get { lock.withLock { _ownerId } }
        set { lock.withLock { _ownerId = newValue } }
    }
}
