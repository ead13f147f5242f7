import BoardModel
import FuzzSupport

/// Recurrence phrases ("every other tuesday at 7am"), as `board recur parse` and `--every` read them;
/// the same text as a date or a time in words (`DateWords`: `--due`, `--time`, `agenda --from`,
/// the Calendar's `g`), which reads the phrases' tokens; as a habit's target ("3 times a day"); and
/// as a link's lifetime (`share --link --expires 2w`).
FuzzDriver.run(fuzzPhrase)

func fuzzPhrase(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = String(decoding: fuzzInput(data, size), as: UTF8.self)
    fuzzDateWords(text)
    fuzzHabitTarget(text)
    fuzzLinkLifetime(text)
    let phrase: RecurrencePhrase
    do { phrase = try RecurrencePhrase(parsing: text, today: LocalDate(iso: "2026-11-24")!) } catch {
        Refusal.check(error, from: "phrase")
        return 0
    }
    RuleChecks.check(phrase, from: "phrase")
    return 0
}

/// A date in words is a real day the Calendar can show (or a refusal), and a time a real time.
func fuzzDateWords(_ text: String) {
    let today = LocalDate(iso: "2026-11-24")!
    do {
        let date = try DateWords.date(text, today: today, weekStart: .sunday, field: "due")
        guard LocalDate(iso: date.iso) == date else { Refusal.finding("date words", "'\(text.escapedForTerminal)' gave a day that isn't one") }
        if (2...9998).contains(date.year), !MonthGrid(holding: date, weekStart: .sunday).days.contains(date) {
            Refusal.finding("date words", "the month grid of \(date.iso) doesn't hold it")
        }
    } catch {
        Refusal.check(error, from: "date words")
    }
    do {
        let time = try DateWords.time(text)
        guard LocalTime(iso: time.description) == time else { Refusal.finding("time words", "'\(text.escapedForTerminal)' gave no real time") }
    } catch {
        Refusal.check(error, from: "time words")
    }
}

/// A target read from words is within its bounds, and its stored form and its summary read back as it.
func fuzzHabitTarget(_ text: String) {
    do {
        let target = try HabitTarget(phrase: text)
        guard (1...HabitTarget.maximum).contains(target.count) else { Refusal.finding("target", "'\(text.escapedForTerminal)' gave \(target.count)") }
        guard HabitTarget(text: target.text) == target, (try? HabitTarget(phrase: target.summary)) == target else {
            Refusal.finding("target", "'\(text.escapedForTerminal)' gave \(target.text), which doesn't read back")
        }
    } catch {
        Refusal.check(error, from: "target")
    }
}

/// A link's lifetime is never or 1 to 365 days, and says so again when written back as days.
func fuzzLinkLifetime(_ text: String) {
    do {
        guard let days = try LinkLifetime.days(text) else { return }
        guard (1...LinkLifetime.maximumDays).contains(days), (try? LinkLifetime.days("\(days)d")) == days else {
            Refusal.finding("expires", "'\(text.escapedForTerminal)' gave \(days) days")
        }
    } catch {
        Refusal.check(error, from: "expires")
    }
}
