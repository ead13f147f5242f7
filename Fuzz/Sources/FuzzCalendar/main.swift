import BoardModel
import FuzzSupport

/// An iCalendar file (VEVENT, VTODO, RRULE, EXDATE, VTIMEZONE), as `board import ics` reads it.
FuzzDriver.run(fuzzCalendar)

func fuzzCalendar(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    // The command refuses bytes that aren't UTF-8 before the reader sees them.
    guard let text = String(validating: fuzzInput(data, size), as: UTF8.self) else { return 0 }
    let plan: ImportPlan
    do { plan = try ICalendarReader.plan(text, zone: FuzzBoard.clock.zone, today: FuzzBoard.clock.today, now: FuzzBoard.clock.timestamp) } catch {
        Refusal.check(error, from: "calendar")
        return 0
    }
    FuzzBoard.check(plan, target: "calendar")
    return 0
}
