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

    /// `"name":`, the key as the value's JSON writes it.
    private static func key(_ name: String) -> [UInt8] {
        var key: [UInt8] = []
        CardJSON.appendString(name, to: &key)
        key.append(UInt8(ascii: ":"))
        return key
    }

    /// The layout of `table`'s columns in the order of `names`: the last one made for the table
    /// when it names the same columns in the same order (a pull's rows all come back so), else a new one.
    static func of(table: String, names: [String]) -> CreatedRowLayout {
        if let last = lastMade.withLock({ $0[table] }), last.names == names { return last }
        let layout = CreatedRowLayout(table: table, names: names)
        lastMade.withLock { $0[table] = layout }
        return layout
    }

    private static let lastMade = Mutex<[String: CreatedRowLayout]>([:])
}
