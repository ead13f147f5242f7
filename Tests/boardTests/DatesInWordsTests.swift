import Foundation
import Testing

/// `add` and `edit` take dates and times in words (docs/dates.md), say the day they took, and
/// refuse what they can't read with exit 2 and nothing written.
@Suite struct DatesInWordsTests {
    /// Saturday Nov 21, 2026, 10:00.
    @Test func addTakesWordsAndSaysTheDay() throws {
        let board = try BoardFile()
        let cases: [([String], String, String?)] = [
            (["--due", "friday"], "2026-11-27", nil), (["--due", "tomorrow"], "2026-11-22", nil),
            (["--due", "next monday"], "2026-11-23", nil), (["--due", "in 3 days"], "2026-11-24", nil),
            (["--due", "dec 3"], "2026-12-03", nil), (["--due", "3 dec"], "2026-12-03", nil),
            (["--due", "december 3 2027"], "2027-12-03", nil), (["--due", "the 15th"], "2026-12-15", nil),
            // A time alone: today while still ahead, else tomorrow.
            (["--time", "6:30pm"], "2026-11-21", "18:30"), (["--time", "9am"], "2026-11-22", "09:00"),
            (["--due", "fri", "--time", "noon"], "2026-11-27", "12:00"),
            // Issue 52: the date with its time, in one option.
            (["--due", "dec 3 at 9am"], "2026-12-03", "09:00"), (["--due", "next friday 6:30pm"], "2026-11-27", "18:30"),
            (["--due", "dec 4 at 9am", "--time", "9:00"], "2026-12-04", "09:00"),
        ]
        for (i, (options, due, time)) in cases.enumerated() {
            let r = try board.run(["add", "Card \(i)"] + options)
            #expect(r.status == 0, "\(options): \(r.stderr)")
            let shown = MonthNameCheck.due(due, time)
            #expect(r.stdout.contains("· due \(shown)"), "\(options): \(r.stdout)")
        }
        let cards = try board.cards()
        #expect(cards.compactMap { $0["due_date"] as? String }.sorted() == cases.map(\.1).sorted())
        // edit --due in words, and --time on a card without a date.
        let plain = try #require(try board.run(["add", "Plain"]).stdout.split(separator: " ").dropFirst().first.map(String.init))
        let edited = try board.run(["edit", plain, "--time", "7am"])
        #expect(edited.status == 0 && edited.stdout.contains("· due Sun Nov 22 07:00"), "\(edited.stdout)\(edited.stderr)")
        #expect(try board.run(["edit", plain, "--due", "next fri"]).stdout.contains("· due Fri Nov 27 07:00"))
        #expect(try board.run(["edit", plain, "--due", "dec 5 at 8pm"]).stdout.contains("· due Sat Dec 5 20:00"))
        // A time given twice, two ways: refused, naming both, nothing written.
        let twice = try board.run(["add", "Twice", "--due", "dec 3 at 9am", "--time", "10am"])
        #expect(twice.status == 2 && twice.stderr == "error: time: --due says 09:00 and --time 10:00; give the time once\n", "\(twice.stderr)")
        #expect(try board.cards().count == cases.count + 1)
    }

    @Test(arguments: [
        (["--due", "03/04"], "error: due: '03/04' is ambiguous (day/month or month/day?); write YYYY-MM-DD or a month's name, such as dec 3"),
        (["--due", "feb 30"], "error: due: February never has a 30th"),
        (["--due", "someday"], "error: due: 'someday' is not a date; use a weekday (fri, next fri, last fri), today, tomorrow, yesterday, in 3 days, in 2 weeks, dec 3, 3 dec, december 3 2027, the 15th or YYYY-MM-DD"),
        (["--due", "yesterday"], "error: due: cannot create a card with a date in the past: 2026-11-20 is before today, 2026-11-21"),
        (["--due", "today", "--time", "9am"], "error: time: 09:00 today has passed (it is 10:00)"),
        (["--time", "tea time"], "error: time: must be a time of day such as 9am, 6:30pm, noon, midnight or 21:00 (00:00 to 23:59), got 'tea time'"),
    ])
    func wordsItCantReadAreRefused(options: [String], message: String) throws {
        let board = try BoardFile()
        try board.run(["add", "Keep me"])
        let before = try Data(contentsOf: URL(fileURLWithPath: board.path))
        let r = try board.run(["add", "x"] + options)
        #expect(r.status == 2)
        #expect(r.stderr.trimmingCharacters(in: .newlines) == message)
        #expect(try board.cards().count == 1)
        #expect(try Data(contentsOf: URL(fileURLWithPath: board.path)) == before)
    }
}

/// How the lines above write a day: "Fri Nov 27" or "Fri Nov 27 18:30", a year when not 2026.
private enum MonthNameCheck {
    static func due(_ iso: String, _ time: String?) -> String {
        let parts = iso.split(separator: "-").map { Int($0)! }
        var c = DateComponents(); c.year = parts[0]; c.month = parts[1]; c.day = parts[2]
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.timeZone = calendar.timeZone
        f.dateFormat = "EEE MMM d"
        let year = parts[0] == 2026 ? "" : ", \(parts[0])"
        return f.string(from: calendar.date(from: c)!) + year + (time.map { " " + $0 } ?? "")
    }
}
