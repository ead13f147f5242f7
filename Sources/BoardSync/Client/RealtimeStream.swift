import BoardModel
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL

/// A device's end of the realtime channel (ARCHITECTURE.md §19): `GET /watch` with its ticket,
/// then the server's events as they come. HTTP and TLS are swift-nio's; what is read here is the
/// event stream's lines, at most a few kilobytes held at once.
enum RealtimeStream {
    typealias Notice = EventStream.Event

    /// Why the stream ended other than by its ticket running out.
    enum Failure: Error, CustomStringConvertible {
        case address(String)
        case refused(UInt, String)
        case ended(String)

        var description: String {
            switch self {
            case .address(let given): "the server names its channel '\(given.echoed)', which is not an http(s) URL"
            case .refused(let status, let words): "the channel refused: \(status) \(words.echoed)"
            case .ended(let why): why
            }
        }
    }

    /// Why the channel could not be used, in a few words: the failure's own, or what the network said.
    static func describe(_ error: any Error) -> String {
        if let failure = error as? Failure { return failure.description }
        let text = "\(error)"
        for reason in ["Connection refused", "timed out", "No route to host", "Name or service not known", "certificate"] where text.contains(reason) {
            return "can't connect: " + reason.lowercased()
        }
        if error is NIOSSLError { return "TLS failed (\(text.echoed))" }
        return "the channel was lost"
    }

    /// Seconds without a byte (the server writes one every 25) before the stream counts as lost.
    static let silence = 60.0
    /// The most of a refusal's words kept.
    static let largest = 4_096

    /// Listens at `address` with `ticket` until `until` (then returns), telling `heard` each event;
    /// throws when the channel can't be reached, refuses, or goes quiet. `roots`: a CA file to trust
    /// beside the system's (the one the device's database URL names).
    static func listen(address: String, ticket: String, roots: String?, until: Date, heard: @escaping @Sendable (Notice) -> Void) async throws {
        guard let url = URLComponents(string: address), let scheme = url.scheme, ["http", "https"].contains(scheme),
              let host = url.host, !host.isEmpty else { throw Failure.address(address) }
        let secure = scheme == "https", port = url.port ?? (secure ? 443 : 80)
        let bareHost = host.hasPrefix("[") ? String(host.dropFirst().dropLast()) : host
        var configuration = TLSConfiguration.makeClientConfiguration()
        if let roots, roots != "system" { configuration.trustRoots = .file(roots) }
        let tls = secure ? try NIOSSLContext(configuration: configuration) : nil
        let name = bareHost.first?.isNumber == true || bareHost.contains(":") ? nil : bareHost
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connectTimeout(.seconds(5))
            .connect(host: bareHost, port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    if let tls { try channel.pipeline.syncOperations.addHandler(try NIOSSLClientHandler(context: tls, serverHostname: name)) }
                    try channel.pipeline.syncOperations.addHTTPClientHandlers()
                    return try NIOAsyncChannel<HTTPClientResponsePart, HTTPClientRequestPart>(wrappingChannelSynchronously: channel)
                }
            }
        let path = (url.path.hasSuffix("/") ? String(url.path.dropLast()) : url.path) + "/watch"
        let lastByte = Clock()
        try await channel.executeThenClose { inbound, outbound in
            try await outbound.write(.head(HTTPRequestHead(version: .http1_1, method: .GET, uri: path, headers: HTTPHeaders([
                ("host", url.port.map { "\(host):\($0)" } ?? host), ("authorization", "Bearer \(ticket)"), ("accept", "text/event-stream"),
            ]))))
            try await outbound.write(.end(nil))
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { try await read(inbound, lastByte: lastByte, heard: heard) }
                group.addTask {
                    // Asleep until the ticket is due for renewal or the stream would have gone quiet,
                    // whichever comes first (each byte heard moves the second further off).
                    while Date() < until {
                        let quiet = silence - lastByte.seconds
                        if quiet < 0 { throw Failure.ended("the channel went quiet for \(Int(silence)) s") }
                        try await Task.sleep(for: .seconds(max(0.05, min(until.timeIntervalSinceNow, quiet + 0.05))))
                    }
                }
                try await group.next()
                group.cancelAll()
            }
        }
    }

    /// The response: a refusal's status and words, or the stream's events until it ends.
    private static func read(_ inbound: NIOAsyncChannelInboundStream<HTTPClientResponsePart>, lastByte: Clock,
                             heard: @Sendable (Notice) -> Void) async throws {
        var refusal: UInt?, words: [UInt8] = [], stream = EventStream()
        for try await part in inbound {
            lastByte.reset()
            switch part {
            case .head(let head):
                if head.status != .ok { refusal = head.status.code }
            case .body(let buffer) where refusal != nil:
                words += buffer.readableBytesView.prefix(max(0, largest - words.count))
            case .body(let buffer):
                guard let events = stream.take(buffer.readableBytesView) else {
                    throw Failure.ended("the channel sent a line longer than \(EventStream.largest) bytes")
                }
                events.forEach(heard)
            case .end:
                if let refusal { throw Failure.refused(refusal, String(decoding: words, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) }
                throw Failure.ended("the channel closed the stream")
            }
        }
        throw Failure.ended("the channel closed the connection")
    }

    /// Seconds since a moment, reset from one task and read from another.
    private final class Clock: @unchecked Sendable {
        private let lock = NSLock()
        private var last = Date()
        func reset() { lock.withLock { last = Date() } }
        var seconds: Double { lock.withLock { -last.timeIntervalSinceNow } }
    }
}
