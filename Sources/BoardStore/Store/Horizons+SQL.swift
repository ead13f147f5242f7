import BoardModel
import GRDB

extension Horizons {
    /// The days the column's rule compares with, by the names `horizon_days` keeps them under.
    var thresholds: KeyValuePairs<String, LocalDate> {
        ["today": today, "this_week": thisWeek, "next_week": nextWeek, "week_after_next": weekAfterNext, "saturday": saturday,
         "sunday": saturday.adding(days: 1), "weekend_cycle": weekendCycleStart, "month_come": monthAimHasCome,
         "month_next_week": monthAimInNextWeek]
    }

    /// What the columns of a board settled for these horizons are kept for (`horizon_days.key`): the
    /// rule and every threshold, so any change of day, week start or rollover settles again.
    var key: String {
        rule.follows ? thresholds.map(\.value.iso).joined(separator: " ") : "off"
    }

    /// The bucket a row of `tasks` shows in, as SQL: `Horizons.bucket(putIn:aimedOn:due:createdOn:)` over
    /// the row's columns (prefixed `row`: "" or "NEW."), each threshold given by `day` — written in
    /// (digits and dashes), or read from `horizon_days` by the trigger that keeps `shown`. A test
    /// holds it to the Swift rule on random cards, days and week starts.
    static func bucketCase(row r: String, day: (String) -> String) -> String {
        // Each side's column is ranked by a digit in front (This Week 0 … Next Month 3), so the
        // earlier of a card's aim and its date is SQLite's `min` of the two, the digit then cut.
        let date = """
            CASE WHEN \(r)due_date < \(day("today")) OR \(r)due_date < \(day("saturday")) THEN '0THIS_WEEK'
                 WHEN \(r)due_date <= \(day("sunday")) THEN '1WEEKEND' WHEN \(r)due_date < \(day("next_week")) THEN '0THIS_WEEK'
                 WHEN \(r)due_date < \(day("week_after_next")) THEN '2NEXT_WEEK' ELSE '3NEXT_MONTH' END
            """
        func aim(_ put: String) -> String {
            """
            CASE \(r)bucket WHEN 'WEEKEND' THEN CASE WHEN \(put) < \(day("weekend_cycle")) THEN '0THIS_WEEK' ELSE '1WEEKEND' END
                 WHEN 'NEXT_WEEK' THEN CASE WHEN \(put) < \(day("this_week")) THEN '0THIS_WEEK' ELSE '2NEXT_WEEK' END
                 WHEN 'NEXT_MONTH' THEN CASE WHEN \(put) < \(day("month_come")) THEN '0THIS_WEEK'
                                             WHEN \(put) < \(day("month_next_week")) THEN '2NEXT_WEEK' ELSE '3NEXT_MONTH' END
                 ELSE '0' || \(r)bucket END
            """
        }
        let aimedOn = r + CardTable.aimedOn.column
        return """
            (CASE WHEN \(r)bucket = 'ROUTINES' THEN \(r)bucket ELSE substr(
               CASE WHEN \(r)due_date IS NULL THEN \(aim("COALESCE(\(aimedOn), substr(\(r)created_at, 1, 10))"))
                    WHEN \(aimedOn) IS NULL THEN \(date)
                    ELSE min(\(aim(aimedOn)), \(date)) END, 2) END)
            """
    }

    /// The column of a row of `tasks` on these horizons' day, computed (with rollover off, the bucket).
    var columnSQL: String {
        guard rule.follows else { return "bucket" }
        let days = Dictionary(uniqueKeysWithValues: thresholds.map { ($0.key, $0.value) })
        return Self.bucketCase(row: "") { "'\(days[$0]!.iso)'" }
    }
}

/// Where a read finds each card's column (ARCHITECTURE.md §15): the kept `shown` when the board is
/// settled for the day being read — along its index, a window of a column costs its size, not the
/// board's — else computed row by row (a read-only file, or another process settled another day).
struct HorizonColumns {
    let expression: String

    init(_ horizons: Horizons, settledKey: String?) {
        expression = settledKey == horizons.key ? "shown" : horizons.columnSQL
    }

    /// Whether these are the columns the file keeps (`shown`), which `column_counts` counts.
    var areKept: Bool { expression == "shown" }

    /// The rows of `column`, as a condition: Routines along the Upcoming index, the others by `expression`.
    func rows(in column: Bucket) -> String {
        column == .routines ? "bucket = 'ROUTINES'" : "\(expression) = '\(column.rawValue)'"
    }

    /// The same condition with the column as an argument, so one statement serves every horizon.
    func rows(of column: Bucket) -> (condition: String, arguments: StatementArguments) {
        column == .routines ? ("bucket = 'ROUTINES'", []) : ("\(expression) = ?", [column.rawValue])
    }
}
