import BoardCLI
import BoardModel
import Foundation

struct RecurParse: Command {
    static let info = CommandInfo(
        "parse", abstract: "Read a phrase or RRULE text and print its rule, time, anchor and summary.",
        parameters: [text, json] + ClockOptions.parameters, runs: Self.self)
    static let text = Declared.argument("text", "A phrase such as 'every other tuesday at 7am', or RRULE text.")
    static let json = Declared.flag("json", "Print one JSON object instead of lines.")

    let text: String, json: Bool, clock: ClockOptions

    init(_ given: ParsedArguments) throws {
        text = try given[Self.text]
        json = try given[Self.json]
        clock = try ClockOptions(given)
    }

    func run() throws {
        let phrase = try RuleInput.read(text, today: try clock.localNow().date)
        // Several times that RRULE can't name together stay on the time line alone.
        var fields: [(String, String)] = [("rule", phrase.rule.rrule(start: phrase.start, times: phrase.times) ?? phrase.rule.rrule(start: phrase.start))]
        if let times = phrase.times { fields.append(("time", times.description)) }
        if let start = phrase.start { fields.append(("start", start.iso)) }
        fields.append(("anchor", phrase.rule.anchor.rawValue))
        if phrase.rule.monthEndMatters { fields.append(("month-end", phrase.rule.monthEndPolicy.rawValue)) }
        fields.append(("summary", phrase.summary))
        let out: String
        if json {
            let object = Dictionary(uniqueKeysWithValues: fields)
            let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
            out = String(decoding: data, as: UTF8.self) + "\n"
        } else {
            out = fields.map { "\($0.0): \($0.1)\n" }.joined()
        }
        writeText(out, to: .standardOutput)
    }
}
