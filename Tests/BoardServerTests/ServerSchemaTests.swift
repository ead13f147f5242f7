import BoardModel
@testable import BoardStore
@testable import BoardServer
import Testing

/// The server's schema beside a device's (ARCHITECTURE.md §13).
@Suite struct ServerSchemaTests {
    @Test func theServersListOfFieldsIsTheDevicesList() {
        let server = Set(ServerSchema.knownFields.split(separator: ", ").map { String($0.dropFirst().dropLast()) })
        #expect(server == SyncedFields.all)
    }

    /// A field a later Board added is one the server's field check took in a later migration:
    /// the device's tables and the server's frozen list name the same ones.
    @Test func theFieldsAddedLaterAreTheServersLaterFields() {
        let device = SyncedTables.all.flatMap { table in table.fields.filter(\.addedLater).map { table.tableName + "." + $0.column } }
        #expect(Set(device) == Set(ServerSchema.fieldsAddedLater))
    }
}
