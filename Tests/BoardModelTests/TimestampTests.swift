import TestSupport
import BoardModel
import Foundation
import Testing

/// `BoardClock.timestamp(of:)` writes what ISO8601DateFormatter writes (the peer, in the same
/// process) for every whole millisecond, without loading ICU at every command's start.
@Suite struct TimestampTests {
    let withMilliseconds: ISO8601DateFormatter = {
        let f = ISO8601DateFormatter()
        f.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return f
    }()
    let wholeSeconds = ISO8601DateFormatter()

    func expectSameAsTheFormatter(_ milliseconds: Int) {
        let date = Date(timeIntervalSince1970: Double(milliseconds) / 1_000)
        #expect(BoardClock.timestamp(of: date) == withMilliseconds.string(from: date), "\(milliseconds)")
        let second = Date(timeIntervalSince1970: (Double(milliseconds) / 1_000).rounded(.down))
        #expect(BoardClock.timestamp(of: second, milliseconds: false) == wholeSeconds.string(from: second), "\(milliseconds)")
    }

    @Test func edgesOfSecondsDaysYearsAndTheEpoch() {
        // The epoch and the milliseconds around it, Feb 29 2000 and 2024, the last millisecond of
        // 2026, 1900 and 2100 (not leap years), and days before 1970.
        for ms in [0, 1, 999, 1_000, -1, -999, -1_000, -1_001, -86_400_000, -86_400_001, 951_782_400_000, 951_868_799_999,
                   1_709_164_800_000, 1_798_761_599_999, 1_798_761_600_000, -2_208_988_800_000, 4_107_542_399_999, 4_102_444_800_001] {
            expectSameAsTheFormatter(ms)
        }
    }

    @Test func tenThousandMillisecondsFrom1900To2200() {
        var random = SeededGenerator(seed: 20261122)
        for _ in 0..<10_000 { expectSameAsTheFormatter(Int.random(in: -2_208_988_800_000 ... 7_258_118_400_000, using: &random)) }
    }

    @Test func aPartOfAMillisecondIsLeftOutNotRounded() {
        // The millisecond the instant falls in: 0.9996 s is still in the first second, before and after 1970.
        #expect(BoardClock.timestamp(of: Date(timeIntervalSince1970: 0.9996)) == "1970-01-01T00:00:00.999Z")
        #expect(BoardClock.timestamp(of: Date(timeIntervalSince1970: 0.9996), milliseconds: false) == "1970-01-01T00:00:00Z")
        #expect(BoardClock.timestamp(of: Date(timeIntervalSince1970: -0.0004)) == "1969-12-31T23:59:59.999Z")
        #expect(BoardClock.timestamp(of: Date(timeIntervalSince1970: 1_795_000_123.4567)) == "2026-11-18T11:08:43.456Z")
    }

    /// Stored timestamps are read back without a formatter, to the millisecond.
    @Test func aTimestampReadsBackAsTheInstantItWasWrittenFrom() {
        for seconds in [0.0, 1_795_258_800.123, 951_782_400.5, -86_400.0, 4_102_444_799.999] {
            let clock = BoardClock(instant: Date(timeIntervalSince1970: seconds), zone: TimeZone(identifier: "Asia/Tokyo")!)
            let back = BoardClock.date(fromTimestamp: clock.timestamp)
            #expect(back.map { abs($0.timeIntervalSince1970 - seconds) < 0.001 } == true, "\(clock.timestamp)")
        }
        #expect(BoardClock.date(fromTimestamp: "x") == nil && BoardClock.date(fromTimestamp: "2026-13-01T00:00:00.000Z") == nil)
    }
}
