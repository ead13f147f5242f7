import BoardSync
import BoardModel
import BoardStore
import Foundation
import PostgresNIO

/// `board server run`'s work (ARCHITECTURE.md §16): each person's board kept on the server by
/// Board's own code. A replica file per person takes their log in through the same checks and
/// merge a device uses (`BoardStore.check`, `receive`), and the rows the new changes touched are
/// then written to the server's tables with the person's cursor, in one transaction: a pass cut
/// anywhere leaves the tables as the last cursor says, and the next pass carries on.
public struct ServerReplica: Sendable {
    public let server: ServerURL
    /// Where each person's replica file lives (`OWNER.board`); a lost file is made again from the log.
    public let folder: String

    /// Each person's replica file, opened once for as long as this replica runs: opening one (its
    /// schema checked, its triggers made) was most of a small pass.
    let files = ReplicaFiles()

    public init(server: ServerURL, folder: String) {
        self.server = server
        self.folder = folder
    }

    /// What a pass did for one person.
    public struct Moved: Equatable, Sendable {
        public let person: String
        public let changes: Int
        public let through: Int64
        /// The person's notification channel (the realtime channel's streams are under it).
        public var channel = ""
        /// Why the person's tables could not be brought up to date this pass (the others still were).
        public var problem: String? = nil
    }

    /// How far behind one person's tables are.
    public struct Lag: Equatable, Sendable {
        public let person: String
        /// The log's highest number less the cursor.
        public let changes: Int64
        /// Seconds since the oldest change not yet in the tables arrived; nil when none waits.
        public let oldestSeconds: Double?
    }

    static let pullBatch = 2_500

    /// Brings every person whose log moved past their cursor up to date; says who moved.
    public func pass() async throws -> [Moved] {
        try await ServerConnection.withConnection(server) { connection in try await pass(connection, ReplicaSession()) }
    }

    /// What a pass knows of its connection's session: the staging tables it holds (a statement less
    /// for each table a pass writes; each round trip was a tenth of a small pass's CPU).
    final class ReplicaSession: @unchecked Sendable {
        var stagingTables: Set<String> = []
    }

    func pass(_ connection: PostgresConnection, _ session: ReplicaSession) async throws -> [Moved] {
        try BoardDatabase.createPrivateFolder(folder)
        // One pass at a time on this server, whichever process makes it (`run`, `run --once`, `remind`).
        try await connection.query("SELECT pg_advisory_lock(\(Self.passLock))", logger: ServerConnection.logger)
        do {
            let moved = try await passLocked(connection, session)
            try await connection.query("SELECT pg_advisory_unlock(\(Self.passLock))", logger: ServerConnection.logger)
            return moved
        } catch {
            _ = try? await connection.query("SELECT pg_advisory_unlock(\(Self.passLock))", logger: ServerConnection.logger)
            throw error
        }
    }

    /// The advisory lock a pass holds: any number, the same in every process.
    static let passLock: Int64 = 0x626f_6172_6400

    private func passLocked(_ connection: PostgresConnection, _ session: ReplicaSession) async throws -> [Moved] {
        var moved: [Moved] = [], taken: [Taken] = []
        for lag in try await Self.lags(connection) where lag.behind > 0 {
            do {
                let person = try await take(lag.person, owner: lag.owner, channel: lag.channel, cursor: lag.cursor, connection)
                // A person's rows made again, every one, are written alone, by COPY straight into the tables.
                if person.touched == nil {
                    try await write([person], connection, session)
                    moved.append(person.moved)
                } else {
                    taken.append(person)
                }
            } catch let error as PSQLError where Self.refusesRows(error) {
                moved.append(Moved(person: lag.person, changes: 0, through: lag.cursor, problem: SyncError(error, server: server).reason))
            }
        }
        guard !taken.isEmpty else { return moved }
        // Everyone else's rows in one transaction: a small pass was bound by its round trips.
        do {
            try await write(taken, connection, session)
            return moved + taken.map(\.moved)
        } catch let error as PSQLError where Self.refusesRows(error) {
            // Rows the tables refuse hold back their person alone, said each pass: each person
            // again in a transaction of their own (their files hold their changes already).
            for person in taken {
                do {
                    if taken.count == 1 { throw error }
                    try await write([person], connection, session)
                    moved.append(person.moved)
                } catch let error as PSQLError where Self.refusesRows(error) {
                    moved.append(Moved(person: person.person, changes: 0, through: person.cursor, problem: SyncError(error, server: server).reason))
                }
            }
            return moved
        }
    }

