import BoardCLI
import BoardModel

struct MoveCommand: Command {
    static let bucket = Declared.argument("bucket", "this-week, weekend, next-week, next-month or routines.")
    static let position = Declared.number("position", "Its position in the bucket, counted from 0 at the top as list --json counts. Default: the end.")
    static let info = CommandInfo("move", abstract: "Move a card to a bucket, or to a position within one.",
                                  parameters: [IdArgument.card, bucket, position] + BoardOptions.parameters, runs: Self.self)

    let id: String, bucket: String, position: Int?, board: BoardOptions

    init(_ given: ParsedArguments) throws {
        id = try given[IdArgument.card]
        bucket = try given[Self.bucket]
        position = try given[Self.position]
        board = try BoardOptions(given)
    }

    func run() throws {
        let bucket = try Bucket(parsing: bucket)
        if let position, position < 0 { throw BoardError("position", "must be 0 (the top) or more, got \(position)") }
        let (store, clock) = try board.open()
        let cardId = try store.cards.id(matching: id)
        try store.cards.move(cardId, to: bucket, position: position, clock: clock)
        printOut("Moved \(CardFormat.shortId(cardId)) to \(bucket.title)")
    }
}
