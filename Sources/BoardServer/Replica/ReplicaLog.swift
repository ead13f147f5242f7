import BoardSync
import BoardModel
import PostgresNIO

/// A person's change log after a number, as the replica reads it (ARCHITECTURE.md §16): one
/// statement, its rows taken a batch at a time as the replica is ready for them. Read a batch a
/// statement, each had the server sort the rest of the log whenever its statistics were those of an
/// emptier table, as they are just after a first sync (a quarter of a 100,000-card first pass).
struct ReplicaLog {
    /// A row of the log: its number and a change's columns.
    typealias Row = (Int64, String, String, String, String, String?, String, String, String)
    typealias Rows = AsyncThrowingMapSequence<PostgresRowSequence, Row>
    private var rows: Rows.AsyncIterator

    /// `owner`'s changes after `seq`, in order, as a device pulls them.
    static func after(_ seq: Int64, owner: String, _ connection: PostgresConnection) async throws -> ReplicaLog {
        let rows = try await connection.query("""
            SELECT seq, change_id::text, entity, entity_id, field, value, stamp, device, origin FROM board.changes
            WHERE owner = \(owner)::uuid AND seq > \(seq) ORDER BY seq
            """, logger: ServerConnection.logger)
        return ReplicaLog(rows: rows.decode(Row.self).makeAsyncIterator())
    }

    /// The next `count` changes (fewer at the end of the log), each with the row it names; nil for
    /// one whose stamp or origin is not of a change's shape (the log's checks refuse them; a log
    /// without its checks is read past them, never stopped).
    mutating func next(_ count: Int) async throws -> [(seq: Int64, entity: String, entityId: String, change: FieldChange?)] {
        var changes: [(Int64, String, String, FieldChange?)] = []
        changes.reserveCapacity(count)
        while changes.count < count, let (number, id, entity, entityId, field, value, stamp, device, origin) = try await rows.next() {
            guard let stamp = HybridTimestamp(stamp), let origin = FieldChange.Origin(rawValue: origin) else {
                changes.append((number, entity, entityId, nil))
                continue
            }
            changes.append((number, entity, entityId, FieldChange(id: id, entity: entity, entityId: entityId, field: field, value: value,
                                                                  stamp: stamp, device: device, origin: origin)))
        }
        return changes
    }
}
