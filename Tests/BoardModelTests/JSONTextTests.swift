import TestSupport
import BoardModel
import Foundation
import Testing

/// The hand-made reader of field changes' JSON (ARCHITECTURE.md §13) reads what Foundation writes,
/// escapes of every kind included, and refuses what is not JSON.
@Suite struct JSONTextTests {
    static let alphabet: [Unicode.Scalar] = ["a", "Z", " ", "\"", "\\", "/", "\n", "\t", "\u{0}", "\u{1B}", "\u{7F}", "é", "€", "😀", "\u{202E}", "\u{200D}"]

    func randomString(_ rng: inout SeededGenerator) -> String {
        var scalars = String.UnicodeScalarView()
        for _ in 0..<Int.random(in: 0..<12, using: &rng) { scalars.append(Self.alphabet.randomElement(using: &rng)!) }
        return String(scalars)
    }

    @Test func readsEveryStringFoundationWrites() throws {
        var rng = SeededGenerator(seed: 27)
        for _ in 0..<2_000 {
            let text = randomString(&rng)
            let json = String(decoding: try JSONEncoder().encode(text), as: UTF8.self)
            #expect(JSONText.unquoted(json) == text, "\(json)")
            // Every character as a \u escape (surrogate pairs for the astral ones), as other writers do.
            let escaped = "\"" + text.utf16.map { String(format: "\\u%04x", $0) }.joined() + "\""
            #expect(JSONText.unquoted(escaped) == text, "\(escaped)")
        }
    }

    /// Found by the change fuzz target: JSON's spaces around a value, which Foundation allows, were refused.
    @Test func spacesAroundAValueAreJSONs() {
        #expect(JSONText.unquoted(" \"\" ") == "" && JSONText.unquoted("\n\t\"a\"\r") == "a")
        let row: [String: String?] = ["a": "b", "c": nil]
        #expect(JSONText.flatObject(" { \"a\" : \"b\" , \"c\" : null } ") == row && JSONText.flatObject("{} ") == [:])
        #expect(JSONText.unquoted("\u{0B}\"a\"") == nil, "a vertical tab is not one of JSON's spaces")
    }

    @Test func readsRowObjectsOfJSONTextInsideJSON() throws {
        var rng = SeededGenerator(seed: 28)
        for _ in 0..<500 {
            var object: [String: String?] = [:]
            for _ in 0..<Int.random(in: 0..<6, using: &rng) {
                let inner = String(decoding: try JSONEncoder().encode(randomString(&rng)), as: UTF8.self)
                object[randomString(&rng)] = Bool.random(using: &rng) ? inner : nil
            }
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            let json = String(decoding: try encoder.encode(object), as: UTF8.self)
            #expect(JSONText.flatObject(json) == object, "\(json)")
        }
    }

    @Test(arguments: ["", "\"", "\"abc", "\"a\\q\"", "\"\\u12\"", "\"\\ud800\"", "\"\\udc00\\u0041\"", "\"a\"b", "{\"a\":1}", "{\"a\":\"b\"", "{\"a\"\"b\"}", "[\"a\"]",
                      // A raw control character is not JSON (the reader took it before it was JSONString).
                      "\"a\u{1}\"", "{\"a\":\"\u{7}\"}"])
    func refusesWhatIsNotOneOfItsShapes(text: String) {
        #expect(JSONText.unquoted(text) == nil || text.hasPrefix("{") || text.hasPrefix("["))
        #expect(JSONText.flatObject(text) == nil)
    }
}
