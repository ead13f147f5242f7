import BoardModel
import BoardStore
import GRDB
import Testing

/// Issue: raw SQLite errors reached the user ("SQLite error 13 … COMMIT TRANSACTION", a CHECK refusal).
@Suite struct BoardFileErrorTests {
    @Test func databaseErrorsBecomeSentences() {
        let path = "/home/me/board.sqlite"
        #expect(BoardFileError.classify(DatabaseError(resultCode: .SQLITE_FULL), path: path) as? BoardFileError == .diskFull(path: path))
        #expect((BoardFileError.classify(DatabaseError(resultCode: .SQLITE_FULL), path: path) as? BoardFileError)?.description
                == "the disk holding /home/me/board.sqlite is full; nothing was written")
        #expect(BoardFileError.classify(DatabaseError(resultCode: .SQLITE_READONLY), path: path) as? BoardFileError == .readOnly(path: path))
        #expect(BoardFileError.classify(DatabaseError(resultCode: .SQLITE_BUSY), path: path) is BoardFileError)
        let refused = BoardFileError.classify(DatabaseError(resultCode: .SQLITE_CONSTRAINT, message: "mask names an unknown field"), path: path)
        #expect(refused as? BoardError == BoardError("board", "refused by the board's rules (mask names an unknown field); nothing was written"))
    }

    /// A trigger's refusal inside a store write comes out as a BoardError, not a DatabaseError.
    @Test func aTriggerRefusalInAWriteIsABoardError() throws {
        let f = try StoreFixture()
        let card = try f.store.addTask(CardValues(title: "Pay rent"), clock: clock("2026-11-21T09:00"))
        try f.store.database.write { db in
            try db.execute(sql: "CREATE TRIGGER refuse_all BEFORE UPDATE ON tasks BEGIN SELECT RAISE(ABORT, 'refused for the test'); END")
        }
        #expect(throws: BoardError("board", "refused by the board's rules (refused for the test); nothing was written")) {
            try f.store.editTask(card.id, CardEdit(title: "Pay the rent"), clock: clock("2026-11-21T09:00"))
        }
    }
}
