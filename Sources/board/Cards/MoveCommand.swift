import BoardCLI
import BoardModel

struct MoveCommand: Command {
    static let info = CommandInfo("move", abstract: "Move a card to a bucket, or to a position within one.", parameters: [
        .argument("id", "The card's id (a unique prefix is enough)."),
        .argument("bucket", "this-week, weekend, next-week, next-month or routines."),
        .option("position", "Its position in the bucket, 1 for the top. Default: the end."),
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
        if let position, position < 1 { throw BoardError("position", "must be 1 or more, got \(position)") }
        let (store, clock) = try board.open()
        let taskId = try store.taskId(matching: id)
        try store.moveTask(taskId, to: bucket, position: position.map { $0 - 1 }, clock: clock)
        printOut("Moved \(CardFormat.shortId(taskId)) to \(bucket.title)")
    }
}
