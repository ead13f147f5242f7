import BoardModel
import Foundation
import Testing

/// How `board import taskwarrior` refuses an export: in taskwarrior's field names and plain words.
@Suite struct TaskwarriorRefusalTests {
    static let zone = TimeZone(identifier: "Europe/Paris")!
    static let today = LocalDate(iso: "2026-11-24")!

    func refusal(_ json: String) -> String? {
        do {
            _ = try TaskwarriorImport.plan(try TaskwarriorTask.tasks(in: Data(json.utf8)), zone: Self.zone, today: Self.today)
            return nil
        } catch { return error.description }
    }

    @Test(arguments: [
        (#"[{\#(task), "tags": "home"}]"#, "tasks[0].tags: must be a list (a JSON array)"),
        (#"[{\#(task), "project": ["home"]}]"#, "tasks[0].project: must be text (a JSON string)"),
        (#"[5]"#, "tasks[0]: must be a task or an annotation (a JSON object)"),
        (#"[{"uuid": "a1", "status": "pending", "description": "x\u0007"}]"#, "tasks[0].description: must not hold control characters such as \\u0007; it is one line (task a1, “x\\u0007”)"),
        (#"[{"uuid": "a1", "status": "pending", "description": ""}]"#, "tasks[0].description: must not be empty (task a1, “”)"),
        (#"[{\#(task), "tags": ["a\u0007"]}]"#, "tasks[0].tags: must not hold control characters such as \\u0007; it is one line (task a1, “x”)"),
        (#"[{\#(task), "project": "a\u0007"}]"#, "tasks[0].project: must not hold control characters such as \\u0007; it is one line (task a1, “x”)"),
    ])
    func refusalsUseTaskwarriorsWords(json: String, message: String) {
        #expect(refusal(json) == message)
    }

    /// Found by the taskwarrior fuzz target: a task given twice was written twice, in turn, so every
    /// import of the same file changed the board.
    @Test func aTaskGivenTwiceIsRefused() {
        let json = #"[{\#(task)}, {"uuid": "b2", "status": "pending", "description": "y"}, {\#(task)}]"#
        #expect(refusal(json) == "tasks[2].uuid: 'a1' is given twice (first at tasks[0]); an export holds each task once")
    }

    /// Found by the fuzz targets: a refusal echoed a whole value.
    @Test func aRefusalEchoesAReadableCut() {
        let long = String(repeating: "z", count: 5_000)
        let files = ["[{" + task + ", \"priority\": \"" + long + "\"}]", "[{" + task + ", \"due\": \"" + long + "\"}]",
                     "[{\"uuid\": \"" + long + "\", \"status\": \"pending\", \"description\": \"\"}]"]
        for json in files {
            #expect((1..<200).contains(refusal(json)?.count ?? 0), "\(refusal(json)?.prefix(80) ?? "taken")")
        }
    }

    /// Found by the taskwarrior fuzz target: the task a refusal names was quoted whole, so a long
    /// description (or 140 DEL bytes, each shown as \u007F) made a refusal of 849 characters.
    @Test func theTaskARefusalNamesIsQuotedCut() {
        for description in [String(repeating: "z", count: 5_000) + "\\u0007", String(repeating: "\\u007f", count: 140)] {
            let json = #"[{"uuid": "a1", "status": "pending", "description": ""# + description + #""}]"#
            let message = refusal(json) ?? ""
            #expect((1..<200).contains(message.count), "\(message.prefix(120))")
        }
    }
}

private let task = #""uuid": "a1", "status": "pending", "description": "x""#
