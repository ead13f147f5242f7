import BoardModel
import Foundation
import Testing

@Suite struct LocalDateTests {
    @Test func dayNumbersAgreeWithFoundationForFourHundredYears() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        for n in stride(from: LocalDate(year: 1900, month: 1, day: 1)!.dayNumber, through: LocalDate(year: 2300, month: 1, day: 1)!.dayNumber, by: 1) {
            let d = LocalDate(dayNumber: n)
            if n % 997 == 0 || d.day == 1 || d.day >= 28 {
                let parts = calendar.dateComponents([.year, .month, .day, .weekday], from: Date(timeIntervalSince1970: Double(n) * 86_400))
                #expect((d.year, d.month, d.day) == (parts.year!, parts.month!, parts.day!))
                #expect((d.weekday.rawValue + 1) % 7 + 1 == parts.weekday!, "\(d)")
            }
            #expect(LocalDate(year: d.year, month: d.month, day: d.day)!.dayNumber == n)
        }
    }

    @Test func weekdaysOfKnownDates() {
        #expect(date("1970-01-01").weekday == .thursday)
        #expect(date("2000-02-29").weekday == .tuesday)
        #expect(date("2026-11-21").weekday == .saturday)
        #expect(date("1969-12-31").weekday == .wednesday)
        #expect(date("0001-01-01").weekday == .monday)
    }

    @Test func leapYearsAndMonthLengths() {
        #expect(LocalDate.isLeap(2024) && LocalDate.isLeap(2000) && !LocalDate.isLeap(1900) && !LocalDate.isLeap(2026))
        #expect(LocalDate.daysIn(month: 2, year: 2024) == 29)
        #expect(LocalDate.daysIn(month: 2, year: 2100) == 28)
        #expect(LocalDate.daysIn(month: 4, year: 2026) == 30)
        #expect(LocalDate(year: 2026, month: 2, day: 29) == nil)
        #expect(LocalDate(year: 2026, month: 4, day: 31) == nil)
        #expect(LocalDate(year: 2026, month: 13, day: 1) == nil)
    }

    @Test func isoParsingIsStrict() {
        #expect(LocalDate(iso: "2026-11-21")?.iso == "2026-11-21")
        for bad in ["2026-2-1", "2026-02-30", "26-11-21", "2026/11/21", "2026-11-21x", "", "2026-11--1", "+026-11-21"] {
            #expect(LocalDate(iso: bad) == nil, "\(bad)")
        }
        #expect(LocalDate(basicISO: "20240229") == date("2024-02-29"))
        #expect(LocalDate(basicISO: "20230229") == nil)
        #expect(LocalTime(iso: "07:30")?.description == "07:30")
        #expect(LocalTime(iso: "7:30")?.display == "07:30")
        #expect(LocalTime(iso: "24:00") == nil)
        #expect(LocalTime(iso: "07:60") == nil)
        #expect(LocalDateTime(iso: "2026-11-21T07:30")?.description == "2026-11-21T07:30")
        #expect(LocalDateTime(iso: "2026-11-21T07:30:00")?.description == "2026-11-21T07:30")
        #expect(LocalDateTime(iso: "2026-11-21T7") == nil)
    }

    @Test func addingMonthsFallsOnTheLastDayOfShortMonths() {
        #expect(date("2024-01-31").adding(months: 1) == date("2024-02-29"))
        #expect(date("2023-01-31").adding(months: 1) == date("2023-02-28"))
        #expect(date("2024-01-31").adding(months: 2) == date("2024-03-31"))
        #expect(date("2024-02-29").adding(years: 1) == date("2025-02-28"))
        #expect(date("2024-03-31").adding(months: -1) == date("2024-02-29"))
        #expect(date("2026-11-21").startOfWeek(.monday) == date("2026-11-16"))
        #expect(date("2026-11-21").startOfWeek(.sunday) == date("2026-11-15"))
    }
}
