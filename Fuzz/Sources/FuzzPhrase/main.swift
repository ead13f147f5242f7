import BoardModel
import FuzzSupport

/// Recurrence phrases ("every other tuesday at 7am"), as `board recur parse` and `--every` read them.
FuzzDriver.run(fuzzPhrase)

func fuzzPhrase(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = String(decoding: fuzzInput(data, size), as: UTF8.self)
    let phrase: RecurrencePhrase
    do { phrase = try RecurrencePhrase(parsing: text, today: LocalDate(iso: "2026-11-24")!) } catch {
        Refusal.check(error, from: "phrase")
        return 0
    }
    RuleChecks.check(phrase, from: "phrase")
    return 0
}