    /// Runs until `stop` is set (the pass in flight finished first) or the task is cancelled (the
    /// pass abandoned: its connection closed, nothing of it committed): a pass at once, then one
    /// whenever a person's channel says their log moved (or every few seconds, should a
    /// notification be missed). One connection holds the channels and makes the passes; when it is
    /// lost, it connects again after a `Backoff.reconnect`. `passed` hears each pass, who moved and
    /// how long it took; `notified` each channel's notification as it comes, and after each pass
    /// the channels of those whose log moved without one (a person added since this connection
    /// listened, or a change made while it was away): the realtime channel passes them on.
    public func run(stop: Flag, passed: @escaping @Sendable ([Moved], _ seconds: Double) -> Void,
                    notified: @escaping @Sendable (String) -> Void = { _ in },
                    problem: @escaping @Sendable (Error, _ retry: Double) -> Void) async {
        var backoff = Backoff.reconnect
        while !Task.isCancelled && !stop.isSet {
            let worked = Flag()
            do {
                try await ServerConnection.withConnection(server) { connection in
                    // Cancelled mid-pass: the connection closes, the statement in flight fails, the
                    // transaction is never committed (ARCHITECTURE.md §16: the next pass carries on).
                    try await withTaskCancellationHandler {
                        try await listenAndPass(connection, stop: stop, worked: worked, passed: passed, notified: notified)
                    } onCancel: {
                        connection.close().whenComplete { _ in }
                    }
                }
            } catch {
                if Task.isCancelled || stop.isSet { return }
                if worked.take() { backoff.reset() }
                let retry = backoff.next()
                problem(error, retry)
                await stop.wait(atMost: retry)
            }
        }
    }

