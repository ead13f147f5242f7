import BoardModel
import BoardStore
import Foundation

/// The edge of the board screen: runs the loop, carries effects out on the store, keeps
/// the undo history, and notices the day changing and other processes writing.
public final class BoardApp {
    let store: BoardStore
    let clock: () -> BoardClock
    public internal(set) var state: BoardState
    var history = UndoHistory()
    /// Draws a frame while a long write runs (a propagation's progress); the terminal's draw when running.
    public var drawNow: ((Frame) -> Void)?
    /// Notices other processes' commits (and sync's, which writes on a task of its own).
    private let watcher: ChangeWatcher
    /// Where sync says where it stands, when the board syncs.
    public var syncStatus: SyncStatusBox?
    /// The mode when the key being handled arrived: a card form to give back if its save fails.
    private var modeBeforeKey: Mode?
    private var today: LocalDate
    /// The search index being read since the filter prompt opened; dropped when the board is read again.
    private var searchIndexLoad: SearchIndexLoad?
    /// Wakes the loop when the search index is read.
    private let searchWake = WakePipe()
    /// How the search index is read: the store's, or a test's that takes its time.
    var readSearchIndex: @Sendable (BoardStore, Horizons) throws -> CardSearchIndex = { store, horizons in try store.reader.searchIndex(horizons) }

    public init(store: BoardStore, path: String, config: BoardConfig = BoardConfig(), clock: @escaping () -> BoardClock) throws {
        self.store = store
        self.clock = clock
        let now = clock()
        today = now.today
        try store.routines.generate(clock: now)
        let rollover = try store.rollover(clock: now), ended = try store.routines.newlyEnded()
        try store.settleHorizons(clock: now)
        state = BoardState(snapshot: try BoardSnapshot.load(store, clock: now), width: 0, height: 0)
        watcher = try ChangeWatcher(path: path)
        report(.configured(config, readOnly: store.isReadOnly))
        report(.newDay(rollover, ended: ended))
    }

    /// Feeds a result of the edge back through `update`, the only place the state changes, and
    /// carries out what it asks for in turn.
    func report(_ report: Report) {
        for effect in step(&state, .reported(report)) { perform(effect) }
    }

    /// Runs until the user quits. Every change is written before the next key is read; a frame is
    /// drawn once the keys that have arrived are handled (a held key or a paste without brackets
    /// draws once, not per key).
    public func run(on terminal: TerminalDriver) throws {
        terminal.start()
        defer { terminal.stop() }
        drawNow = { terminal.draw($0) }
        terminal.draw(try firstFrame(width: terminal.width, height: terminal.height))
        var clear = false
        // Asleep until a key, a write to the board, sync's words or the next minute (overdue cards,
        // reminders due); without inotify it looks every quarter second, as before. While another
        // process is mid-commit it looks again within milliseconds (`ChangeWatcher`).
        let waking = [watcher.files?.descriptor, syncStatus?.descriptor, searchWake.descriptor].compactMap { $0 }
        while true {
            guard let key = terminal.readKey(timeoutMilliseconds: sleepMilliseconds(), waking: waking) else {
                _ = watcher.files?.drain()
                if try noticeChanges() { terminal.draw(view(state)) }
                continue
            }
            switch try handle(key) {
            case .quit: return
            case .draw(let clearing):
                clear = clear || clearing
                guard !terminal.hasKeysWaiting else { continue }
                terminal.draw(view(state), clear: clear)
                clear = false
            }
        }
    }

    /// How long the loop waits for a key before it looks again: until the clock's next minute, or
    /// not at all when a minute or a day came while the screen was read and drawn (else the screen
    /// kept yesterday until the minute after).
    func sleepMilliseconds() -> Int32 {
        let now = clock()
        if now.today != today || now.local != state.snapshot.now { return 0 }
        if watcher.commitInFlight { return Int32(ChangeWatcher.lookAgain * 1_000) }
        if watcher.files == nil { return 250 }
        return Int32(60_000 - Int64(now.instant.timeIntervalSince1970 * 1_000) % 60_000 + 20)
    }

