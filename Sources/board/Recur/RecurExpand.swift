import BoardCLI
import BoardModel
import Foundation

struct RecurExpand: Command {
    static let info = CommandInfo(
        "expand",
        abstract: "Print the occurrences of a rule, one per line.",
        discussion: """
        RULE is RRULE text (FREQ=WEEKLY;BYDAY=MO,WE) or a phrase ("every other tuesday at 7am").
        Lines are YYYY-MM-DD, or YYYY-MM-DDTHH:MM when a time is given or parsed; a rule with
        several times a day ("at 8am and 8pm", BYHOUR=8,20) prints each run on its own line.
        With --batch, reads lines RULE<TAB>START<TAB>N from stdin and prints the first N
        occurrences of each, comma-separated, on one line (empty when none, 'error: …' when bad).
        """,
        parameters: [rule, start, count, until, batch] + ClockOptions.parameters, runs: Self.self)
    static let rule = Declared.optionalArgument("rule", "The rule: RRULE text or a phrase. Omit with --batch.")
    static let start = Declared.option("start", "First possible date, YYYY-MM-DD or YYYY-MM-DDTHH:MM.", value: "date")
    static let count = Declared.number("count", "How many occurrences to print at most. Default: 10.")
    static let until = Declared.option("until", "Print no occurrence after this date (inclusive).", value: "date")
    static let batch = Declared.flag("batch", "Read RULE<TAB>START<TAB>N lines from stdin.")

    let rule: String?, start: String?, count: Int, until: String?, batch: Bool, clock: ClockOptions

    init(_ given: ParsedArguments) throws {
        rule = try given[Self.rule]
        start = try given[Self.start]
        count = try given[Self.count] ?? 10
        until = try given[Self.until]
        batch = try given[Self.batch]
        clock = try ClockOptions(given)
    }

    func run() throws {
        if batch {
            guard rule == nil else { throw BoardError("RULE", "give rules on stdin with --batch, not as an argument") }
            try runBatch()
            return
        }
        guard let rule else { throw BoardError("RULE", "missing; give RRULE text or a phrase such as 'every monday'") }
        guard count >= 0 else { throw BoardError("count", "must be 0 or more, got \(count)") }
        let startText = try start.map { t throws in try RuleInput.dateOrDateTime(t, field: "start") }
        let phrase = try RuleInput.read(rule, today: try clock.localNow().date, startTime: startText?.1)
        guard let startDate = startText?.0 ?? phrase.start else {
            throw BoardError("start", "missing; give --start YYYY-MM-DD or say 'starting …' in the phrase")
        }
        let (timed, runs) = try Self.expansion(phrase, start: startDate, startTime: startText?.1)
        var lastDate: LocalDate?
        if let until {
            let date = try FieldRules.isoDate(until, field: "until")
            _ = try FieldRules.end(until: (date, "until"), times: nil, first: startDate)
            lastDate = date
        }
        var out = ""
        for run in runs.prefix(count) {
            if let lastDate, run.date > lastDate { break }
            out += Self.format(run, timed: timed) + "\n"
        }
        writeText(out, to: .standardOutput)
    }

    /// The runs of a rule from a start, and whether they have a time of day; the single command and
    /// `--batch` both read them here. The start is a lower bound in time too: "every day at 12am"
    /// from 07:00 begins the next day.
    static func expansion(_ phrase: RecurrencePhrase, start: LocalDate, startTime: LocalTime?) throws
        -> (timed: Bool, runs: RunSequence) {
        let times = try phrase.times ?? startTime.map { t throws(BoardError) in try TimesOfDay([t]) }
        let schedule = try Schedule(rule: phrase.rule, start: start, times: times)
        return (times != nil, schedule.runs(startTime: startTime))
    }

    static func format(_ run: LocalDateTime, timed: Bool) -> String {
        timed ? run.description : run.date.iso
    }

    /// One output line per input line; a bad line says why and the batch goes on. Dates are
    /// written as bytes into one buffer: formatting, not the engine, was most of a batch's time.
    private func runBatch() throws {
        let today = try clock.localNow().date
        var out: [UInt8] = []
        out.reserveCapacity(1 << 17)
        while let line = readLine(strippingNewline: true) {
            Self.expandBatchLine(line, today: today, into: &out)
            out.append(UInt8(ascii: "\n"))
            if out.count > 1 << 16 {
                FileHandle.standardOutput.write(Data(out))
                out.removeAll(keepingCapacity: true)
            }
        }
        FileHandle.standardOutput.write(Data(out))
    }

    static func expandBatchLine(_ line: String, today: LocalDate, into out: inout [UInt8]) {
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        guard fields.count == 3 else { return out.append(contentsOf: "error: line: expected RULE<TAB>START<TAB>N".utf8) }
        do {
            let (start, startTime) = try RuleInput.dateOrDateTime(fields[1], field: "START")
            let phrase = try RuleInput.read(fields[0], today: today, startTime: startTime)
            guard let n = Int(fields[2]), n >= 0 else { throw BoardError("N", "must be a whole number, got '\(fields[2])'") }
            let (timed, runs) = try expansion(phrase, start: start, startTime: startTime)
            var first = true
            for run in runs.prefix(n) {
                if !first { out.append(UInt8(ascii: ",")) }
                run.date.appendISO(to: &out)
                if timed { out.append(contentsOf: "T\(run.time.description)".utf8) }
                first = false
            }
        } catch {
            out.append(contentsOf: "error: \(error)".escapedForTerminal.utf8)
        }
    }
}
