import BoardSync
import BoardModel
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL

/// The realtime channel `board server run --realtime` serves (ARCHITECTURE.md §19): a device opens
/// `GET /watch` with its ticket and holds an event stream (`text/event-stream`) that says `ready`,
/// then `moved` whenever its person's log moves or a share changes, and nothing else. HTTP and TLS
/// are swift-nio's; no notice carries data, so a stream someone else heard would tell them nothing.
public struct RealtimeServer: Sendable {
    public let host: String
    public let port: Int
    /// The address devices are told (`--advertise`), `http(s)://HOST:PORT` unless given.
    public let address: String
    let tls: NIOSSLContext?
    let hub = RealtimeHub()

    /// Seconds between the comments that keep an idle stream open through proxies, and between
    /// checks that each open stream's ticket is still good.
    static let heartbeat = 25.0, recheck = 10.0

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
                tls = try NIOSSLContext(configuration: .makeServerConfiguration(certificateChain: chain, privateKey: .privateKey(try NIOSSLPrivateKey(file: key, format: .pem))))
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

    /// What the listener answers besides `/watch` (ARCHITECTURE.md §21): the metrics and health of
    /// the server it runs in.
    struct Watchers: Sendable {
        let metrics: ServerMetrics
        let health: ServerHealth
    }

    /// Serves until `stop` is set (the listener closed, every stream ended) or the task is
    /// cancelled; records the address on `server` once listening, and says the port and the
    /// address recorded. `GET /metrics` and `GET /healthz` tell `watchers` what they ask.
    public func serve(server: ServerURL, stop: Flag, metrics: ServerMetrics, health: ServerHealth,
                      listening: @escaping @Sendable (_ port: Int, _ address: String) -> Void) async throws {
        let tls = self.tls
        let listener = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.backlog, value: 1024)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .bind(host: host, port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    if let tls { try channel.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: tls)) }
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline()
                    return try NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>(wrappingChannelSynchronously: channel)
                }
            }
        let bound = listener.channel.localAddress?.port ?? port
        var advertised = address
        if port == 0, advertised.hasSuffix(":0") { advertised = String(advertised.dropLast(2)) + ":\(bound)" }
        let recorded = advertised
        do {
            try await ServerConnection.withConnection(server) { try await ServerRealtime.advertise(recorded, $0) }
        } catch {
            try? await listener.channel.close()
            throw error
        }
        listening(bound, recorded)
        let desk = TicketDesk(server: server), watchers = Watchers(metrics: metrics, health: health)
        defer { Task { await desk.close() } }
        // Set when the server stops or the listener ends: the tasks beside the listener end with it.
        let ended = Flag()
        try await withThrowingDiscardingTaskGroup { group in
            group.addTask { await recheckTickets(desk, until: [stop, ended]) }
            // Stopping: no new connection, and every open stream ends with its response.
            group.addTask { [hub] in
                await Flag.wait(for: [stop, ended], atMost: .infinity)
                listener.channel.close(promise: nil)
                hub.closeAll()
            }
            defer { ended.set() }
            try await listener.executeThenClose { inbound in
                for try await connection in inbound {
                    group.addTask { await respond(connection, desk: desk, watchers: watchers) }
                }
            }
        }
    }

    /// Tells the streams of `channel` that its person's log moved.
    public func poke(_ channel: String) { hub.poke(channel) }

    /// Ends the streams whose tickets were replaced, revoked or expired, every few seconds.
    private func recheckTickets(_ desk: TicketDesk, until flags: [Flag]) async {
        while !Task.isCancelled {
            await Flag.wait(for: flags, atMost: Self.recheck)
            if flags.contains(where: \.isSet) { return }
            let checked = hub.tickets
            if let good = try? await desk.stillGood(checked) { hub.close(checked: Set(checked), good: good) }
        }
    }
}
