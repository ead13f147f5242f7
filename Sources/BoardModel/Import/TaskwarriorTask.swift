import Foundation

/// One task of `task export` (taskwarrior 2.6 and 3): the fields an import reads. The export is a
/// JSON array, or one object per line as older versions print it.
public struct TaskwarriorTask: Decodable, Hashable, Sendable {
    public struct Annotation: Decodable, Hashable, Sendable {
        public var entry: String?
        public var description: String
    }

    public var uuid: String
    public var status: String
    public var description: String
    public var due: String?
    public var until: String?
    public var end: String?
    public var recur: String?
    public var parent: String?
    public var imask: Int?
    public var mask: String?
    public var tags: [String]?
    public var project: String?
    public var priority: String?
    public var annotations: [Annotation]?

    enum CodingKeys: String, CodingKey {
        case uuid, status, description, due, until, end, recur, parent, imask, mask, tags, project, priority, annotations
    }

    /// The most children a recurring task may have: a daily one for 270 years.
    public static let maxMask = 100_000

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        uuid = try c.decode(String.self, forKey: .uuid)
        status = try c.decode(String.self, forKey: .status)
        description = try c.decode(String.self, forKey: .description)
        due = try c.decodeIfPresent(String.self, forKey: .due)
        until = try c.decodeIfPresent(String.self, forKey: .until)
        end = try c.decodeIfPresent(String.self, forKey: .end)
        recur = try c.decodeIfPresent(String.self, forKey: .recur)
        parent = try c.decodeIfPresent(String.self, forKey: .parent)
        // 2.6 writes imask as a number; some versions as a number with a fraction or as text. It is a
        // child's place in its recurring task: anything outside 0 to `maxMask` is refused here.
        if let n = try? c.decodeIfPresent(Int.self, forKey: .imask) {
            imask = n
        } else if let d = try? c.decodeIfPresent(Double.self, forKey: .imask) {
            imask = d.isFinite && abs(d) <= Double(Self.maxMask) + 1 ? Int(d) : -1
        } else {
            imask = try c.decodeIfPresent(String.self, forKey: .imask).flatMap { Int($0) }
        }
        if let imask, !(0...Self.maxMask).contains(imask) {
            throw DecodingError.dataCorruptedError(forKey: .imask, in: c, debugDescription: "must be a child's place from 0 to \(Self.maxMask)")
        }
        mask = try c.decodeIfPresent(String.self, forKey: .mask)
        tags = try c.decodeIfPresent([String].self, forKey: .tags)
        project = try c.decodeIfPresent(String.self, forKey: .project)
        priority = try c.decodeIfPresent(String.self, forKey: .priority)
        annotations = try c.decodeIfPresent([Annotation].self, forKey: .annotations)
    }

    /// The tasks of an export, or the first thing wrong with it by its place ("tasks[3].uuid: is missing").
    public static func tasks(in data: Data) throws(BoardError) -> [TaskwarriorTask] {
        let decoder = JSONDecoder()
        let text = data.drop { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
        if text.first == UInt8(ascii: "[") {
            do { return try decoder.decode([TaskwarriorTask].self, from: data) } catch let error as DecodingError {
                throw described(error, line: nil)
            } catch { throw BoardError("export", "can't be read: \(error)") }
        }
        // One object per line.
        var tasks: [TaskwarriorTask] = []
        for (n, line) in data.split(separator: 0x0A).enumerated() where line.contains(where: { $0 != 0x20 && $0 != 0x0D }) {
            do { tasks.append(try decoder.decode(TaskwarriorTask.self, from: Data(line))) } catch let error as DecodingError {
                throw described(error, line: n + 1)
            } catch { throw BoardError("line \(n + 1)", "can't be read: \(error)") }
        }
        if tasks.isEmpty && !text.isEmpty { throw BoardError("export", "is not taskwarrior's JSON (a [ … ] array of tasks from `task export`)") }
        return tasks
    }

    private static func described(_ error: DecodingError, line: Int?) -> BoardError {
        func place(_ path: [any CodingKey]) -> String {
            let inner = path.reduce(line.map { "line \($0)" } ?? "tasks") { text, key in
                key.intValue.map { text + "[\($0)]" } ?? text + "." + key.stringValue
            }
            return inner
        }
        switch error {
        case .keyNotFound(let key, let context): return BoardError(Field(place(context.codingPath + [key])), "is missing")
        case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
            return BoardError(Field(place(context.codingPath)), "must be \(kind(of: type))")
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            return BoardError(Field(line.map { "line \($0)" } ?? "export"), "is not JSON (`task export` writes an array of tasks)")
        case .dataCorrupted(let context):
            // A value this reader refused (an imask out of range), in its own words.
            return BoardError(Field(place(context.codingPath)), context.debugDescription)
        @unknown default: return BoardError("export", "can't be read")
        }
    }

    /// What a JSON value of `type` is, in the words of `task export`'s format.
    private static func kind(of type: Any.Type) -> String {
        // The decoder names a container by its shape (`Array<Any>`, `Dictionary<String, Any>`).
        let name = String(describing: type)
        return switch type {
        case is String.Type: "text (a JSON string)"
        case is Int.Type, is Double.Type: "a number"
        case is Bool.Type: "true or false"
        case _ where name.hasPrefix("Array"): "a list (a JSON array)"
        default: "a task or an annotation (a JSON object)"
        }
    }

    /// A taskwarrior timestamp (`20261116T083000Z`, or ISO `2026-11-16T08:30:00Z`) as an instant.
    public static func instant(_ text: String) -> Date? {
        let digits = text.utf8.filter { $0 != UInt8(ascii: "-") && $0 != UInt8(ascii: ":") }
        guard digits.count == 16, digits[8] == UInt8(ascii: "T"), digits[15] == UInt8(ascii: "Z"),
              let date = LocalDate(basicISO: String(decoding: digits[0..<8], as: UTF8.self)),
              let h = Int(String(decoding: digits[9..<11], as: UTF8.self)), let m = Int(String(decoding: digits[11..<13], as: UTF8.self)),
              let s = Int(String(decoding: digits[13..<15], as: UTF8.self)), h < 24, m < 60, s < 61 else { return nil }
        return Date(timeIntervalSince1970: Double(date.dayNumber * 86_400 + h * 3_600 + m * 60 + s))
    }
}
