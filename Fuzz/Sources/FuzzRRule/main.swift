import BoardModel
import FuzzSupport

/// RRULE text (`FREQ=MONTHLY;BYDAY=-1FR`, `FREQ=HOURLY;BYHOUR=8,20`), as `board recur parse` reads it.
FuzzDriver.run(fuzzRRule)

func fuzzRRule(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = String(decoding: fuzzInput(data, size), as: UTF8.self)
    let phrase: RecurrencePhrase
    do { phrase = try RecurrencePhrase(rrule: text, startTime: LocalTime(hour: 9, minute: 30)) } catch {
        Refusal.check(error, from: "rrule")
        return 0
    }
    RuleChecks.check(phrase, from: "rrule")
    return 0
}
