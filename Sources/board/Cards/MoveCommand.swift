import BoardCLI
import BoardModel

struct MoveCommand: Command {
    static let info = CommandInfo("move", abstract: "Move a card to a bucket, or to a position within one.", parameters: [
        .argument("id", "The card's id (a unique prefix is enough)."),
        .argument("bucket", "this-week, weekend, next-week, next-month or routines."),
        .option("position", "Its position in the bucket, counted from 0 at the top as list --json counts. Default: the end."),
    ] + BoardOptions.parameters, runs: Self.self)

    let id: String, bucket: String, position: Int?, board: BoardOptions

    init(_ given: ParsedArguments) throws {
        id = given.required("id")
        bucket = given.required("bucket")
        position = try given.int("position")
        board = BoardOptions(given)
    }

    func run() throws {
        let bucket = try Bucket(parsing: bucket)
        if let position, position < 0 { throw BoardError("position", "must be 0 (the top) or more, got \(position)") }
        let (store, clock) = try board.open()
        let taskId = try store.taskId(matching: id)
        try store.moveTask(taskId, to: bucket, position: position, clock: clock)
        printOut("Moved \(CardFormat.shortId(taskId)) to \(bucket.title)")
    }
}
