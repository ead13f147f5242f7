import GRDB

/// Rows `offset..<offset+limit` of a column of `count` rows, as a read takes them: past the
/// column's middle, backwards from its end, since SQLite steps over every row an OFFSET skips
/// (a card moved to the end of 20,000 reads two rows, not 20,000); the rows then put back in order.
struct ColumnSlice {
    let skip: Int, take: Int, backwards: Bool

    init(offset: Int, limit: Int, of count: Int?) {
        backwards = limit != Int.max && count.map { offset > $0 / 2 } == true
        // Counted from the end, rows offset..<offset+limit are count-offset-limit..<count-offset.
        (skip, take) = backwards ? (max(0, count! - offset - limit), min(limit, count! - offset)) : (offset, limit)
    }

    /// `LIMIT ? OFFSET ?`'s arguments.
    var limitAndOffset: StatementArguments { [take == Int.max ? -1 : take, skip] }

    /// The ORDER BY of a column in `terms`, in the direction this reads.
    func order(_ terms: [String]) -> String { BoardStore.orderBy(terms, descending: backwards) }

    /// Rows read this way, in the column's order.
    func inOrder<T>(_ rows: [T]) -> [T] { backwards ? rows.reversed() : rows }
}
