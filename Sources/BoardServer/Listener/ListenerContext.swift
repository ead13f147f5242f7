import BoardSync
import Hummingbird
import NIOCore

/// What a handler of the server's listener knows of a request besides the request itself
/// (ARCHITECTURE.md §22): the connection it came on, for who asks (loopback or not, the address a
/// rate limit counts) and for when the client hangs up on a stream.
struct ListenerContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    let channel: any Channel

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        channel = source.channel
    }

    /// The client's address without its port ("127.0.0.1", "::1"); nil when the socket has none.
    var clientAddress: String? { channel.remoteAddress?.ipAddress }

    /// Whether the client is on this machine.
    var isLocal: Bool { clientAddress.map(ServerURL.isLoopback) ?? false }

    /// No request of Board's has a body: one that sends more is refused past this.
    var maxUploadSize: Int { 4096 }
}
