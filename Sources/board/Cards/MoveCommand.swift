import ArgumentParser
import BoardCLI
import BoardModel

struct MoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "move", abstract: "Move a card to a bucket, or to a position within one.")

    @Argument(help: "The card's id (a unique prefix is enough).") var id: String
    @Argument(help: "this-week, weekend, next-week, next-month or routines.") var bucket: String
    @Option(parsing: .unconditional, help: "Its position in the bucket, 1 for the top. Default: the end.") var position: Int?
    @OptionGroup var board: BoardOptions

    func run() throws {
        let bucket = try Bucket(parsing: bucket)
        if let position, position < 1 { throw BoardError("position", "must be 1 or more, got \(position)") }
        let (store, clock) = try board.open()
        let taskId = try store.taskId(matching: id)
        try store.moveTask(taskId, to: bucket, position: position.map { $0 - 1 }, clock: clock)
        printOut("Moved \(CardFormat.shortId(taskId)) to \(bucket.title)")
    }
}
