import GRDB

/// One field of a synced record, declared once with every name it goes by (ARCHITECTURE.md §7):
/// its column (in the board file, in a change and on the server, which share it), its key in a
/// document and in `list --json`, its server type and the rule a received value must pass.
/// The records, the document coding, the sync checks and the server's column lists read these.
public struct SyncedField: Sendable, ColumnExpression {
    /// The column: the SQLite column, the field a change names and the server's column.
    public let column: String
    /// The key a document and `list --json` write it under; nil: documents leave it out.
    public let key: String?
    /// What a received value must be; nil: not sent as a field of its own (the exception mask
    /// travels as a register per field).
    let rule: SyncedFields.Rule?
    /// Its type in the server's table.
    public let server: ServerType
    /// Only on the server: the owner a table takes from its parent on a device.
    public let serverOnly: Bool
    /// Added after the first synced version: a created row leaves it out while it holds `absent`,
    /// so earlier devices still take the row, and a row that lacks it is read as `absent`.
    let addedLater: Bool
    /// What an added-later field holds in a row that leaves it out.
    let absent: DatabaseValue

    init(_ column: String, key: String? = nil, document: Bool = true, _ rule: SyncedFields.Rule?, server: ServerType,
         serverOnly: Bool = false, addedLater: Bool = false, absent: DatabaseValue = .null) {
        self.column = column
        self.key = document ? key ?? column : nil
        self.rule = rule
        self.server = server
        self.serverOnly = serverOnly
        self.addedLater = addedLater
        self.absent = absent
    }

    /// A column's type on the server, as `information_schema.columns.data_type` names it.
    public enum ServerType: String, Sendable {
        case text, jsonb, integer, bigint, date, boolean, uuid
        case time = "time without time zone"
        case timestamp = "timestamp with time zone"
    }

    /// The column's name in a request: `CardRecord.Columns.seriesId == id`.
    public var name: String { column }

    /// The key, for a field every document holds.
    public var documentKey: String { key! }
}

/// A synced record's fields, in the order the record's row holds them.
public protocol SyncedTable: SendableMetatype {
    /// The SQLite and server table.
    static var tableName: String { get }
    static var fields: [SyncedField] { get }
}

extension SyncedTable {
    /// The columns a device's file holds, in order.
    public static var deviceColumns: [String] { fields.filter { !$0.serverOnly }.map(\.column) }

    /// The columns the server's table holds (but those it generates), in order.
    public static var serverColumns: [String] { fields.map(\.column) }
}

/// Every synced record's table, parents first (the order received rows are made in).
public enum SyncedTables {
    public static let all: [any SyncedTable.Type] = [TemplateTable.self, RuleTable.self, SeriesTable.self, CardTable.self, HabitTable.self,
                                              HabitEntryTable.self]
}