    /// A sentence the title bar keeps (the demo says its board is a throwaway).
    public func showBanner(_ text: String) { report(.banner(text)) }

    /// The screen at a size, with the cards it shows read.
    public func firstFrame(width: Int, height: Int) throws -> Frame {
        _ = step(&state, .resize(width: width, height: height))
        try readWhatIsShown()
        prepareCalendar()
        return view(state)
    }

    public enum AfterKey {
        /// The state changed: draw `view(state)`, clearing the terminal first when asked (Ctrl-L).
        case draw(clear: Bool)
        case quit
    }

    /// One key: update, the store writes it asks for, the cards now shown read.
    public func handle(_ key: Key) throws -> AfterKey {
        guard let action = KeyMap.action(for: key, in: state) else { return .draw(clear: false) }
        var clear = false
        modeBeforeKey = state.mode
        defer { modeBeforeKey = nil }
        for effect in step(&state, action) {
            switch effect {
            case .quit: return .quit
            case .redraw: clear = true
            default: perform(effect)
            }
        }
        try readWhatIsShown()
        return .draw(clear: clear)
    }

    /// Carries out one effect and reloads; a refused change becomes the status message.
    func perform(_ effect: Effect) {
        do {
            switch effect {
            case .undo:
                guard let entry = history.lastDone else { report(.done(.nothingToUndo)); return }
                try store.apply(entry.changes.inverse, verb: "undone")
                history.undone()
                report(.done(.undid(entry.description)))
                try reload(focusing: cardToFocus(after: entry.changes))
            case .redo:
                guard let entry = history.nextToRedo else { report(.done(.nothingToRedo)); return }
                try store.apply(entry.changes, verb: "redone")
                history.redone()
                report(.done(.redid(entry.description)))
                try reload(focusing: cardToFocus(after: entry.changes))
            case .openTemplateEditor(let id):
                report(.templateRead(try store.routines.overview(id, clock: clock())))
            case .planTemplateEdit(let id, let draft, let save, let form):
                try planTemplateEdit(id, draft, save: save, form: form)
            case .openChecklist(let owner, let execution):
                try openChecklist(owner, execution: execution)
            case .openHabits:
                try openHabits(focusing: nil)
            case .openHabit(let id):
                try openHabits(focusing: id)
            case .openStats:
                try openStats()
            case .quit, .redraw:
                break  // `handle` answers them: they write nothing and read nothing
            case .readCalendar(let day, let counts):
                try readCalendar(day: day, counts: counts)
            case .showFromCalendar(let item, let edit):
                try show(item, edit: edit)
            case .write(let write):
                let ((landing, words), changes) = try store.recording { try carryOut(write) }
                history.record(.init(description: words, changes: changes))
                // One reload for the intent; a new template's row then takes the focus.
                if case .card(let id) = landing {
                    try reload(focusing: id)
                    // The card written no longer matches the filter: shown anyway, the filter cleared.
                    if state.focusedCard?.id != id, !state.filter.isEmpty, let card = try? store.cards.find(id) {
                        report(.unfiltered(title: card.title, filter: state.filter))
                        try reload(focusing: id)
                    }
                } else {
                    try reload()
                }
                if case .template(let id) = landing { report(.templateAdded(id: id)) }
            }
        } catch {
            // `update` puts the reason where the user looks; the runtime only says whether the card is gone.
            var cardEdit = false, cardGone = false
            if case .write(.edit(let id, _, _)) = effect {
                cardEdit = true
                cardGone = (try? store.cards.find(id)) == nil
            }
            report(.refused(Refusal(error, from: modeBeforeKey ?? state.mode, cardEdit: cardEdit, cardGone: cardGone)))
        }
    }

    /// Where the focus goes after an intent: the card it wrote, the template it made, or where it was.
    enum Landing {
        case card(String), template(String), stay
    }

    /// After undo or redo: the first card the change touched that still exists; none for a template's
    /// or a series' change (a skip, a pause), whose row keeps the focus.
    private func cardToFocus(after changes: ChangeSet) -> String? {
        guard !changes.rows.contains(where: { ["templates", "series"].contains($0.table) }) else { return nil }
        return changes.cardIds.first { (try? store.cards.find($0)) != nil }
    }

