import BoardModel
import Foundation

/// The board as one JSON document (`board export`, `board import`; ARCHITECTURE.md §11): settings,
/// templates with their rule and series, cards (plain and occurrences, with exception masks and
/// checklists), habits with their entries. Rows keep their ids, so importing a document twice
/// changes nothing. A card reads as `board list --json` prints it, plus what a copy needs
/// (owner, timestamps, remind before), so a `list --json` array can be imported too.
public enum BoardDocument {
    public static let format = "board"
    public static let version = 1

    /// The board's settings: whose rows these are, and the zone it was kept in.
    public struct Settings: DocumentObject, Hashable, Sendable {
        public var ownerId: String = ""
        public var timeZone: String?

        static let coding: [FieldCoding<Self>] = [.required("owner_id", \.ownerId), .nullable("time_zone", \.timeZone)]
    }

    /// A card: the fields of `board list --json`, and with `export` the ones a copy needs.
    public struct Card: DocumentObject, Hashable, Sendable {
        /// A new one when the file gives none (so importing such a file twice adds the card twice).
        public var id: String = RandomId.make()
        public var title: String = ""
        public var description: String = ""
        public var labels: [String] = []
        public var bucket: String = Bucket.thisWeek.cliName
        /// nil when the file gives none: a new card goes to its bucket's end, one already on the board keeps its place.
        public var position: Int?
        public var dueDate: String?
        public var dueTime: String?
        public var priority: Int = 0
        public var duration: Int?
        public var completed: Bool = false
        public var templateId: String?
        public var seriesId: String?
        public var occurrenceDate: String?
        public var exceptions: [String] = []
        public var checklist: [ChecklistItem] = []
        // Only in a full export; a `list --json` card leaves them out.
        public var ownerId: String?
        public var completedAt: String?
        public var createdAt: String?
        public var updatedAt: String?
        public var remindBefore: Int?
        /// The day the card was put in its bucket (ARCHITECTURE.md §15); none: it follows its date.
        public var aimedOn: String? = nil
        /// The run's time of day, for a routine with several times a day (ARCHITECTURE.md §4).
        public var occurrenceTime: String? = nil

        /// Only the title is required, as `CardReader` reads a card (the two are held equal by a
        /// test); the rest defaults as `board add` does. `list --json`'s fields are always written
        /// (null when empty), the copy's only when set.
        static let coding: [FieldCoding<Self>] = {
            typealias T = CardTable
            return [
                .defaulted(T.id.documentKey, \.id), .required(T.title.documentKey, \.title),
                .defaulted(T.description.documentKey, \.description), .defaulted(T.labels.documentKey, \.labels),
                .defaulted(T.bucket.documentKey, \.bucket),
                FieldCoding(key: T.position.documentKey,
                            write: { card, c in try c.encode(card.position ?? 0, forKey: DocumentKey(T.position.documentKey)) },
                            read: { card, c in card.position = try c.decodeIfPresent(Int.self, forKey: DocumentKey(T.position.documentKey)) }),
                .nullable(T.dueDate.documentKey, \.dueDate), .nullable(T.dueTime.documentKey, \.dueTime),
                .defaulted(T.priority.documentKey, \.priority), .nullable(T.durationMin.documentKey, \.duration),
                .defaulted(T.isCompleted.documentKey, \.completed), .nullable(T.templateId.documentKey, \.templateId),
                .nullable(T.seriesId.documentKey, \.seriesId), .nullable(T.occurrenceDate.documentKey, \.occurrenceDate),
                .defaulted(T.exceptionMask.documentKey, \.exceptions), .defaulted(T.checklist.documentKey, \.checklist),
                .whenSet(T.ownerId.documentKey, \.ownerId), .whenSet(T.completedAt.documentKey, \.completedAt),
                .whenSet(T.createdAt.documentKey, \.createdAt), .whenSet(T.updatedAt.documentKey, \.updatedAt),
                .whenSet(T.remindBefore.documentKey, \.remindBefore), .whenSet(T.aimedOn.documentKey, \.aimedOn),
                .whenSet(T.occurrenceTime.documentKey, \.occurrenceTime),
            ]
        }()
    }

    /// A template, its recurrence rule (none for a checklist routine) and its one series.
    public struct Template: DocumentObject, Hashable, Sendable {
        public var id: String = ""
        public var ownerId: String = ""
        public var title: String = ""
        public var description: String = ""
        public var labels: [String] = []
        public var checklist: [ChecklistStep] = []
        public var time: String?
        public var priority: Int = 0
        public var duration: Int?
        public var status: String = ""
        public var version: Int = 0
        public var createdAt: String = ""
        public var updatedAt: String = ""
        public var endAfterCount: Int?
        public var remindBefore: Int = 0
        public var rule: Rule?
        public var series: Series?

        static let coding: [FieldCoding<Self>] = {
            typealias T = TemplateTable
            return [
                .required(T.id.documentKey, \.id), .required(T.ownerId.documentKey, \.ownerId), .required(T.title.documentKey, \.title),
                .required(T.description.documentKey, \.description), .required(T.labels.documentKey, \.labels),
                .required(T.checklist.documentKey, \.checklist), .nullable(T.defaultTime.documentKey, \.time),
                .required(T.priority.documentKey, \.priority), .nullable(T.defaultDurationMin.documentKey, \.duration),
                .required(T.status.documentKey, \.status), .required(T.version.documentKey, \.version),
                .required(T.createdAt.documentKey, \.createdAt), .required(T.updatedAt.documentKey, \.updatedAt),
                .nullable(T.endAfterCount.documentKey, \.endAfterCount), .required(T.remindBefore.documentKey, \.remindBefore),
                .nullable("rule", \.rule), .nullable("series", \.series),
            ]
        }()
    }

