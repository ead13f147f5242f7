import BoardModel
@testable import BoardStore
import Foundation
import Testing

/// The card reader reads what JSONDecoder reads and refuses what it refuses, in the same words.
@Suite struct CardReaderTests {
    func card(_ g: inout SystemRandomNumberGenerator) -> BoardDocument.Card { CardJSONTests.card(&g) }

    /// What the decoder says of `data`, a JSON array of cards, in the reader's words.
    func decoded(_ data: Data) -> Result<[BoardDocument.Card], BoardError> {
        do { return .success(try JSONDecoder().decode([BoardDocument.Card].self, from: data)) } catch let error as DecodingError {
            let described = BoardStore.described(error)
            return .failure(BoardError(Field("cards" + described.field.name), described.problem))
        } catch {
            return .failure(BoardError("?", "\(error)"))
        }
    }

    func read(_ data: Data) -> Result<[BoardDocument.Card], BoardError> {
        do {
            return .success(try CardReader.document(data, check: { _ in }) { _, cards in
                var all: [BoardDocument.Card] = []
                while let (_, card) = try cards.next() { all.append(card) }
                return all
            })
        } catch let error as BoardError {
            return .failure(error)
        } catch {
            return .failure(BoardError("?", "\(error)"))
        }
    }

    @Test func randomCardsReadAsTheDecoderReadsThem() throws {
        var g = SystemRandomNumberGenerator()
        let pretty = BoardDocument.encoder(), compact = JSONEncoder()
        for _ in 0..<300 {
            let cards = (0..<Int.random(in: 0...4, using: &g)).map { _ in card(&g) }
            for encoder in [pretty, compact] {
                let data = try encoder.encode(cards)
                #expect(try read(data).get() == cards)
            }
        }
        // Escapes the encoders never write: \u sequences, surrogate pairs, unknown keys.
        let odd = #"[{"id":"a","title":"\u00e9\ud83c\udf5e\u0041","description":"","labels":[],"bucket":"weekend","position":0,"priority":0,"completed":false,"exceptions":[],"checklist":[],"extra":{"x":[1,2.5e3,null,true]}}]"#
        #expect(try read(Data(odd.utf8)).get()[0].title == "é🍞A")
        #expect(try read(Data(odd.utf8)).get() == decoded(Data(odd.utf8)).get())
    }

    @Test func wrongValuesAreRefusedInTheDecodersWords() throws {
        var g = SystemRandomNumberGenerator()
        let keys = ["id", "title", "description", "labels", "bucket", "position", "due_date", "due_time", "priority", "duration",
                    "completed", "template_id", "series_id", "occurrence_date", "exceptions", "checklist", "remind_before"]
        let wrongs = ["null", "\"text\"", "12", "1.5", "true", "[]", "[1]", "{}", "[{\"done\":1,\"text\":\"a\"}]", "[{\"text\":\"a\"}]"]
        var compared = 0
        for _ in 0..<400 {
            var object = try JSONSerialization.jsonObject(with: try JSONEncoder().encode(card(&g))) as! [String: Any]
            let key = keys.randomElement(using: &g)!
            let wrong = wrongs.randomElement(using: &g)!
            if Bool.random(using: &g) { object.removeValue(forKey: key) } else { object[key] = try JSONSerialization.jsonObject(with: Data(wrong.utf8), options: .fragmentsAllowed) }
            // A good card first, so the wrong one is cards[1].
            let good = try JSONSerialization.jsonObject(with: try JSONEncoder().encode(card(&g)))
            let data = try JSONSerialization.data(withJSONObject: [good, object])
            let expected = decoded(data), actual = read(data)
            switch (expected, actual) {
            case (.success(var a), .success(var b)):
                // A card without an id gets a new one from each reader.
                if a.count == 2, b.count == 2, object["id"] == nil || object["id"] is NSNull { a[1].id = ""; b[1].id = "" }
                #expect(a == b)
            case (.failure(let a), .failure(let b)) where wrong == "1.5" && a.problem.hasPrefix("is not JSON"):
                // The decoder names no field for a fraction in an optional whole number; the reader does.
                #expect(b == BoardError("cards[1].\(key)", "must be a whole number"))
            case (.failure(let a), .failure(let b)):
                // The same field and words; the reader may add ", got null" where the decoder doesn't.
                #expect(a.field == b.field && (a.problem == b.problem || b.problem == a.problem + ", got null"), "\(key) = \(wrong): \(a) / \(b)")
                compared += 1
            default: Issue.record("\(key) = \(wrong): decoder \(expected), reader \(actual)")
            }
        }
        #expect(compared > 100)
        // Not JSON at all: refused as such.
        for text in ["[", "[{\"id\": ", "[{}", "[1,]", "{\"cards\": [{\"id\": \"a\"", "[\"\\x\"]"] {
            guard case .failure(let error) = read(Data(text.utf8)) else { Issue.record("read \(text)"); continue }
            #expect(error.field == "document" || error.field.name.hasPrefix("cards"), "\(text): \(error)")
        }
    }
}
