import ArgumentParser
import BoardModel
import BoardStore

struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the cards, bucket by bucket, with their chips as words.")

    @Option(help: "Only this bucket.") var bucket: String?
    @Flag(help: "Print a JSON array of cards.") var json = false
    @OptionGroup var board: BoardOptions

    func run() throws {
        let only = try bucket.map { b throws in try Bucket(parsing: b) }
        let (store, clock) = try board.open()
        let tasks = try store.tasks(in: only)
        if json {
            printOut(try CardFormat.jsonText(tasks.map(CardFormat.json)))
            return
        }
        let titles = Dictionary(uniqueKeysWithValues: try store.templates(clock: clock).map { ($0.template.id, $0.template.title) })
        var out: [String] = []
        for bucket in only.map({ [$0] }) ?? Bucket.allCases {
            let cards = tasks.filter { $0.bucket == bucket }
            out.append("\(bucket.title) (\(cards.count))")
            out += cards.map { CardFormat.line($0, templateTitles: titles, clock: clock) }
        }
        printOut(out.joined(separator: "\n"))
    }
}
