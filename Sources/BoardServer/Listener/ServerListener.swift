import BoardSync
import BoardModel
import Foundation
import Hummingbird
import HummingbirdCore
import HummingbirdTLS
import Logging
import NIOCore
import NIOSSL
import ServiceLifecycle

/// The HTTP listener `board server run --realtime HOST:PORT` serves (ARCHITECTURE.md §22), on
/// Hummingbird: the realtime channel's `/watch` for devices (§19), `/metrics` and `/healthz` for
/// this machine (§21), a person's calendar feed (`/feed/TOKEN.ics`) and a shared routine's page
/// (`/s/TOKEN`). Every response goes out with the same safe headers, and every address is held to
/// one rate.
public struct ServerListener: Sendable {
    public let host: String
    public let port: Int
    /// The address devices and feeds are told (`--advertise`), `http(s)://HOST:PORT` unless given.
    public let address: String
    let tls: TLSConfiguration?
    let hub = RealtimeHub()

    /// A client that has not finished its request within this is not waited on.
    static let requestWithin = TimeAmount.seconds(10)

    /// `listen` is HOST:PORT (`[::1]:PORT` for IPv6); TLS (both files) unless HOST is loopback.
    public init(listen: String, advertise: String?, certificate: String?, key: String?) throws(BoardError) {
        guard let colon = listen.lastIndex(of: ":"), let port = Int(listen[listen.index(after: colon)...]), (0...65535).contains(port) else {
            throw BoardError("realtime", "must be HOST:PORT with a port from 0 to 65535, got '\(listen.echoed)'")
        }
        var host = String(listen[..<colon])
        if host.hasPrefix("[") && host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        guard !host.isEmpty else { throw BoardError("realtime", "names no host (127.0.0.1:8765, or 0.0.0.0:8765 for every address)") }
        switch (certificate, key) {
        case (nil, nil):
            guard ServerURL.isLoopback(host) else {
                throw BoardError("realtime", "listens beyond this machine, so it needs --tls-cert FILE and --tls-key FILE, got '\(listen.echoed)'")
            }
            tls = nil
        case (let certificate?, let key?):
            do {
                let chain = try NIOSSLCertificate.fromPEMFile(certificate).map { NIOSSLCertificateSource.certificate($0) }
                let configuration = TLSConfiguration.makeServerConfiguration(
                    certificateChain: chain, privateKey: .privateKey(try NIOSSLPrivateKey(file: key, format: .pem)))
                // Made once here so a certificate that doesn't go with its key is refused before the server starts.
                _ = try NIOSSLContext(configuration: configuration)
                tls = configuration
            } catch {
                throw BoardError("tls-cert", "'\(certificate.echoed)' and '\(key.echoed)' must be a PEM certificate and its key: \("\(error)".echoed)")
            }
        default:
            throw BoardError(Field(certificate == nil ? "tls-cert" : "tls-key"), "--tls-cert and --tls-key go together")
        }
        if let advertise {
            guard advertise.range(of: #"^https?://[^\s[:cntrl:]]+$"#, options: .regularExpression) != nil, advertise.count <= 300 else {
                throw BoardError("advertise", "must be an http:// or https:// URL of at most 300 characters, got '\(advertise.echoed)'")
            }
        }
        self.host = host
        self.port = port
        let shown = host.contains(":") ? "[\(host)]" : host
        address = advertise ?? "\(tls == nil ? "http" : "https")://\(shown):\(port)"
    }

    /// What the listener's routes answer from: the server's metrics and health, its replica files
    /// (a feed is read from its person's), and the one administrator connection they ask through.
    struct Services: Sendable {
        let metrics: ServerMetrics
        let health: ServerHealth
        let replica: ServerReplica
        let desk: TicketDesk
        let hub: RealtimeHub
    }

