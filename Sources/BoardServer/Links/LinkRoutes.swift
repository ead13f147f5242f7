import BoardModel
import BoardStore
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// A routine's page, opened by its link (ARCHITECTURE.md §22): `GET /s/TOKEN` the page itself,
/// whole without JavaScript; `/s/TOKEN.json` what its script renders from; `/s/TOKEN/events` an
/// event stream that says `moved` when the owner's tables moved, so an open page follows the
/// owner's edits. Each reads the one routine its token names from the owner's replica file,
/// nothing else; a revoked or expired link answers 410 in a line.
enum LinkRoutes {
    /// What a page may load: its own script, style and JSON, nothing from anywhere else.
    static let pagePolicy = "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; "
        + "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

    static func add(to router: Router<ListenerContext>, _ services: ServerListener.Services) {
        router.get("/s/:token") { _, context in
            let file = context.parameters.get("token") ?? ""
            let json = file.hasSuffix(".json")
            switch try await open(json ? String(file.dropLast(5)) : file, services) {
            case .refused(let answer): return answer
            case .page(let link, let page): return json ? try PageView.json(page, link: link) : PageView.html(page, link: link, path: "/s/" + file)
            }
        }
        router.get("/s/:token/events") { _, context in
            switch try await open(context.parameters.get("token") ?? "", services) {
            case .refused(let answer): return answer
            case .page(let link, _): return events(link, context, services)
            }
        }
        router.get("/assets/page.css") { _, _ in PageAssets.response(PageAssets.css, type: "text/css; charset=utf-8") }
        router.get("/assets/page.js") { _, _ in PageAssets.response(PageAssets.script, type: "text/javascript; charset=utf-8") }
    }

    /// What a token opens: the link and its routine's page, or the one-line page that says why not.
    enum Opened {
        case page(LinkSchema.Found, RoutinePage)
        case refused(Response)

        static func refused(_ status: HTTPResponse.Status, _ words: String) -> Opened { .refused(PageView.line(status, words)) }
    }

    static func open(_ token: String, _ services: ServerListener.Services) async throws -> Opened {
        let unknown = Opened.refused(.notFound, "No such page: the link is not one Board gave.")
        guard TokenShape.isHex64(token) else { return unknown }
        let found: LinkSchema.Found?
        do {
            found = try await services.desk.link(token: token)
        } catch {
            return .refused(.serviceUnavailable, "The page can't be read just now; try again in a minute.")
        }
        guard let found else { return unknown }
        if let closed = found.closed { return .refused(.gone, closed) }
        let clock = BoardClock(instant: Date(), zone: TimeZone(identifier: found.zone) ?? .gmt)
        let path = services.replica.folder + "/" + found.owner + ".board"
        guard FileManager.default.fileExists(atPath: path),
              let page = try services.replica.files.store(path, owner: found.owner).exchange.routinePage(found.templateId, clock: clock) else {
            return .refused(.gone, "This routine is no longer on its owner's board.")
        }
        return .page(found, page)
    }

    /// `ready`, then `moved` each time the owner's tables move, a comment every heartbeat; ended
    /// when the link is revoked or expires (checked with the devices' tickets) or the server stops.
    static func events(_ link: LinkSchema.Found, _ context: ListenerContext, _ services: ServerListener.Services) -> Response {
        let hub = services.hub, channel = RealtimeHub.tablesChannel(link.channel)
        let (pokes, key) = hub.listen(channel, ticket: RealtimeHub.linkTicket(link.id))
        context.channel.closeFuture.whenComplete { _ in hub.remove(channel, key: key) }
        let body = ResponseBody { writer in
            defer { hub.remove(channel, key: key) }
            try await writer.write(ByteBuffer(string: "event: ready\ndata:\n\n"))
            var beats = pokes.beating(every: WatchRoute.heartbeat).makeAsyncIterator()
            while let beat = await beats.next() {
                try await writer.write(ByteBuffer(string: beat ? "event: moved\ndata:\n\n" : ": still here\n\n"))
            }
            try await writer.finish(nil)
            context.channel.close(promise: nil)
        }
        return Response(status: .ok, headers: [.contentType: "text/event-stream", .cacheControl: "private, no-store", .connection: "close"], body: body)
    }
}
