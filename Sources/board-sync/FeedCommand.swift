import BoardCLI
import BoardModel
import BoardStore
import BoardSync
import Foundation

/// `board feed create`, `list` and `revoke` (ARCHITECTURE.md §22): a person's calendar feeds on
/// the server the board syncs with.
enum FeedCommand {
    static let info = SyncCommands.feed(create: FeedCreate.info, list: FeedList.info, revoke: FeedRevoke.info)
}

struct FeedCreate: Command {
    static let info = SyncCommands.feedCreate.runs(Self.self)
    let name: String, server: String?, options: BoardOptions

    init(_ given: ParsedArguments) throws {
        name = try given[SyncCommands.Feed.name] ?? "Board"
        try ServerFeeds.check(name: name)
        server = try given[SyncCommands.Run.server]
        options = try BoardOptions(given)
    }

    func run() throws {
        // A round first, so the feed has what this board holds from its first read.
        let (url, store, clock) = try SyncCommand.start(options, server: server, creating: false)
        _ = try waitFor { try await SyncRound.run(store, server: url, clock: clock) }
        let (name, zone) = (name, clock().zone)
        let created = try waitFor { try await ServerFeeds.create(name: name, zone: zone, server: url) }
        guard let address = created.url else {
            throw BoardError("server", "made feed \(created.id.prefix(8)), but the server serves no HTTP listener to read it from: its administrator runs `board server run --realtime HOST:PORT`; revoke it with `board feed revoke \(created.id.prefix(8))`")
        }
        printOut("Feed \(created.id.prefix(8)) (\(name.escapedForTerminal), times in \(zone.identifier)). Subscribe to it in your calendar:")
        printOut(address)
        printOut("This URL is shown once and reads your calendar without a password: give it to no one. `board feed revoke \(created.id.prefix(8))` ends it.")
    }
}

struct FeedList: Command {
    static let info = SyncCommands.feedList.runs(Self.self)
    let json: Bool, server: String?, options: BoardOptions

    init(_ given: ParsedArguments) throws {
        json = try given[SyncCommands.Feed.json]
        server = try given[SyncCommands.Run.server]
        options = try BoardOptions(given)
    }

    func run() throws {
        guard let url = try SyncCommand.serverURL(server, board: options) else { throw SyncCommand.noServer }
        let feeds = try waitFor { try await ServerFeeds.list(server: url) }
        let stamp = { (date: Date) in BoardClock.timestamp(of: date, milliseconds: false) }
        if json {
            let objects = feeds.map { feed -> [String: Any] in
                ["id": feed.id, "name": feed.name, "zone": feed.zone, "created": stamp(feed.created),
                 "revoked": feed.revoked.map { stamp($0) as Any } ?? NSNull()]
            }
            let data = try JSONSerialization.data(withJSONObject: objects, options: [.sortedKeys, .withoutEscapingSlashes])
            return printOut(String(decoding: data, as: UTF8.self))
        }
        guard !feeds.isEmpty else { return printOut("No calendar feed yet: `board feed create` makes one.") }
        for feed in feeds {
            let state = feed.revoked.map { "revoked \(stamp($0))" } ?? "open"
            printOut("\(feed.id.prefix(8))  \(feed.name.escapedForTerminal)  \(feed.zone)  made \(stamp(feed.created))  \(state)")
        }
    }
}

struct FeedRevoke: Command {
    static let info = SyncCommands.feedRevoke.runs(Self.self)
    let id: String, server: String?, options: BoardOptions

    init(_ given: ParsedArguments) throws {
        id = try given[SyncCommands.Feed.id]
        guard id.count >= 4, id.count <= 36, id.allSatisfy({ $0.isHexDigit || $0 == "-" }) else {
            throw BoardError("id", "must be a feed's id or its first 4 or more characters, as `board feed list` shows it, got '\(id.echoed)'")
        }
        server = try given[SyncCommands.Run.server]
        options = try BoardOptions(given)
    }

    func run() throws {
        guard let url = try SyncCommand.serverURL(server, board: options) else { throw SyncCommand.noServer }
        let id = id
        switch try waitFor({ try await ServerFeeds.revoke(id, server: url) }) {
        case .revoked: printOut("Revoked feed \(id.echoed): its URL answers 410 Gone from now on.")
        case .already: printOut("Feed \(id.echoed) was already revoked.")
        case .none: throw BoardError("id", "'\(id.echoed)' is no feed of yours (`board feed list` shows them)")
        case .ambiguous: throw BoardError("id", "'\(id.echoed)' starts more than one of your feeds' ids; give more of it")
        }
    }
}
