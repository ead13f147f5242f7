import BoardModel
import BoardStore
import Foundation
import Hummingbird

/// `GET /feed/TOKEN.ics`, a person's calendar feed (ARCHITECTURE.md §22): read-only, answered from
/// their replica file — the board their tables are written from — through the agenda's own
/// planning (`ExchangeStore.feedItems`). Its ETag is where the replica stands in the person's log
/// and the day, so a calendar polling an unchanged board gets 304 without the feed being made.
enum FeedRoute {
    /// How the feed is written: a new way of writing it (a server upgraded) changes every ETag.
    static let format = 2

    static func add(to router: Router<ListenerContext>, _ services: ServerListener.Services) {
        router.get("/feed/:file") { request, context in
            try await feed(file: context.parameters.get("file") ?? "", ifNoneMatch: request.headers[.ifNoneMatch], services)
        }
    }

    static func feed(file: String, ifNoneMatch: String?, _ services: ServerListener.Services) async throws -> Response {
        let token = file.hasSuffix(".ics") ? String(file.dropLast(4)) : ""
        guard TokenShape.isHex64(token) else { return .words(.notFound, "No such feed: the address is not one Board gave.") }
        let found: FeedSchema.Found?
        do {
            found = try await services.desk.feed(token: token)
        } catch {
            return .words(.serviceUnavailable, "The feed can't be read just now; the calendar will ask again.")
        }
        guard let found else { return .words(.notFound, "No such feed: the address is not one Board gave.") }
        guard !found.revoked else { return .words(.gone, "This feed was revoked by its owner.") }
        let clock = BoardClock(instant: Date(), zone: TimeZone(identifier: found.zone) ?? .gmt)
        let path = services.replica.folder + "/" + found.owner + ".board"
        // Nobody's replica yet: the person's log is empty, and so is their calendar.
        let store = FileManager.default.fileExists(atPath: path) ? try services.replica.files.store(path, owner: found.owner) : nil
        let through = try store?.sync.status()?.pulledThrough ?? 0
        let tag = "\"\(format)-\(through)-\(clock.today.basicISO)\""
        var headers: HTTPFields = [.eTag: tag, .cacheControl: "private, no-cache"]
        if let ifNoneMatch, ifNoneMatch.split(separator: ",").contains(where: { $0.trimmingCharacters(in: .whitespaces) == tag || $0 == "*" }) {
            return Response(status: .notModified, headers: headers)
        }
        let items = try store?.exchange.feedItems(clock: clock) ?? []
        let body = ICalendarWriter.feed(items, name: found.name, stamp: ICalendarWriter.utc(clock.instant), year: clock.today.year)
        headers[.contentType] = "text/calendar; charset=utf-8"
        headers[.contentDisposition] = "inline; filename=\"board.ics\""
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: body)))
    }
}
