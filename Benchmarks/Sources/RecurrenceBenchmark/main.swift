import BoardModel
import Foundation

// Expands 1,000,000 occurrences of each rule with Board's engine and with
// python-dateutil in the same run, checks both produced the same dates (checksum of
// ordinals) and prints the ratio. Then shows that memory does not grow with the count.

let start = LocalDate(year: 1600, month: 1, day: 1)!
let runs = 10, perRun = 100_000   // 1,000,000 in all; 100,000 months already reach year 9933
let rules = ["FREQ=WEEKLY;BYDAY=MO,WE,FR", "FREQ=MONTHLY;BYDAY=-1FR"]
let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("dateutil_expand.py").path

/// Python's date.toordinal(): 0001-01-01 is 1.
func ordinal(_ date: LocalDate) -> Int { date.dayNumber + 719_163 }

func board(_ text: String) throws -> (seconds: Double, checksum: Int) {
    let schedule = try Schedule(rule: try RecurrenceRule(rrule: text), start: start)
    var best = Double.infinity, checksum = 0
    for _ in 0..<5 {
        let clock = ContinuousClock.now
        checksum = 0
        for _ in 0..<runs {
            for date in schedule.occurrences.prefix(perRun) { checksum &+= ordinal(date) }
        }
        let elapsed = ContinuousClock.now - clock
        best = min(best, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }
    return (best, checksum)
}

func dateutil(_ text: String) throws -> (seconds: Double, checksum: Int) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", script, text, start.iso, String(runs), String(perRun)]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let fields = String(decoding: data, as: UTF8.self).split(separator: " ")
    guard process.terminationStatus == 0, fields.count == 2, let seconds = Double(fields[0]),
          let checksum = Int(fields[1].trimmingCharacters(in: .whitespacesAndNewlines)) else {
        fatalError("python-dateutil did not run: is python3 with python-dateutil installed?")
    }
    return (seconds, checksum)
}

func maxResidentKiB() -> Int {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return usage.ru_maxrss
}

print("Peak memory while expanding more and more occurrences of FREQ=WEEKLY;BYDAY=MO,WE,FR in one sequence:")
let weekly = try Schedule(rule: try RecurrenceRule(rrule: rules[0]), start: start)
print(String(format: "  before expanding: max RSS %6d KiB", maxResidentKiB()))
for count in [1_000, 10_000, 100_000, 1_000_000] {
    var checksum = 0
    for date in weekly.occurrences.prefix(count) { checksum &+= date.dayNumber }
    print(String(format: "%9d occurrences: max RSS %6d KiB%@", count, maxResidentKiB(), checksum == 0 ? " (nothing expanded?)" : ""))
}

print("\n1,000,000 occurrences (\(runs) × first \(perRun) from \(start)), best of several runs")
print("rule                          board (s)   dateutil (s)   ratio")
for text in rules {
    let ours = try board(text)
    let peer = try dateutil(text)
    guard ours.checksum == peer.checksum else { fatalError("\(text): the engines produced different dates") }
    print(text.padding(toLength: 28, withPad: " ", startingAt: 0),
          String(format: "%9.3f   %12.3f   %5.0f×", ours.seconds, peer.seconds, peer.seconds / ours.seconds))
}

