@testable import BoardStore
import Foundation
import Testing

/// Labels split without a decoder read exactly what a decoder reads.
@Suite struct JSONColumnTests {
    @Test func theSplitAgreesWithTheDecoder() throws {
        let texts = [#"[]"#, #"["home"]"#, #"["home","work"]"#, #"["a", "b"]"#, #"["a\",\"b","c"]"#, #"["日本","é/x","🍞"]"#,
                     #"["",""]"#, #"["x\\y"]"#, #"[ "spaced" ]"#]
        for text in texts {
            let decoded = try JSONDecoder().decode([String].self, from: Data(text.utf8))
            #expect(try JSONColumn.strings(text) == decoded, "\(text)")
        }
        // Written the way GRDB's own encoding writes them.
        #expect(try JSONColumn.text(["a/b", "é"]) == #"["a\/b","é"]"#)
        #expect(try JSONColumn.text([String]()) == "[]")
    }
}
