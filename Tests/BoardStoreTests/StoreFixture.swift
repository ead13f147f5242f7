import BoardModel
import BoardStore
import Foundation
import GRDB

/// A board for one test: in memory (GRDB's `DatabaseQueue`), as unit tests of the store are, or
/// `onDisk`, a real file in a fresh temporary folder, for what needs a file (a second process, the watcher).
struct StoreFixture {
    let path: String
    let store: BoardStore

    init(onDisk: Bool = false) throws {
        guard onDisk else {
            path = ":memory:"
            store = try BoardStore(try DatabaseQueue(configuration: BoardDatabase.configuration))
            return
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("board-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        path = directory.appendingPathComponent("board.sqlite").path
        store = try BoardStore.open(path: path)
    }
}

let paris = TimeZone(identifier: "Europe/Paris")!

/// The clock at a local wall time in Paris (or `zone`).
func clock(_ iso: String, _ zone: TimeZone = paris) -> BoardClock {
    BoardClock(local: LocalDateTime(iso: iso)!, zone: zone)
}

func date(_ iso: String) -> LocalDate { LocalDate(iso: iso)! }

func rule(_ phrase: String) throws -> RecurrenceRule {
    try RecurrencePhrase(parsing: phrase, today: date("2026-11-21")).rule
}

extension BoardStore {
    func occurrences(of templateId: String) throws -> [CardRecord] {
        try cards.list().filter { $0.templateId == templateId }.sorted { $0.occurrenceDate! < $1.occurrenceDate! }
    }
}
