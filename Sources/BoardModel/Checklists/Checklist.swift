/// A step of a template's checklist, optionally linked to a habit; a timed step ("07:30 Meds")
/// may remind at its time on each occurrence's day (ARCHITECTURE.md §5).
public struct ChecklistStep: Hashable, Sendable, Codable {
    public var text: String
    public var habitId: String?
    /// Reminds at the step's time; only a timed step may.
    public var reminds: Bool

    public init(_ text: String, habitId: String? = nil, reminds: Bool = false) {
        self.text = text
        self.habitId = habitId
        self.reminds = reminds
    }

    enum CodingKeys: String, CodingKey { case text, habitId = "habit_id", reminds = "remind" }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        text = try c.decode(String.self, forKey: .text)
        habitId = try c.decodeIfPresent(String.self, forKey: .habitId)
        reminds = try c.decodeIfPresent(Bool.self, forKey: .reminds) ?? false
    }

    /// `remind` is written only when set, so a step that doesn't remind reads as it did before.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(text, forKey: .text)
        try c.encodeIfPresent(habitId, forKey: .habitId)
        if reminds { try c.encode(true, forKey: .reminds) }
    }
}

/// A checklist item on a card, with its tick.
public struct ChecklistItem: Hashable, Sendable, Codable {
    public var text: String
    public var done: Bool

    public init(_ text: String, done: Bool = false) {
        self.text = text
        self.done = done
    }
}

public enum Checklist {
    /// Routine checklists have at most 10 steps (ARCHITECTURE.md §5).
    public static let maxSteps = 10

    /// Refuses an 11th step, empty step texts and a step repeated: a tick is kept by the step's text.
    public static func validate(_ texts: [String]) throws(BoardError) {
        if texts.count > maxSteps {
            throw BoardError("checklist", "at most \(maxSteps) steps, got \(texts.count)")
        }
        if texts.contains(where: { $0.isBlank }) {
            throw BoardError("checklist", "a step needs some text")
        }
        for text in texts { try TextLimits.check(text, field: .checklist, limit: TextLimits.step) }
        for (i, text) in texts.enumerated() {
            if let first = texts[..<i].firstIndex(of: text) {
                throw BoardError("checklist", "step \(i + 1) repeats step \(first + 1) (“\(text)”); steps must differ")
            }
        }
    }

    /// The time a step begins with ("07:30 Meds", "7:30 Meds"): a timed step; nil for any other.
    public static func time(of step: String) -> LocalTime? {
        guard let space = step.firstIndex(of: " "), !step[space...].isBlank else { return nil }
        return LocalTime(iso: step[..<space])
    }

    /// Refuses a reminder on a step without a time: a step reminds at the time it begins with.
    public static func checkReminds(_ step: String) throws(BoardError) {
        guard time(of: step) == nil else { return }
        throw BoardError("step", "“\(step.echoed)” has no time; a step reminds at the time it begins with, as in “07:30 Meds”")
    }

    /// The order steps are kept in (ARCHITECTURE.md §5): timed steps by their time, then the
    /// untimed ones as given. The positions of `steps` in that order, so anything index-aligned
    /// with them (habit links) moves with them.
    public static func timeOrder(_ steps: [String]) -> [Int] {
        let timed = steps.indices.compactMap { i in time(of: steps[i]).map { (i, $0) } }.sorted { ($0.1, $0.0) < ($1.1, $1.0) }.map(\.0)
        return timed + steps.indices.filter { time(of: steps[$0]) == nil }
    }

    /// A new list of steps as card items, keeping the tick of every step whose text is unchanged.
    public static func items(for steps: [String], keepingTicksFrom old: [ChecklistItem]) -> [ChecklistItem] {
        var ticked = old.filter(\.done).map(\.text)
        return steps.map { text in
            guard let i = ticked.firstIndex(of: text) else { return ChecklistItem(text) }
            ticked.remove(at: i)
            return ChecklistItem(text, done: true)
        }
    }
}