    public struct Rule: DocumentObject, Hashable, Sendable {
        public var id: String = ""
        public var rrule: String = ""
        public var anchor: String = ""
        public var monthEndPolicy: String = ""
        public var timezone: String?
        public var startsOn: String = ""
        public var endsOn: String?

        static let coding: [FieldCoding<Self>] = {
            typealias T = RuleTable
            return [
                .required(T.id.documentKey, \.id), .required(T.rrule.documentKey, \.rrule), .required(T.anchor.documentKey, \.anchor),
                .required(T.monthEndPolicy.documentKey, \.monthEndPolicy), .nullable(T.timezone.documentKey, \.timezone),
                .required(T.startsOn.documentKey, \.startsOn), .nullable(T.endsOn.documentKey, \.endsOn),
            ]
        }()
    }

    public struct Series: DocumentObject, Hashable, Sendable {
        public var id: String = ""
        public var startsOn: String = ""
        public var endsOn: String?
        public var status: String = ""
        public var lastGeneratedAt: String?
        public var usedCount: Int = 0
        public var skippedDates: [String] = []
        public var generatedThrough: String?

        static let coding: [FieldCoding<Self>] = {
            typealias T = SeriesTable
            return [
                .required(T.id.documentKey, \.id), .required(T.startsOn.documentKey, \.startsOn), .nullable(T.endsOn.documentKey, \.endsOn),
                .required(T.status.documentKey, \.status), .nullable(T.lastGeneratedAt.documentKey, \.lastGeneratedAt),
                .required(T.usedCount.documentKey, \.usedCount), .required(T.skippedDates.documentKey, \.skippedDates),
                .nullable(T.generatedThrough.documentKey, \.generatedThrough),
            ]
        }()
    }

    /// A habit and its check-ins (entries), oldest first.
    public struct Habit: DocumentObject, Hashable, Sendable {
        public var id: String = ""
        public var ownerId: String = ""
        public var name: String = ""
        public var description: String = ""
        public var archived: Bool = false
        public var createdAt: String = ""
        /// `3/day`; left out for daily.
        public var target: String?
        public var entries: [Entry] = []

        static let coding: [FieldCoding<Self>] = {
            typealias T = HabitTable
            return [
                .required(T.id.documentKey, \.id), .required(T.ownerId.documentKey, \.ownerId), .required(T.name.documentKey, \.name),
                .required(T.description.documentKey, \.description), .required(T.archived.documentKey, \.archived),
                .required(T.createdAt.documentKey, \.createdAt), .whenSet(T.target.documentKey, \.target), .required("entries", \.entries),
            ]
        }()
    }

    public struct Entry: DocumentObject, Hashable, Sendable {
        public var day: String = ""
        public var source: String = ""
        public var routineId: String?
        public var createdAt: String = ""
        public var updatedAt: String = ""
        /// The device that counted them, empty on a board that never synced.
        public var device: String = ""
        public var count: Int = 1

        static let coding: [FieldCoding<Self>] = {
            typealias T = HabitEntryTable
            return [
                .required(T.day.documentKey, \.day), .required(T.source.documentKey, \.source),
                .nullable(T.routineId.documentKey, \.routineId), .required(T.createdAt.documentKey, \.createdAt),
                .required(T.updatedAt.documentKey, \.updatedAt), .defaulted(T.device.documentKey, \.device),
                .defaulted(T.count.documentKey, \.count),
            ]
        }()
    }

    /// The document's head: what it is, and which version of the format.
    public struct Head: Codable, Sendable {
        public var format: String
        public var version: Int
    }

    /// A document but its cards, as `import` reads it: the cards, of which there may be
    /// 100,000, come one at a time from `CardReader.Cards` (the writer streams too).
    public struct Rest: Decodable, Sendable {
        public var format: String
        public var version: Int
        public var settings: Settings?
        public var templates: [Template]
        public var habits: [Habit]

        enum CodingKeys: String, CodingKey { case format, version, settings, templates, habits }

        public init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            format = try c.decode(String.self, forKey: .format)
            version = try c.decode(Int.self, forKey: .version)
            settings = try c.decodeIfPresent(Settings.self, forKey: .settings)
            templates = try c.decodeIfPresent([Template].self, forKey: .templates) ?? []
            habits = try c.decodeIfPresent([Habit].self, forKey: .habits) ?? []
        }

        /// What a bare array of cards (`list --json`) has besides them: nothing.
        init() {
            format = BoardDocument.format
            version = BoardDocument.version
            settings = nil
            templates = []
            habits = []
        }
    }

    /// The encoder every document and `list --json` row goes through: sorted keys, two-space
    /// pretty printing (the output `list --json` has always had).
    public static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        return encoder
    }

    /// One value as it stands inside an array or object `depth` levels deep: pretty JSON,
    /// indented, with what JSON leaves raw (C1, bidi) escaped for a terminal.
    public static func text(_ value: some Encodable, depth: Int, encoder: JSONEncoder) throws -> String {
        let json = try encoder.encode(value)
        // Each line but the empty ones (inside an empty array) indented: byte by byte, in one pass.
        var out = [UInt8]()
        out.reserveCapacity(json.count + json.count / 8)
        let indent = [UInt8](repeating: UInt8(ascii: " "), count: 2 * depth)
        var atLineStart = true
        json.withUnsafeBytes { bytes in
            for byte in bytes {
                if atLineStart && byte != UInt8(ascii: "\n") { out += indent }
                out.append(byte)
                atLineStart = byte == UInt8(ascii: "\n")
            }
        }
        return TerminalText.escapeJSON(String(decoding: out, as: UTF8.self))
    }
}
