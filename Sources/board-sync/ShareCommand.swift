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

/// What `share` and `unshare` are given: the routine, the person, the server and the board.
struct ShareArguments {
    let routine: String, person: String, server: String?, options: BoardOptions

    init(_ given: ParsedArguments) throws {
        routine = try given[SyncCommands.Share.routine]
        person = try given[SyncCommands.Share.with]
        server = try given[SyncCommands.Run.server]
        options = try BoardOptions(given)
    }

    func change(unshare: Bool) throws {
        try ShareCommand.change(routine, with: person, unshare: unshare, server: server, options: options)
    }
}

struct ShareRoutine: Command {
    static let info = SyncCommands.shareRoutine.runs(Self.self)
    let arguments: ShareArguments
    init(_ given: ParsedArguments) throws { arguments = try ShareArguments(given) }
    func run() throws { try arguments.change(unshare: false) }
}

struct Unshare: Command {
    static let info = SyncCommands.unshare.runs(Self.self)
    let arguments: ShareArguments
    init(_ given: ParsedArguments) throws { arguments = try ShareArguments(given) }
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
        if json {
            let objects = shares.map { ["direction": $0.direction, "routine": $0.routine, "title": $0.title.map { $0 as Any } ?? NSNull(), "person": $0.person] }
            let data = try JSONSerialization.data(withJSONObject: objects, options: [.sortedKeys, .withoutEscapingSlashes])
            printOut(String(decoding: data, as: UTF8.self))
            return
        }
        guard !shares.isEmpty else { return printOut("No routine shared, by you or with you.") }
        for share in shares {
            let title = (share.title ?? "(not on the server yet)").escapedForTerminal
            let person = share.person.escapedForTerminal
            printOut("\(share.routine.prefix(8))  \(title)  \(share.direction == "with" ? "shared with" : "shared by") \(person)")
        }
    }
}
