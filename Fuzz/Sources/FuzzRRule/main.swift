import BoardModel
import FuzzSupport

/// RRULE text (`FREQ=MONTHLY;BYDAY=-1FR`), as `board recur parse` and `--rrule` read it.
FuzzDriver.run(fuzzRRule)

func fuzzRRule(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = String(decoding: fuzzInput(data, size), as: UTF8.self)
    let rule: RecurrenceRule
    do { rule = try RecurrenceRule(rrule: text) } catch {
        Refusal.check(error, from: "rrule")
        return 0
    }
    RuleChecks.check(RecurrencePhrase(rule: rule), from: "rrule")
    return 0
}
