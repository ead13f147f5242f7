import Foundation
import Testing

/// Inputs that once crashed an import (a trap or a stack overflow) are refused in one line with
/// their place and rule, exit 2, and nothing is written.
@Suite struct ImportCrashTests {
    func refused(_ arguments: [String], stdin: String) throws -> String {
        let board = try BoardFile()
        try board.create()
        let r = try board.run(arguments, stdin: stdin)
        #expect(r.status == 2, "\(arguments): status \(r.status), \(r.stderr.prefix(300))")
        #expect(r.stderr.split(separator: "\n").count == 1 && r.stderr.utf8.count < 400, "one short line: \(r.stderr.prefix(300))")
        #expect(try board.cards().isEmpty, "nothing written")
        return r.stderr
    }

    @Test(arguments: ["P99999999999999999W", "PT99999999999999999999M", "P9999999999W"])
    func aDurationTooLongForAnyNumberIsRefused(duration: String) throws {
        let calendar = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VTODO\r\nUID:1\r\nSUMMARY:Long\r\nDTSTART:20261121T080000Z\r\nDURATION:\(duration)\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
        let error = try refused(["import", "ics", "-", "--dry-run"], stdin: calendar)
        #expect(error.hasPrefix("error: line 7") || error.contains("duration"), "\(error)")
    }

    @Test(arguments: ["-1", "-5", "1e300", "9223372036854775807", "\"-3\""])
    func aChildsPlaceOutOfRangeIsRefused(imask: String) throws {
        let export = """
            [{"uuid":"a1","status":"recurring","description":"Water","due":"20261120T080000Z","recur":"daily","mask":"-"},
             {"uuid":"b2","status":"pending","description":"Water","due":"20261121T080000Z","parent":"a1","imask":\(imask)}]
            """
        let error = try refused(["import", "taskwarrior", "-"], stdin: export)
        #expect(error == "error: tasks[1].imask: must be a child's place from 0 to 100000\n", "\(error)")
    }

    @Test func aDocumentNestedDeeperThanAnyBoardsIsRefusedNotOverflowed() throws {
        let depth = 70_000
        let document = String(repeating: "{\"a\":", count: depth) + "1" + String(repeating: "}", count: depth)
        let error = try refused(["import", "-"], stdin: document)
        #expect(error.hasPrefix("error: document: nests deeper than 512 levels"), "\(error)")
    }
}

/// A refusal of a long value says it in one short line, however long the value.
@Suite struct LongValueRefusalTests {
    /// The echo is 40 characters as the terminal shows them: 13 "a\n" and an "a".
    @Test func aMegabyteBucketOfLineBreaksIsRefusedInOneShortLine() throws {
        let board = try BoardFile()
        try board.create()
        let bucket = String(repeating: "a\n", count: 500_000)
        let card: [String: Any] = ["id": "c1", "title": "x", "description": "", "labels": [String](), "bucket": bucket, "position": 0,
                                   "priority": 0, "completed": false, "exceptions": [String](), "checklist": [String]()]
        let document = String(decoding: try JSONSerialization.data(withJSONObject: [card]), as: UTF8.self)
        let r = try board.run(["import", "-"], stdin: document)
        #expect(r.status == 2)
        #expect(r.stderr == "error: cards[0].bucket: unknown bucket '\(String(repeating: "a\\n", count: 13))a…'; use this-week, weekend, next-week, next-month, routines\n",
                "\(r.stderr.prefix(300))")
    }
}
