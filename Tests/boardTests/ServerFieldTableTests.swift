import BoardStore
import Foundation
import Testing

/// The server's tables hold the columns each synced record's table of fields declares, with the
/// types it gives (ARCHITECTURE.md §7): a field added to the table without a server migration,
/// or a migration's column the table lacks, fails here. On a throwaway cluster.
@Suite(.serialized) struct ServerFieldTableTests {
    @Test func theServersColumnsAreTheTablesFieldsWithTheirTypes() throws {
        let pg = try PostgresCluster()
        defer { pg.stop() }
        let initialized = try BoardBinary.run(["server", "init", pg.adminURL])
        #expect(initialized.status == 0, "\(initialized.stderr)")
        for table in SyncedTables.all {
            let r = try pg.psql(pg.adminURL, """
                SELECT column_name || ' ' || data_type FROM information_schema.columns
                WHERE table_schema = 'board' AND table_name = '\(table.tableName)' AND is_generated = 'NEVER' ORDER BY column_name COLLATE "C"
                """)
            #expect(r.status == 0, "\(r.stderr)")
            let expected = table.fields.map { "\($0.column) \($0.server.rawValue)" }.sorted()
            #expect(r.lines == expected, "\(table.tableName)")
        }
    }
}
