import BoardModel

extension Horizons {
    /// The column of a row of `tasks` as SQL: `Horizons.column(bucket:aimedOn:due:createdOn:)`
    /// over the row's columns, so counts, windows and moves read the columns the screen shows
    /// (a test holds the two to each other on random cards). Its days are written in — digits and
    /// dashes — so it composes into any statement without arguments.
    var columnSQL: String {
        guard rule.follows else { return "bucket" }
        func day(_ date: LocalDate) -> String { "'\(date.iso)'" }
        let put = "COALESCE(aimed_on, substr(created_at, 1, 10))"
        return """
            (CASE WHEN bucket = 'ROUTINES' THEN bucket
             WHEN aimed_on IS NULL AND due_date IS NOT NULL THEN
               CASE WHEN due_date < \(day(saturday)) THEN 'THIS_WEEK' WHEN due_date <= \(day(saturday.adding(days: 1))) THEN 'WEEKEND'
                    WHEN due_date < \(day(nextWeek)) THEN 'THIS_WEEK' WHEN due_date < \(day(weekAfterNext)) THEN 'NEXT_WEEK'
                    ELSE 'NEXT_MONTH' END
             WHEN bucket = 'WEEKEND' THEN CASE WHEN \(put) < \(day(weekendCycleStart)) THEN 'THIS_WEEK' ELSE 'WEEKEND' END
             WHEN bucket = 'NEXT_WEEK' THEN CASE WHEN \(put) < \(day(thisWeek)) THEN 'THIS_WEEK' ELSE 'NEXT_WEEK' END
             WHEN bucket = 'NEXT_MONTH' THEN
               CASE WHEN \(put) < \(day(monthAimHasCome)) THEN 'THIS_WEEK' WHEN \(put) < \(day(monthAimInNextWeek)) THEN 'NEXT_WEEK'
                    ELSE 'NEXT_MONTH' END
             ELSE bucket END)
            """
    }

    /// The rows of `column`, as a condition: Routines along its own index, a horizon by its SQL.
    func rows(in column: Bucket) -> String {
        column == .routines || !rule.follows ? "bucket = '\(column.rawValue)'" : "bucket != 'ROUTINES' AND \(columnSQL) = '\(column.rawValue)'"
    }
}