    func reload(focusing id: String? = nil) throws {
        // The board changed since the index was read (or may have): the next one is read anew.
        searchIndexLoad = nil
        let offsets = state.snapshot.query == state.activeQuery ? state.snapshot.columns.mapValues(\.offset) : [:]
        let snapshot = try watcher.reading { try BoardSnapshot.load(store, clock: clock(), query: state.activeQuery, offsets: offsets) }
        report(.loaded(snapshot, focusing: id))
        try readWhatIsShown()
        try refreshScreen()
    }

    /// Reads the windows of cards the screen needs: around the focus and from each column's scroll
    /// offset; a new search reads the board again.
    func readWhatIsShown() throws {
        // The filter prompt is open with no index yet: read while the person types.
        if case .searching = state.mode, state.snapshot.search == nil {
            if searchIndexLoad == nil {
                let store = store, horizons = store.horizonRule.on(state.snapshot.today), read = readSearchIndex
                searchIndexLoad = SearchIndexLoad(wake: searchWake) { try read(store, horizons) }
            }
        } else {
            searchIndexLoad = nil
        }
        if state.activeQuery != state.snapshot.query {
            let needsIndex = !state.activeQuery.isEmpty && state.snapshot.search == nil
            // Still being read: this frame filters the cards in hand (the counts wait, "…"), and
            // the index's arrival wakes the loop to read the rest (`noticeChanges`).
            if needsIndex, let load = searchIndexLoad, !load.isReady {
                var snapshot = state.snapshot
                snapshot.searchPending = true
                report(.read(snapshot))
                return
            }
            // A keystroke of the filter: the columns under the new search, the rest as it was.
            let index = needsIndex ? try searchIndexLoad?.index() : nil
            report(.loaded(try state.snapshot.searched(store, query: state.activeQuery, index: index), focusing: nil))
            if state.snapshot.search != nil { searchIndexLoad = nil }
        }
        // The focused column first: where the focus lands decides what the others scroll to.
        var snapshot = state.snapshot
        let focusedBucket = BoardState.columns[state.focus.column]
        if let window = snapshot.columns[focusedBucket] {
            let around = max(0, state.focus.row - 40)..<min(window.count, state.focus.row + 40)
            if !window.covers(around) { try snapshot.loadWindow(store, bucket: focusedBucket, around: around.lowerBound) }
        }
        report(.read(snapshot))  // also keeps the focus in range and in view
        snapshot = state.snapshot
        var loaded = false
        for (column, bucket) in BoardState.columns.enumerated() {
            guard let window = snapshot.columns[bucket] else { continue }
            let shown = state.scroll[column]..<min(window.count, state.scroll[column] + 80)
            if !window.covers(shown) {
                try snapshot.loadWindow(store, bucket: bucket, around: shown.lowerBound)
                loaded = true
            }
        }
        if loaded { report(.read(snapshot)) }
    }

    /// What the loop does between keys: a new local day generates its occurrences, another
    /// process's commit shows at once, a search index read completes the filter's counts.
    /// Returns whether the screen changed.
    @discardableResult
    public func noticeChanges() throws -> Bool {
        let said = syncStatus?.take()
        if let said { report(.synced(said)) }
        let now = clock()
        if now.today != today {
            today = now.today
            try store.routines.generate(clock: now)
            let rollover = try store.rollover(clock: now), ended = try store.routines.newlyEnded()
            try store.settleHorizons(clock: now)
            try reload()
            report(.newDay(rollover, ended: ended))
            return true
        }
        if try watcher.hasChanged() {
            try reload()
            return true
        }
        // The filter's search index is read: the keystrokes typed meanwhile are searched in full.
        searchWake.drain()
        if state.activeQuery != state.snapshot.query, searchIndexLoad?.isReady == true {
            try readWhatIsShown()
            return true
        }
        // A new minute: cards may have become overdue and reminders due.
        guard now.local != state.snapshot.now else { return said != nil }
        var snapshot = state.snapshot
        try snapshot.refreshTime(store.reader, clock: now)
        report(.read(snapshot))
        return true
    }
}
