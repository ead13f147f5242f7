import BoardModel
import BoardStore
@testable import BoardServer
import Testing

/// The server's schema beside a device's (ARCHITECTURE.md §13).
@Suite struct ServerSchemaTests {
    @Test func theServersListOfFieldsIsTheDevicesList() {
        let server = Set(ServerSchema.knownFields.split(separator: ", ").map { String($0.dropFirst().dropLast()) })
        #expect(server == SyncedFields.all)
    }
}
