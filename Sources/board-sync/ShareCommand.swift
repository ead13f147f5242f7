import BoardCLI
import BoardModel
import BoardStore
import BoardSync
import Foundation

/// `board share` and `board unshare` (ARCHITECTURE.md §18): a routine shared with another person
/// on the server the board syncs with, at once; their board picks it up at its next round.
enum ShareCommand {
    static let info = SyncCommands.share(routine: ShareRoutine.info, list: ShareList.info)

    /// The routine `given` names on this board, by id or its start; a card is named as one.
    static func routine(_ given: String, _ store: BoardStore) throws -> (id: String, title: String) {
        do {
            let id = try store.routines.id(matching: given)
            return (id, try store.reader.templateTitles()[id] ?? id)
        } catch let error as BoardError {
            if (try? store.cards.id(matching: given)) != nil {
                throw BoardError("routine", "'\(given.echoed)' is a card: only a routine can be shared")
            }
            throw error
        }
    }

    /// Shares or unshares, after a round has sent the server what it lacks of the routine.
    static func change(_ given: String, with person: String, unshare: Bool, server: String?, options: BoardOptions) throws {
        let (url, store, clock) = try SyncCommand.start(options, server: server, creating: false)
        let routine = try routine(given, store)
        if !unshare { _ = try waitFor { try await SyncRound.run(store, server: url, clock: clock) } }
        let outcome = try waitFor { try await ServerShares.share(routine.id, with: person, unshare: unshare, server: url) }
        let (title, name) = (routine.title.escapedForTerminal, person.escapedForTerminal)
        switch outcome {
        case .shared: printOut("Shared \(title) with \(name): it reaches their board at its next sync, read-only.")
        case .already: printOut("\(title) is already shared with \(name).")
        case .unshared: printOut("Stopped sharing \(title) with \(name): it leaves their board at its next sync.")
        case .notShared: printOut("\(title) is not shared with \(name).")
        }
    }
}

/// What `share` and `unshare` are given: the routine, a person or `--link`, the server and the board.
struct ShareArguments {
    /// Who the routine is shared with: a person on the server, or whoever has a link (for `days`, nil: until revoked).
    enum Audience { case person(String), link(days: Int?) }

    let routine: String, audience: Audience, server: String?, options: BoardOptions

    init(_ given: ParsedArguments, unshare: Bool) throws {
        routine = try given[SyncCommands.Share.routine]
        let person: String? = try given[SyncCommands.Share.with]
        let link: Bool = try given[SyncCommands.Share.link]
        let expires: String? = unshare ? nil : try given[SyncCommands.Share.expires]
        switch (person, link) {
        case (let person?, false):
            if expires != nil { throw BoardError("expires", "is for a link (--link); a share with a person lasts until `board unshare`") }
            audience = .person(person)
        case (nil, true): audience = .link(days: try LinkLifetime.days(expires ?? "7d"))
        case (nil, false): throw BoardError("with", "names no one: give --with NAME for a person on the server, or --link for a link")
        case (_?, true): throw BoardError("link", "is instead of --with NAME: give one of them")
        }
        server = try given[SyncCommands.Run.server]
        options = try BoardOptions(given)
    }

    func change(unshare: Bool) throws {
        switch audience {
        case .person(let person): try ShareCommand.change(routine, with: person, unshare: unshare, server: server, options: options)
        case .link(let days): try ShareCommand.link(routine, days: days, unlink: unshare, server: server, options: options)
        }
    }
}

extension ShareCommand {
    /// Makes a link to the routine (after a round has sent the server what it lacks of it), or
    /// revokes every open link of it.
    static func link(_ given: String, days: Int?, unlink: Bool, server: String?, options: BoardOptions) throws {
        let (url, store, clock) = try SyncCommand.start(options, server: server, creating: false)
        let routine = try routine(given, store)
        let title = routine.title.escapedForTerminal
        if unlink {
            let count = try waitFor { try await ServerLinks.unlink(routine.id, server: url) }
            return printOut(count == 0 ? "\(title) has no open link." : "Revoked \(count == 1 ? "the link" : "\(count) links") to \(title): \(count == 1 ? "it answers" : "they answer") 410 Gone from now on.")
        }
        _ = try waitFor { try await SyncRound.run(store, server: url, clock: clock) }
        let zone = clock().zone
        let made = try waitFor { try await ServerLinks.link(routine.id, days: days, zone: zone, server: url) }
        guard let page = made.url else {
            throw BoardError("server", "made a link to \(title), but the server serves no HTTP listener to open it: its administrator runs `board server run --realtime HOST:PORT`; `board unshare \(routine.id.prefix(8)) --link` revokes it")
        }
        let until = made.expires.map { "until \(BoardClock.timestamp(of: $0, milliseconds: false))" } ?? "until you revoke it"
        printOut("Shared \(title) by link, \(until). Anyone with this link sees the routine and ticks its steps in their own browser:")
        printOut(page)
        printOut("It is shown once; `board unshare \(routine.id.prefix(8)) --link` revokes it.")
    }
}

struct ShareRoutine: Command {
    static let info = SyncCommands.shareRoutine.runs(Self.self)
    let arguments: ShareArguments
    init(_ given: ParsedArguments) throws { arguments = try ShareArguments(given, unshare: false) }
    func run() throws { try arguments.change(unshare: false) }
}

struct Unshare: Command {
    static let info = SyncCommands.unshare.runs(Self.self)
    let arguments: ShareArguments
    init(_ given: ParsedArguments) throws { arguments = try ShareArguments(given, unshare: true) }
    func run() throws { try arguments.change(unshare: true) }
}

struct ShareList: Command {
    static let info = SyncCommands.shareList.runs(Self.self)

    let json: Bool, server: String?, options: BoardOptions

    init(_ given: ParsedArguments) throws {
        json = try given[SyncCommands.Share.json]
        server = try given[SyncCommands.Run.server]
        options = try BoardOptions(given)
    }

    func run() throws {
        guard let url = try SyncCommand.serverURL(server, board: options) else { throw SyncCommand.noServer }
        let shares = try waitFor { try await ServerShares.list(server: url) }
        // A server an older Board set up has no links: its shares alone.
        let links = (try? waitFor { try await ServerLinks.list(server: url) }) ?? []
        let stamp = { (date: Date) in BoardClock.timestamp(of: date, milliseconds: false) }
        if json {
            var objects = shares.map { ["direction": $0.direction, "routine": $0.routine, "title": $0.title.map { $0 as Any } ?? NSNull(), "person": $0.person] }
            objects += links.map { link -> [String: Any] in
                ["direction": "link", "routine": link.routine, "title": link.title.map { $0 as Any } ?? NSNull(), "link": link.id,
                 "expires": link.expires.map { stamp($0) as Any } ?? NSNull(), "revoked": link.revoked.map { stamp($0) as Any } ?? NSNull()]
            }
            let data = try JSONSerialization.data(withJSONObject: objects, options: [.sortedKeys, .withoutEscapingSlashes])
            printOut(String(decoding: data, as: UTF8.self))
            return
        }
        guard !shares.isEmpty || !links.isEmpty else { return printOut("No routine shared, by you or with you.") }
        for share in shares {
            let title = (share.title ?? "(not on the server yet)").escapedForTerminal
            let person = share.person.escapedForTerminal
            printOut("\(share.routine.prefix(8))  \(title)  \(share.direction == "with" ? "shared with" : "shared by") \(person)")
        }
        let now = Date()
        for link in links {
            printOut("\(link.routine.prefix(8))  \((link.title ?? "(not on the server yet)").escapedForTerminal)  \(link.state(at: now))")
        }
    }
}
