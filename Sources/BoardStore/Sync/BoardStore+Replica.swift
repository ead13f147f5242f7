import Foundation
import GRDB

extension SyncStore {
    /// The rows set aside until what they wait for arrives, by table and id.
    public func waitingRows() throws -> [(entity: String, id: String)] {
        try base.readOneStatement { db in
            try Row.fetchAll(db.cachedStatement(sql: "SELECT entity, entity_id FROM sync_waiting")).map { ($0[0], $0[1]) }
        }
    }

    /// The names of `table`'s columns in this file.
    public func columnNames(of table: String) throws -> Set<String> {
        try base.readOneStatement { db in Set(try db.columns(in: table).map(\.name)) }
    }

    /// `table`'s rows with `ids`, or else at most `limit` of them after `rowid`, in rowid order:
    /// each as its rowid then `columns` (a column named in `nulls` read as NULL), handed to `body`
    /// by one statement. Returns the last rowid handed over, nil when none was.
    public func forEachReplicaRow(of table: String, columns: [String], nulls: Set<String> = [], ids: [String]?, after rowid: Int64,
                                  limit: Int, _ body: (Row) throws -> Void) throws -> Int64? {
        let projection = columns.map { nulls.contains($0) ? "NULL" : "\"\($0)\"" }.joined(separator: ", ")
        return try base.readOneStatement { db in
            var last: Int64?
            let rows = try ids.map { ids in
                try Row.fetchCursor(db.cachedStatement(sql: "SELECT rowid, \(projection) FROM \(table) WHERE id IN (SELECT value FROM json_each(?))"),
                                    arguments: [String(decoding: try JSONSerialization.data(withJSONObject: ids), as: UTF8.self)])
            } ?? Row.fetchCursor(db.cachedStatement(sql: "SELECT rowid, \(projection) FROM \(table) WHERE rowid > ? ORDER BY rowid LIMIT ?"),
                                 arguments: [rowid, limit])
            while let row = try rows.next() {
                last = row[0]
                try body(row)
            }
            return last
        }
    }
}