    /// One connection's life: it listens on every person's channel and passes whenever one speaks,
    /// until `stop`, a lost connection, or someone new to listen for (the next connection does).
    private func listenAndPass(_ connection: PostgresConnection, stop: Flag, worked: Flag,
                               passed: @escaping @Sendable ([Moved], Double) -> Void,
                               notified: @escaping @Sendable (String) -> Void) async throws {
        let channels = try await Self.channels(connection), heard = HeardChannels(), session = ReplicaSession()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for channel in channels + [Self.peopleChannel] {
                group.addTask {
                    try await connection.listen(on: channel) { notes in for try await _ in notes { heard.insert(channel); notified(channel) } }
                }
            }
            group.addTask {
                var last = Date.distantPast
                while !Task.isCancelled && !stop.isSet {
                    let woken = heard.take()
                    if !woken.isEmpty || last.timeIntervalSinceNow < -5 {
                        let start = ContinuousClock.now
                        let moved = try await pass(connection, session)
                        let took = ContinuousClock.now - start
                        passed(moved, Double(took.components.seconds) + Double(took.components.attoseconds) / 1e18)
                        for person in moved where person.changes > 0 && !woken.contains(person.channel) && !heard.contains(person.channel) {
                            notified(person.channel)
                        }
                        worked.set()
                        last = Date()
                        // Someone new: this connection ends, and the next listens on their channel too.
                        // `add-user` says so on the people's channel; the look every few seconds
                        // finds one added while nobody listened.
                        let lookForNew = woken.isEmpty || woken.contains(Self.peopleChannel)
                        if lookForNew, try await Self.channels(connection) != channels { return }
                    }
                    // Asleep until a channel speaks, the server stops, or the few seconds after which it looks anyway.
                    await Flag.wait(for: [heard.wake, stop], atMost: 5)
                    _ = heard.wake.take()
                }
            }
            try await group.next()
            group.cancelAll()
        }
    }

    /// The channel `board server add-user` notifies: someone new to listen for.
    static let peopleChannel = "board_people"

    /// The channels notified since a pass last took them.
    private final class HeardChannels: @unchecked Sendable {
        private let lock = NSLock()
        private var channels: Set<String> = []
        /// Set with each channel heard: the pass loop sleeps on it.
        let wake = Flag()
        func insert(_ channel: String) {
            _ = lock.withLock { channels.insert(channel) }
            wake.set()
        }
        func contains(_ channel: String) -> Bool { lock.withLock { channels.contains(channel) } }
        func take() -> Set<String> { lock.withLock { defer { channels = [] }; return channels } }
    }

    /// Whether the server refused a statement (a value, a constraint) rather than went away.
    static func refusesRows(_ error: PSQLError) -> Bool {
        guard let state = error.serverInfo?[.sqlState] else { return false }
        return !state.hasPrefix("08") && !state.hasPrefix("57")
    }

    static func channels(_ connection: PostgresConnection) async throws -> [String] {
        var channels: [String] = []
        for try await channel in try await connection.query("SELECT channel FROM board.people ORDER BY channel", logger: ServerConnection.logger)
            .decode(String.self) { channels.append(channel) }
        return channels
    }

    /// Each person's lag behind their log on `server`.
    public static func lags(on server: ServerURL) async throws -> [Lag] {
        try await ServerConnection.withConnection(server) { connection in try await personLags(connection) }
    }

    /// Each person's lag, on an administrator's connection.
    static func personLags(_ connection: PostgresConnection) async throws -> [Lag] {
        try await lags(connection).map { Lag(person: $0.person, changes: $0.behind, oldestSeconds: $0.oldest) }
    }

    static func lags(_ connection: PostgresConnection) async throws
        -> [(person: String, owner: String, channel: String, cursor: Int64, behind: Int64, oldest: Double?)] {
        let rows = try await connection.query("""
            SELECT p.role::text, p.owner::text, p.channel, coalesce(c.seq, 0),
                   coalesce((SELECT max(seq) FROM board.changes WHERE owner = p.owner), 0) - coalesce(c.seq, 0),
                   (SELECT extract(epoch FROM now() - received_at)::float8 FROM board.changes
                     WHERE owner = p.owner AND seq > coalesce(c.seq, 0) ORDER BY seq LIMIT 1)
            FROM board.people p LEFT JOIN board.replica_cursors c ON c.owner = p.owner ORDER BY p.role
            """, logger: ServerConnection.logger)
        var lags: [(String, String, String, Int64, Int64, Double?)] = []
        for try await (person, owner, channel, cursor, behind, oldest) in rows.decode((String, String, String, Int64, Int64, Double?).self) {
            lags.append((person, owner, channel, cursor, behind, oldest))
        }
        return lags
    }

    /// One person's new changes, taken into their replica file, and the rows to write for them.
    struct Taken {
        let person: String
        let owner: String
        let channel: String
        /// Where the tables are: the person's cursor.
        let cursor: Int64
        let store: BoardStore
        /// The ids per table to write; nil: the person's rows made again, every one.
        let touched: [String: Set<String>]?
        /// The log's last change in the file.
        let through: Int64
        let received: Int

        var moved: Moved { Moved(person: person, changes: received, through: through, channel: channel) }
    }

    /// One person: their new changes into the replica, and the rows they touched, to be written.
    func take(_ person: String, owner: String, channel: String, cursor: Int64, _ connection: PostgresConnection) async throws -> Taken {
        let path = folder + "/" + owner + ".board"
        var through = try files.store(path, owner: owner).sync.pulledThrough() ?? 0
        // No cursor yet (a first pass, or the tables dropped): every row goes over by COPY.
        var whole = cursor == 0
        if through < cursor {
            // The file is older than the tables (lost, or restored from a backup): made again from
            // the whole log, closed first and gone with its WAL, so nothing of it comes back.
            files.forget(path)
            for file in [path, path + "-wal", path + "-shm"] { try? FileManager.default.removeItem(atPath: file) }
            through = 0
            whole = true
        }
        let store = try files.store(path, owner: owner)
        let waitingBefore = try store.sync.waitingRows()
        // The rows to write: those the changes since the cursor named, and those that waited for
        // them. The file is at the cursor but after a pass cut between its two transactions: then
        // the log between them is read again for its rows.
        var touched: [String: Set<String>] = [:]
        if !whole && through > cursor {
            let rows = try await connection.query("""
                SELECT DISTINCT entity, entity_id FROM board.changes WHERE owner = \(owner)::uuid AND seq > \(cursor) AND seq <= \(through)
                """, logger: ServerConnection.logger)
            for try await (entity, id) in rows.decode((String, String).self) { touched[entity, default: []].insert(id) }
        }
        for row in waitingBefore { touched[row.entity, default: []].insert(row.id) }
        // Each batch is taken in while the next is read and checked (checking needs no transaction).
        var log = try await ReplicaLog.after(through, owner: owner, connection)
        func nextChecked() async throws -> (changes: CheckedChanges, through: Int64)? {
            let batch = try await log.next(Self.pullBatch)
            guard let last = batch.last?.seq else { return nil }
            if !whole { for row in batch { touched[row.entity, default: []].insert(row.entityId) } }
            return (store.sync.check(batch.compactMap(\.change)), last)
        }
        var received = 0, next = try await nextChecked()
        while let batch = next {
            async let taken = store.sync.receive(batch.changes, pulledThrough: batch.through).received
            next = try await nextChecked()
            received += try await taken
            through = batch.through
        }
        return Taken(person: person, owner: owner, channel: channel, cursor: cursor, store: store, touched: whole ? nil : touched,
                     through: through, received: received)
    }

    static func open(_ path: String, owner: String) throws -> BoardStore {
        let store = try BoardStore.open(path: path)
        if try store.sync.status() == nil { _ = try store.sync.join(owner: owner, server: "the server's replica") }
        return store
    }

    /// The replica files a running replica holds open, by path.
    final class ReplicaFiles: @unchecked Sendable {
        private let lock = NSLock()
        private var open: [String: BoardStore] = [:]

        /// The store of `path`, opened (and joined to `owner`) the first time it is asked for.
        func store(_ path: String, owner: String) throws -> BoardStore {
            if let store = lock.withLock({ open[path] }) { return store }
            let store = try ServerReplica.open(path, owner: owner)
            lock.withLock { open[path] = store }
            return store
        }

        /// Lets the file go (closed once nothing holds it), to be removed and made again.
        func forget(_ path: String) { lock.withLock { _ = open.removeValue(forKey: path) } }
    }

    /// Writes `people`'s rows from their replicas to the tables, and their cursors, in one
    /// transaction: for each table one `COPY` and one upsert for them all. A person without
    /// `touched` has their rows made again, every one; else the ids per table, and the small tables whole.
    func write(_ people: [Taken], _ connection: PostgresConnection, _ session: ReplicaSession) async throws {
        // A staging table made in a transaction that rolls back is gone with it: known only once committed.
        var staged = session.stagingTables
        try await ServerConnection.transaction(connection) { connection in
            let whole = people.filter { $0.touched == nil }
            if !whole.isEmpty {
                // COPY names its table quoted, so the schema comes first on the path, for this
                // transaction alone; the rest of the path stays (an administrator's trigger reads by it).
                try await connection.query("SELECT set_config('search_path', 'board, ' || current_setting('search_path'), true)",
                                           logger: ServerConnection.logger)
                // Children first, as the foreign keys ask; then every table by COPY, parents first.
                for table in ServerTables.names.reversed() {
                    var binds = PostgresBindings()
                    binds.append(whole.map(\.owner))
                    try await connection.query(PostgresQuery(unsafeSQL: "DELETE FROM board.\(table) WHERE owner_id = ANY ($1::uuid[])", binds: binds),
                                               logger: ServerConnection.logger)
                }
            }
            for table in ServerTables.names {
                if !whole.isEmpty {
                    try await ReplicaRows.copy(table, whole.map { ReplicaRows.Part(owner: $0.owner, store: $0.store, ids: nil) }, into: table,
                                               columns: try ReplicaRows.columns(table, store: whole[0].store), connection)
                }
                let parts = people.compactMap { person -> ReplicaRows.Part? in
                    guard let touched = person.touched else { return nil }
                    let ids = ServerTables.keptWhole.contains(table) ? nil : Array(touched[table] ?? [])
                    if ids?.isEmpty == true || (ids == nil && ServerTables.keptWholeWhenTouched.isDisjoint(with: touched.keys)) { return nil }
                    return ReplicaRows.Part(owner: person.owner, store: person.store, ids: ids)
                }
                if !parts.isEmpty { try await ReplicaRows.replace(table, parts, staged: &staged, connection) }
            }
            // The cursors; and whoever these people share routines with hears, at commit, that what
            // they see may have moved: a watching board of theirs takes the owner's edit at once
            // (ARCHITECTURE.md §18).
            let owners = people.map(\.owner), through = people.map(\.through)
            try await connection.query("""
                WITH cursor AS (
                    INSERT INTO board.replica_cursors (owner, seq) SELECT * FROM unnest(\(owners)::uuid[], \(through)::int8[])
                    ON CONFLICT (owner) DO UPDATE SET seq = EXCLUDED.seq, updated_at = now())
                SELECT pg_notify(p.channel, '0') FROM (SELECT DISTINCT grantee FROM board.shares WHERE owner_id = ANY (\(owners)::uuid[])) s
                JOIN board.people p ON p.owner = s.grantee
                """, logger: ServerConnection.logger)
        }
        session.stagingTables = staged
    }
}
