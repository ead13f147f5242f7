import BoardModel
import BoardStore
import Foundation

/// The Calendar at the edge (ARCHITECTURE.md §15): the agenda of the month shown, read from the store;
/// a planned run acted on made in the same transaction as the act, recorded for undo.
extension BoardApp {
    /// Reads the agenda of `day`, and with `counts` those of the month grid holding it.
    func readCalendar(day: LocalDate, counts: Bool) throws {
        let now = clock()
        guard counts else { return report(.calendarRead(day: day, counts: nil, items: try store.agenda.days(day...day, clock: now))) }
        let read = try store.agenda.calendar(day: day, weekStart: state.config.weekStart ?? .monday, clock: now)
        report(.calendarRead(day: day, counts: read.counts, items: read.items))
    }

    /// Plans today's month for the Calendar on a thread of its own (ARCHITECTURE.md §15): at 1,000
    /// routines planning a month is most of the first `v`, and the store keeps what it planned while
    /// the routines stand. Nothing waits for it; a read of the Calendar before it is done plans alone,
    /// and a failure here is the Calendar's own read's to report.
    func prepareCalendar() {
        let (store, now, weekStart) = (store, clock(), state.config.weekStart ?? .monday)
        Thread.detachNewThread { try? store.agenda.prepareCalendar(day: now.today, weekStart: weekStart, clock: now) }
    }

    /// Opens a Calendar item on the board: a planned run is made first (one intent, undoable), then
    /// the board is read with the card's window, and its detail or form opens.
    func show(_ item: AgendaItem, edit: Bool) throws {
        var cardId = item.cardId
        if cardId == nil, let templateId = item.templateId {
            let description = "making “\(item.title)” on \(MonthName.due(item.date, nil, today: clock().today))"
            let (made, changes) = try store.recording {
                try store.agenda.act(onPlannedRun: templateId, date: item.date, time: item.time, .make, clock: clock())
            }
            history.record(.init(description: description, changes: changes))
            cardId = made.id
        }
        guard let id = cardId else { return }
        let now = clock()
        guard let place = try store.reader.place(ofCard: id, store.horizons(now)) else { return try readCalendar(day: item.date, counts: true) }
        let snapshot = try BoardSnapshot.load(store, clock: now, offsets: [place.bucket: max(0, place.row - BoardSnapshot.windowSize / 3)])
        report(.cardShown(snapshot, cardId: id, edit: edit))
        try readWhatIsShown()
    }
}
