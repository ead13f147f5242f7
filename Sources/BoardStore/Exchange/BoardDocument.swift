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
    public struct Settings: Codable, Hashable, Sendable {
        public var ownerId: String
        public var timeZone: String?

        enum CodingKeys: String, CodingKey { case ownerId = "owner_id", timeZone = "time_zone" }

        public func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(ownerId, forKey: .ownerId)
            try c.encode(timeZone, forKey: .timeZone)
        }
    }

    /// A card: the fields of `board list --json`, and with `export` the ones a copy needs.
    public struct Card: Codable, Hashable, Sendable {
        public var id: String
        public var title: String
        public var description: String
        public var labels: [String]
        public var bucket: String
        /// nil when the file gives none: a new card goes to its bucket's end, one already on the board keeps its place.
        public var position: Int?
        public var dueDate: String?
        public var dueTime: String?
        public var priority: Int
        public var duration: Int?
        public var completed: Bool
        public var templateId: String?
        public var seriesId: String?
        public var occurrenceDate: String?
        public var exceptions: [String]
        public var checklist: [ChecklistItem]
        // Only in a full export; a `list --json` card leaves them out.
        public var ownerId: String?
        public var completedAt: String?
        public var createdAt: String?
        public var updatedAt: String?
        public var remindBefore: Int?
        /// The day the card was put in its bucket (ARCHITECTURE.md §15); none: it follows its date.
        public var aimedOn: String? = nil

        enum CodingKeys: String, CodingKey {
            case id, title, description, labels, bucket, position, dueDate = "due_date", dueTime = "due_time"
            case priority, duration, completed, templateId = "template_id", seriesId = "series_id"
            case occurrenceDate = "occurrence_date", exceptions, checklist
            case ownerId = "owner_id", completedAt = "completed_at", createdAt = "created_at", updatedAt = "updated_at"
            case remindBefore = "remind_before", aimedOn = "aimed_on"
        }

        /// `list --json`'s fields are always written (null when empty); the copy's only when set.
        public func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(id, forKey: .id)
            try c.encode(title, forKey: .title)
            try c.encode(description, forKey: .description)
            try c.encode(labels, forKey: .labels)
            try c.encode(bucket, forKey: .bucket)
            try c.encode(position ?? 0, forKey: .position)
            try c.encode(dueDate, forKey: .dueDate)
            try c.encode(dueTime, forKey: .dueTime)
            try c.encode(priority, forKey: .priority)
            try c.encode(duration, forKey: .duration)
            try c.encode(completed, forKey: .completed)
            try c.encode(templateId, forKey: .templateId)
            try c.encode(seriesId, forKey: .seriesId)
            try c.encode(occurrenceDate, forKey: .occurrenceDate)
            try c.encode(exceptions, forKey: .exceptions)
            try c.encode(checklist, forKey: .checklist)
            try c.encodeIfPresent(ownerId, forKey: .ownerId)
            try c.encodeIfPresent(completedAt, forKey: .completedAt)
            try c.encodeIfPresent(createdAt, forKey: .createdAt)
            try c.encodeIfPresent(updatedAt, forKey: .updatedAt)
            try c.encodeIfPresent(remindBefore, forKey: .remindBefore)
            try c.encodeIfPresent(aimedOn, forKey: .aimedOn)
        }
    }

    /// A template, its recurrence rule (none for a checklist routine) and its one series.
    public struct Template: Codable, Hashable, Sendable {
        public var id: String
        public var ownerId: String
        public var title: String
        public var description: String
        public var labels: [String]
        public var checklist: [ChecklistStep]
        public var time: String?
        public var priority: Int
        public var duration: Int?
        public var status: String
        public var version: Int
        public var createdAt: String
        public var updatedAt: String
        public var endAfterCount: Int?
        public var remindBefore: Int
        public var rule: Rule?
        public var series: Series?

        enum CodingKeys: String, CodingKey {
            case id, ownerId = "owner_id", title, description, labels, checklist, time, priority, duration, status
            case version, createdAt = "created_at", updatedAt = "updated_at", endAfterCount = "end_after_count"
            case remindBefore = "remind_before", rule, series
        }

        public func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(id, forKey: .id)
            try c.encode(ownerId, forKey: .ownerId)
            try c.encode(title, forKey: .title)
            try c.encode(description, forKey: .description)
            try c.encode(labels, forKey: .labels)
            try c.encode(checklist, forKey: .checklist)
            try c.encode(time, forKey: .time)
            try c.encode(priority, forKey: .priority)
            try c.encode(duration, forKey: .duration)
            try c.encode(status, forKey: .status)
            try c.encode(version, forKey: .version)
            try c.encode(createdAt, forKey: .createdAt)
            try c.encode(updatedAt, forKey: .updatedAt)
            try c.encode(endAfterCount, forKey: .endAfterCount)
            try c.encode(remindBefore, forKey: .remindBefore)
            try c.encode(rule, forKey: .rule)
            try c.encode(series, forKey: .series)
        }
    }

    public struct Rule: Codable, Hashable, Sendable {
        public var id: String
        public var rrule: String
        public var anchor: String
        public var monthEndPolicy: String
        public var timezone: String?
        public var startsOn: String
        public var endsOn: String?

        enum CodingKeys: String, CodingKey {
            case id, rrule, anchor, monthEndPolicy = "month_end_policy", timezone, startsOn = "starts_on", endsOn = "ends_on"
        }

        public func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(id, forKey: .id)
            try c.encode(rrule, forKey: .rrule)
            try c.encode(anchor, forKey: .anchor)
            try c.encode(monthEndPolicy, forKey: .monthEndPolicy)
            try c.encode(timezone, forKey: .timezone)
            try c.encode(startsOn, forKey: .startsOn)
            try c.encode(endsOn, forKey: .endsOn)
        }
    }

    public struct Series: Codable, Hashable, Sendable {
        public var id: String
        public var startsOn: String
        public var endsOn: String?
        public var status: String
        public var lastGeneratedAt: String?
        public var usedCount: Int
        public var skippedDates: [String]
        public var generatedThrough: String?

        enum CodingKeys: String, CodingKey {
            case id, startsOn = "starts_on", endsOn = "ends_on", status, lastGeneratedAt = "last_generated_at"
            case usedCount = "used_count", skippedDates = "skipped_dates", generatedThrough = "generated_through"
        }

        public func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(id, forKey: .id)
            try c.encode(startsOn, forKey: .startsOn)
            try c.encode(endsOn, forKey: .endsOn)
            try c.encode(status, forKey: .status)
            try c.encode(lastGeneratedAt, forKey: .lastGeneratedAt)
            try c.encode(usedCount, forKey: .usedCount)
            try c.encode(skippedDates, forKey: .skippedDates)
            try c.encode(generatedThrough, forKey: .generatedThrough)
        }
    }

    /// A habit and its check-ins (entries), oldest first.
    public struct Habit: Codable, Hashable, Sendable {
        public var id: String
        public var ownerId: String
        public var name: String
        public var description: String
        public var archived: Bool
        public var createdAt: String
        public var entries: [Entry]

        enum CodingKeys: String, CodingKey {
            case id, ownerId = "owner_id", name, description, archived, createdAt = "created_at", entries
        }
    }

    public struct Entry: Codable, Hashable, Sendable {
        public var day: String
        public var source: String
        public var routineId: String?
        public var createdAt: String
        public var updatedAt: String

        enum CodingKeys: String, CodingKey {
            case day, source, routineId = "routine_id", createdAt = "created_at", updatedAt = "updated_at"
        }

        public func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(day, forKey: .day)
            try c.encode(source, forKey: .source)
            try c.encode(routineId, forKey: .routineId)
            try c.encode(createdAt, forKey: .createdAt)
            try c.encode(updatedAt, forKey: .updatedAt)
        }
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

