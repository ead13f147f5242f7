import BoardModel
@testable import BoardStore
import Foundation
import Testing

/// Labels split without a decoder read exactly what a decoder reads.
@Suite struct JSONColumnTests {
    @Test func theSplitAgreesWithTheDecoder() throws {
        let texts = [#"[]"#, #"["home"]"#, #"["home","work"]"#, #"["a", "b"]"#, #"["a\",\"b","c"]"#, #"["日本","é/x","🍞"]"#,
                     #"["",""]"#, #"["x\\y"]"#, #"[ "spaced" ]"#, #"["a","b" ,"c"]"#, #"["a",  "b"]"#, #"[""]"#]
        for text in texts {
            let decoded = try JSONDecoder().decode([String].self, from: Data(text.utf8))
            #expect(try JSONColumn.strings(text, column: "labels") == decoded, "\(text)")
        }
        // What the decoder refuses, the column refuses (the split took a raw control character).
        #expect(throws: JSONColumn.Unreadable.self) { try JSONColumn.strings("[\"a\u{1}\"]", column: "labels") }
        // Written the way GRDB's own encoding writes them.
        #expect(JSONColumn.text(["a/b", "é"]) == #"["a\/b","é"]"#)
        #expect(JSONColumn.text([String]()) == "[]")
    }

    @Test func writtenArraysAreWhatGRDBsEncoderWrites() throws {
        var g = SystemRandomNumberGenerator()
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        for _ in 0..<1_000 {
            let strings = (0..<Int.random(in: 0...3, using: &g)).map { _ in CardJSONTests.text(&g) }
            #expect(JSONColumn.text(strings) == String(decoding: try encoder.encode(strings), as: UTF8.self))
            let items = strings.map { ChecklistItem($0, done: Bool.random(using: &g)) }
            #expect(JSONColumn.text(items) == String(decoding: try encoder.encode(items), as: UTF8.self))
            #expect(try JSONColumn.strings(JSONColumn.text(strings), column: "labels") == strings)
        }
        #expect(JSONColumn.text([CardField.title, .bucket]) == #"["title","bucket"]"#)
    }
}
