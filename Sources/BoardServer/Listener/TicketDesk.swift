import BoardSync
import PostgresNIO

/// The listener's one administrator connection (ARCHITECTURE.md §19, §22): every ticket a stream
/// opens with, every feed's and link's token is looked up through it, and the lags `/metrics` and
/// `/healthz` report read, so a thousand devices coming back at once queue on one connection
/// instead of taking a thousand. Lost, it is made again at the next question.
actor TicketDesk {
    let server: ServerURL
    private var connecting: Task<PostgresConnection, any Error>?

    init(server: ServerURL) { self.server = server }

    /// The channel of the person whose good ticket this is; nil for a wrong, replaced or expired one.
    func channel(ticket: String) async throws -> String? {
        try await use { try await ServerRealtime.channel(ticket: ticket, $0) }
    }

    /// Which of these tickets are still good.
    func stillGood(_ tickets: [String]) async throws -> Set<String> {
        try await use { try await ServerRealtime.stillGood(tickets, $0) }
    }

    /// The feed a token opens, revoked or not; nil for none.
    func feed(token: String) async throws -> FeedSchema.Found? {
        try await use { try await FeedSchema.find(token: token, $0) }
    }

    /// The routine link a token is, open or not; nil for none.
    func link(token: String) async throws -> LinkSchema.Found? {
        try await use { try await LinkSchema.find(token: token, $0) }
    }

    /// Which of these links still open their page.
    func stillOpen(links: [String]) async throws -> Set<String> {
        try await use { try await LinkSchema.stillOpen(links, $0) }
    }

    /// Each person's lag behind their log, for `/metrics` and `/healthz`.
    func lags() async throws -> [ServerReplica.Lag] {
        try await use { try await ServerReplica.personLags($0) }
    }

    private func use<T: Sendable>(_ work: @Sendable (PostgresConnection) async throws -> T) async throws -> T {
        if connecting == nil {
            let server = self.server
            connecting = Task { try await ServerConnection.connect(server) }
        }
        do {
            let connection = try await connecting!.value
            if connection.isClosed { throw SyncError.offline("the connection closed", server: "\(server.host):\(server.port)") }
            return try await work(connection)
        } catch {
            // Made again at the next question, unless the server refused the statement itself.
            if !(error is PSQLError) || !ServerReplica.refusesRows(error as! PSQLError) { connecting = nil }
            throw error
        }
    }

    func close() async {
        if let connection = try? await connecting?.value { try? await connection.close() }
        connecting = nil
    }
}