// In an extension, so the memberwise initializer stays.
extension BoardDocument.Card {
    /// Only the title is required, as `CardReader` reads a card (the two are held equal by a test):
    /// a new id, no position (the import places it), `board add`'s defaults.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decodeIfPresent(String.self, forKey: .id) ?? RandomId.make()
        title = try c.decode(String.self, forKey: .title)
        description = try c.decodeIfPresent(String.self, forKey: .description) ?? ""
        labels = try c.decodeIfPresent([String].self, forKey: .labels) ?? []
        bucket = try c.decodeIfPresent(String.self, forKey: .bucket) ?? Bucket.thisWeek.cliName
        position = try c.decodeIfPresent(Int.self, forKey: .position)
        dueDate = try c.decodeIfPresent(String.self, forKey: .dueDate)
        dueTime = try c.decodeIfPresent(String.self, forKey: .dueTime)
        priority = try c.decodeIfPresent(Int.self, forKey: .priority) ?? 0
        duration = try c.decodeIfPresent(Int.self, forKey: .duration)
        completed = try c.decodeIfPresent(Bool.self, forKey: .completed) ?? false
        templateId = try c.decodeIfPresent(String.self, forKey: .templateId)
        seriesId = try c.decodeIfPresent(String.self, forKey: .seriesId)
        occurrenceDate = try c.decodeIfPresent(String.self, forKey: .occurrenceDate)
        exceptions = try c.decodeIfPresent([String].self, forKey: .exceptions) ?? []
        checklist = try c.decodeIfPresent([ChecklistItem].self, forKey: .checklist) ?? []
        ownerId = try c.decodeIfPresent(String.self, forKey: .ownerId)
        completedAt = try c.decodeIfPresent(String.self, forKey: .completedAt)
        createdAt = try c.decodeIfPresent(String.self, forKey: .createdAt)
        updatedAt = try c.decodeIfPresent(String.self, forKey: .updatedAt)
        remindBefore = try c.decodeIfPresent(Int.self, forKey: .remindBefore)
        aimedOn = try c.decodeIfPresent(String.self, forKey: .aimedOn)
    }
}
