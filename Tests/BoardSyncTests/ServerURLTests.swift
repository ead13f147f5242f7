import BoardModel
import BoardStore
@testable import BoardSync
import GRDB
import Testing

/// How a server URL is read (ARCHITECTURE.md §13): `sslmode` as libpq means it, TLS with
/// certificate and host checks by default for a server that is not on this machine.
@Suite struct ServerURLTests {
    func url(_ text: String) throws -> ServerURL { try ServerURL(text, environment: ["HOME": "/nonexistent"]) }

    @Test(arguments: [
        ("postgres://ann@db.example.org/board", ServerURL.TLSMode.verifyFull),
        ("postgres://ann@10.0.0.7:5433/board", .verifyFull),
        ("postgres://ann@localhost/board", .prefer),
        ("postgres://ann@127.0.0.1/board", .prefer),
        ("postgres://ann@db.example.org/board?sslmode=disable", .disable),
        ("postgres://ann@db.example.org/board?sslmode=allow", .allow),
        ("postgres://ann@db.example.org/board?sslmode=prefer", .prefer),
        ("postgres://ann@db.example.org/board?sslmode=require", .require),
        ("postgres://ann@db.example.org/board?sslmode=verify-ca", .verifyCA),
        ("postgres://ann@127.0.0.1/board?sslmode=verify-full", .verifyFull),
    ])
    func theModeIsTheURLsOrEncryptedAndCheckedOverANetwork(text: String, mode: ServerURL.TLSMode) throws {
        #expect(try url(text).tlsMode == mode)
    }

    @Test func theModeAndCAGoWithTheURLToAnotherPersonAndIntoMessages() throws {
        let server = try url("postgres://admin:secret@db.example.org:5433/board?sslmode=verify-ca&sslrootcert=/etc/hosts")
        #expect(server.display == "postgres://admin@db.example.org:5433/board?sslmode=verify-ca&sslrootcert=/etc/hosts")
        #expect(server.forUser("ann", password: "pw") == "postgres://ann:pw@db.example.org:5433/board?sslmode=verify-ca&sslrootcert=/etc/hosts")
        #expect(try url("postgres://admin@db.example.org/board").display == "postgres://admin@db.example.org:5432/board")
    }

    @Test(arguments: [
        ("postgres://ann@db.example.org/board?sslmode=sometimes", "server: sslmode must be disable, allow, prefer, require, verify-ca, verify-full, got 'sometimes'"),
        ("postgres://ann@db.example.org/board?sslrootcert=/nonexistent/ca.crt", "server: sslrootcert names '/nonexistent/ca.crt', which does not exist"),
        ("postgres://ann@db.example.org/board?application_name=x", "server: takes sslmode and sslrootcert in its query, got 'application_name'"),
    ])
    func aBadQueryIsRefusedWithTheRule(text: String, message: String) {
        #expect { try url(text) } throws: { ($0 as? BoardError)?.description == message }
    }

    @Test func aFaultOfThisBoardsFileIsNotTheServers() {
        let error = SyncError(DatabaseError(resultCode: .SQLITE_FULL, message: "database or disk is full"),
                              server: try! url("postgres://ann@127.0.0.1/board"))
        #expect(error == .local("database or disk is full"))
        #expect(error.description == "this board's file: database or disk is full")
    }
}