    /// Serves until `stop` is set (no new connection, every stream ended) or the task is cancelled;
    /// records the address on the server once listening, and says the port and the address recorded.
    public func serve(replica: ServerReplica, stop: Flag, metrics: ServerMetrics, health: ServerHealth,
                      listening: @escaping @Sendable (_ port: Int, _ address: String) -> Void) async throws {
        let desk = TicketDesk(server: replica.server)
        defer { Task { await desk.close() } }
        let services = Services(metrics: metrics, health: health, replica: replica, desk: desk, hub: hub)
        let router = Router(context: ListenerContext.self)
        router.add(middleware: SafeResponses())
        router.add(middleware: RateLimit())
        WatchRoute.add(to: router, services)
        ServerHealthRoutes.add(to: router, services)
        FeedRoute.add(to: router, services)
        LinkRoutes.add(to: router, services)

        let http1 = HTTPServerBuilder.http1(configuration: .init(idleTimeout: Self.requestWithin))
        let builder = try tls.map { try HTTPServerBuilder.tls(http1, tlsConfiguration: $0) } ?? http1
        // Hummingbird's own log is quiet: the server says what matters in its own words (ServerLog).
        var quiet = Logger(label: "board.listener")
        quiet.logLevel = .critical
        let (port, address, server) = (port, address, replica.server)
        let started = Started()
        let app = Application(router: router, server: builder,
                              configuration: .init(address: .hostname(host, port: port), serverName: nil, backlog: 1024, reuseAddress: true),
                              onServerRunning: { channel in
                                  let bound = channel.localAddress?.port ?? port
                                  var advertised = address
                                  if port == 0, advertised.hasSuffix(":0") { advertised = String(advertised.dropLast(2)) + ":\(bound)" }
                                  do {
                                      try await ServerConnection.withConnection(server) { [advertised] in try await ServerRealtime.advertise(advertised, $0) }
                                      listening(bound, advertised)
                                  } catch {
                                      started.failed(error)
                                  }
                              }, logger: quiet)
        let group = ServiceGroup(configuration: .init(services: [app], logger: quiet))
        try await withThrowingDiscardingTaskGroup { tasks in
            let ended = Flag()
            tasks.addTask { await recheckTickets(desk, until: [stop, ended]) }
            // Stopping (or the address could not be recorded): no new connection, and every open
            // stream ends with its response, which lets the server's graceful shutdown finish.
            tasks.addTask { [hub] in
                await Flag.wait(for: [stop, ended, started.failure], atMost: .infinity)
                hub.closeAll()
                await group.triggerGracefulShutdown()
            }
            defer { ended.set() }
            try await group.run()
        }
        if let error = started.error { throw error }
    }

    /// Tells the streams of `channel` that its person's log moved.
    public func poke(_ channel: String) { hub.poke(channel) }

    /// Tells the pages of the person of `channel` that their tables moved: what a page shows is read
    /// from there, so it is told after the replica's pass, not when the log moved.
    public func tablesMoved(_ channel: String) { hub.poke(RealtimeHub.tablesChannel(channel)) }

    /// Ends the streams whose tickets were replaced, revoked or expired, every few seconds.
    private func recheckTickets(_ desk: TicketDesk, until flags: [Flag]) async {
        while !Task.isCancelled {
            await Flag.wait(for: flags, atMost: WatchRoute.recheck)
            if flags.contains(where: \.isSet) { return }
            let checked = hub.tickets
            if let good = try? await desk.stillGood(checked) { hub.close(checked: Set(checked), good: good) }
            let links = hub.links
            if let open = try? await desk.stillOpen(links: links) {
                hub.close(checked: Set(links.map(RealtimeHub.linkTicket)), good: Set(open.map(RealtimeHub.linkTicket)))
            }
        }
    }

    /// Whether the listener came up: the error that stopped it recording its address, if one did.
    final class Started: @unchecked Sendable {
        let failure = Flag()
        private let lock = NSLock()
        private var stored: (any Error)?
        var error: (any Error)? { lock.withLock { stored } }

        func failed(_ error: any Error) {
            lock.withLock { stored = error }
            failure.set()
        }
    }
}
