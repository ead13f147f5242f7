import BoardModel
import Foundation
import TestSupport
import Testing

/// The one JSON string reader (`JSONString`) takes what Foundation's decoder takes and refuses
/// what it refuses: raw control bytes, bytes that are not UTF-8, unknown escapes, lone surrogates.
@Suite struct JSONStringTests {
    /// Pieces a literal's bytes are drawn from: text, every escape, broken ones, raw controls and
    /// bytes that are not UTF-8.
    static let pieces: [[UInt8]] = [
        Array("a".utf8), Array("Zé".utf8), Array("😀".utf8), Array(" ".utf8), Array("/".utf8),
        Array(#"\""#.utf8), Array(#"\\"#.utf8), Array(#"\/"#.utf8), Array(#"\n"#.utf8), Array(#"\t"#.utf8), Array(#"\b\f\r"#.utf8),
        Array(#"\u0041"#.utf8), Array(#"\u00e9"#.utf8), Array(#"\u0000"#.utf8), Array(#"\ud83d\ude00"#.utf8),
        Array(#"\ud800"#.utf8), Array(#"\udc00"#.utf8), Array(#"\ud800\u0041"#.utf8), Array(#"\u12"#.utf8), Array(#"\uZZZZ"#.utf8),
        Array(#"\q"#.utf8), Array(#"\"#.utf8), [0x00], [0x09], [0x0A], [0x1F], [0x7F], [0xFF], [0xC3], [0x80], [0xED, 0xA0, 0x80],
    ]

    @Test func takesWhatFoundationTakesAndRefusesWhatItRefuses() throws {
        var rng = SeededGenerator(seed: 41)
        var taken = 0, refused = 0
        for _ in 0..<5_000 {
            var body: [UInt8] = []
            for _ in 0..<Int.random(in: 0..<6, using: &rng) { body += Self.pieces.randomElement(using: &rng)! }
            let json = [UInt8(ascii: "["), UInt8(ascii: "\"")] + body + [UInt8(ascii: "\""), UInt8(ascii: "]")]
            let foundation = try? JSONDecoder().decode([String].self, from: Data(json))
            let direct = Data(json).withUnsafeBytes { bytes -> String? in
                var position = 1
                guard let string = JSONString.read(bytes, at: &position), position == json.count - 1 else { return nil }
                return string
            }
            #expect(direct == foundation?.first, "\(json.map { String(format: "%02x", $0) }.joined(separator: " ")): \(String(describing: direct)) against \(String(describing: foundation))")
            // A Swift string is UTF-8 already: the array reader meets the others' refusals only.
            if let text = String(bytes: json, encoding: .utf8) { #expect(JSONString.array(text) == foundation, "array \(text)") }
            if foundation == nil { refused += 1 } else { taken += 1 }
        }
        #expect(taken > 500 && refused > 500, "both kinds drawn: \(taken) taken, \(refused) refused")
    }

    @Test func anArrayAllowsJSONsSpacesAndNothingElse() {
        #expect(JSONString.array(#"[]"#) == [])
        #expect(JSONString.array(#" [ "a" , "b" ] "#) == ["a", "b"])
        for bad in ["", "[", #"["a""#, #"["a",]"#, #"["a"] x"#, #"[1]"#, #"["a" "b"]"#, #"{"a":"b"}"#] {
            #expect(JSONString.array(bad) == nil, "\(bad)")
        }
    }
}
