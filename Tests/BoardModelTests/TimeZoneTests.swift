import BoardModel
import Foundation
import Testing

/// Local date + time to an instant, RFC 5545 §3.3.5.
@Suite struct TimeZoneTests {
    let newYork = TimeZone(identifier: "America/New_York")!

    func utc(_ iso: String) -> Date { ISO8601DateFormatter().date(from: iso)! }

    @Test func springForwardGapMovesForwardByTheGap() {
        // 02:30 on 2024-03-10 does not exist in New York: it is 03:30 EDT (07:30 UTC).
        #expect(moment("2024-03-10T02:30").instant(in: newYork) == utc("2024-03-10T07:30:00Z"))
        // The next day's 02:30 is 02:30 EDT again.
        #expect(moment("2024-03-11T02:30").instant(in: newYork) == utc("2024-03-11T06:30:00Z"))
        #expect(LocalDateTime(instant: moment("2024-03-10T02:30").instant(in: newYork), in: newYork) == moment("2024-03-10T03:30"))
    }

    @Test func fallBackOverlapMeansTheFirstOne() {
        // 01:30 on 2024-11-03 happens twice; the first is EDT (05:30 UTC), not EST (06:30 UTC).
        #expect(moment("2024-11-03T01:30").instant(in: newYork) == utc("2024-11-03T05:30:00Z"))
        #expect(moment("2024-11-03T00:30").instant(in: newYork) == utc("2024-11-03T04:30:00Z"))
        #expect(moment("2024-11-03T02:30").instant(in: newYork) == utc("2024-11-03T07:30:00Z"))
    }

    @Test func otherZonesAndTheSouthernHemisphere() {
        let berlin = TimeZone(identifier: "Europe/Berlin")!
        #expect(moment("2026-03-29T02:15").instant(in: berlin) == utc("2026-03-29T01:15:00Z"))
        #expect(moment("2026-10-25T02:15").instant(in: berlin) == utc("2026-10-25T00:15:00Z"))
        let sydney = TimeZone(identifier: "Australia/Sydney")!
        #expect(moment("2026-10-04T02:30").instant(in: sydney) == utc("2026-10-03T16:30:00Z"))
        let kolkata = TimeZone(identifier: "Asia/Kolkata")!
        #expect(moment("2026-11-21T08:00").instant(in: kolkata) == utc("2026-11-21T02:30:00Z"))
    }

    @Test func roundTripsOutsideTransitions() {
        for zone in ["America/New_York", "Europe/London", "Asia/Tokyo", "America/St_Johns"] {
            let tz = TimeZone(identifier: zone)!
            for day in stride(from: 0, to: 730, by: 7) {
                let local = LocalDateTime(date: date("2025-01-01").adding(days: day), time: LocalTime(hour: 12, minute: 15)!)
                #expect(LocalDateTime(instant: local.instant(in: tz), in: tz) == local, "\(zone) \(local)")
            }
        }
    }
}
