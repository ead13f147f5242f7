import BoardModel
import GRDB
import Synchronization

/// How a created row's columns, named in one order, become its `row` change's value
/// (`SyncedRows.createdRowBytes`, ARCHITECTURE.md §13): where each column's key goes once the keys
/// are sorted, its JSON key made once, and which columns are left out. A first pull makes the
/// value of every card it writes again, to see that the card gives it back; working out this
/// layout for each card was most of that work.
struct CreatedRowLayout: Sendable {
    let table: String
    /// The columns, in the order the values come.
    let names: [String]
    /// The value's keys in their order: a column's position among `names`, its key as JSON
    /// (`"name":`), and the value that leaves it out (a column added later, at its default).
    private let fields: [(position: Int, key: [UInt8], leftOutAt: DatabaseValue?)]
    /// By position among `names`: nil for a column the value leaves out always (this device's own);
    /// for one of the value's keys, the value at which it is left out, or nil when it never is. The
    /// mask, which is the value's registers, is never left out.
    private let leftOutAt: [DatabaseValue??]
    /// Where the exception mask is among `names`; its registers are keys of their own.
    private let mask: Int?
    /// How many of `fields` sort before the registers (`exception.…`, after every shorter name).
    private let registersAfter: Int

    init(table: String, names: [String]) {
        let own = SyncedRows.deviceColumns[table] ?? [], later = SyncedFields.addedLater[table] ?? [:]
        let kept = names.indices.filter { names[$0] != SyncedRows.maskColumn && !own.contains(names[$0]) }
            .sorted { names[$0] < names[$1] }
        self.table = table
        self.names = names
        fields = kept.map { ($0, Self.key(names[$0]), later[names[$0]]) }
        mask = names.firstIndex(of: SyncedRows.maskColumn)
        var leftOutAt = [DatabaseValue??](repeating: nil, count: names.count)
        for field in fields { leftOutAt[field.position] = .some(field.leftOutAt) }
        if let mask { leftOutAt[mask] = .some(nil) }
        self.leftOutAt = leftOutAt
        let prefix = FieldChange.exception("")
        registersAfter = kept.count(where: { names[$0] < prefix })
    }

    /// The value of a row whose columns hold `values`, in the order of `names`.
    func bytes(_ values: [DatabaseValue]) -> [UInt8] {
        var bytes: [UInt8] = [UInt8(ascii: "{")], scratch: [UInt8] = []
        // A card's value is a kilobyte or so: one allocation for nearly all of them.
        bytes.reserveCapacity(2_048)
        var first = true
        func append(_ key: [UInt8], _ value: DatabaseValue?) {
            if !first { bytes.append(UInt8(ascii: ",")) }
            first = false
            SyncValue.appendField(key: key, value: value, to: &bytes, scratch: &scratch)
        }
        func appendRegisters() {
            // A register set is the text "true" (`SyncValue.appendField`'s nil).
            let registers = SyncedRows.maskedColumns(mask.map { values[$0] }).map(FieldChange.exception).sorted()
            for register in registers { append(Self.key(register), nil) }
        }
        for (index, field) in fields.enumerated() {
            if index == registersAfter { appendRegisters() }
            let value = values[field.position]
            if let leftOutAt = field.leftOutAt, value == leftOutAt { continue }
            append(field.key, value)
        }
        if registersAfter == fields.count { appendRegisters() }
        bytes.append(UInt8(ascii: "}"))
        return bytes
    }

    /// Whether the columns of a row (in the order of `names`) at `positions` add nothing to its
    /// value: each is this device's own, or holds the value that leaves it out. A row written with
    /// the columns that made its change's value, held as given, and whose other columns add
    /// nothing, gives that value back (`RowReference.givesBack`), without making it again.
    func addsNothing(_ row: [(String, DatabaseValue)], at positions: [Int]) -> Bool {
        positions.allSatisfy { position in
            guard let leftOut = leftOutAt[position] else { return true }
            return leftOut.map { row[position].1 == $0 } ?? false
        }
    }

    /// `"name":`, the key as the value's JSON writes it.
    private static func key(_ name: String) -> [UInt8] {
        var key: [UInt8] = []
        CardJSON.appendString(name, to: &key)
        key.append(UInt8(ascii: ":"))
        return key
    }

    /// The layout of `table`'s columns in the order of `names`: one of the last few made for the
    /// table when it names the same columns in the same order (a pull's rows come in one order from
    /// `check` and back from the table in another), else a new one.
    static func of(table: String, names: [String]) -> CreatedRowLayout {
        // The same array, as a statement's column names are each time, is known without comparing its names.
        if let made = lastMade.withLock({ $0[table]?.first { $0.names == names } }) { return made }
        let layout = CreatedRowLayout(table: table, names: names)
        lastMade.withLock { $0[table] = [layout] + ($0[table] ?? []).prefix(kept - 1) }
        return layout
    }

    /// How many layouts are kept a table.
    private static let kept = 4
    private static let lastMade = Mutex<[String: [CreatedRowLayout]]>([:])
}
