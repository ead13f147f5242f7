import BoardCLI
import BoardModel
import BoardStore

struct ListCommand: Command {
    static let bucket = Declared.option("bucket", "Only this bucket.")
    static let json = Declared.flag("json", "Print a JSON array of cards.")
    static let info = CommandInfo("list", abstract: "List the cards, bucket by bucket, with their chips as words.",
                                  parameters: [bucket, json] + BoardOptions.parameters, runs: Self.self)

    let bucket: String?, json: Bool, board: BoardOptions

    init(_ given: ParsedArguments) throws {
        bucket = try given[Self.bucket]
        json = try given[Self.json]
        board = try BoardOptions(given)
    }

    /// Cards are streamed from a cursor to a buffered output: memory stays flat at any size.
    func run() throws {
        let only = try bucket.map { b throws in try Bucket(parsing: b) }
        let (store, clock) = try board.open()
        let out = try OutputSink(path: nil)
        if json {
            var first = true
            try out.write("[")
            try store.cards.forEach(in: only, shownBy: store.horizons(clock)) { card in
                try out.write((first ? "\n" : ",\n") + CardJSON.text(BoardDocument.Card(card, full: false), depth: 1))
                first = false
            }
            try out.write(first ? "\n\n]\n" : "\n]\n")
            return try out.finish()
        }
        let titles = try store.reader.templateTitles()
        let counts = try store.reader.cardCounts(store.horizons(clock))
        for bucket in only.map({ [$0] }) ?? Bucket.allCases {
            try out.write("\(bucket.title) (\(counts[bucket] ?? 0))\n")
            try store.cards.forEach(in: bucket, shownBy: store.horizons(clock)) { card in
                try out.write(CardFormat.line(card, templateTitles: titles, clock: clock).escapedForTerminalKeepingNewlines + "\n")
            }
        }
        try out.finish()
    }
}
