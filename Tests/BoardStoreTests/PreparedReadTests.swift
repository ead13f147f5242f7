import BoardModel
@testable import BoardStore
import GRDB
import GRDBSQLite
import Testing

/// A read on the board's one connection, as every command makes them (ARCHITECTURE.md §7): a
/// transaction of its own, which leaves the statements the connection has prepared standing.
@Suite struct PreparedReadTests {
    /// GRDB's own read sets `PRAGMA query_only` around the transaction; a flag pragma expires every
    /// prepared statement, and each read compiled its statements again.
    @Test func aReadLeavesTheStatementsItPreparedStanding() throws {
        let f = try StoreFixture(onDisk: true)
        let sql = "SELECT count(*) FROM tasks WHERE shown = ?"
        for column in [Bucket.thisWeek, .weekend, .nextWeek] {
            _ = try f.store.read { db in try Int.fetchOne(try db.cachedStatement(sql: sql), arguments: [column.rawValue]) }
        }
        let recompiled = try f.store.read { db in
            sqlite3_stmt_status(try db.cachedStatement(sql: sql).sqliteStatement, SQLITE_STMTSTATUS_REPREPARE, 0)
        }
        #expect(recompiled == 0)
        // Still one snapshot: every read is a transaction, and the screen's reads share one.
        #expect(try f.store.read { $0.isInsideTransaction })
        #expect(try f.store.reading { reader in try reader.read { $0.isInsideTransaction } })
    }
}
