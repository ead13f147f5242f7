@testable import BoardTUI
import TestSupport
import Testing

/// The one input parser: keys from what terminals send, never a key from inside a terminal's
/// reply or a paste, whatever the bytes and however they are split.
@Suite struct InputDecoderTests {
    func keys(_ text: String, timedOut: Bool = true) -> [Key] {
        var decoder = InputDecoder()
        return decoder.decode(Array(text.utf8)) + (timedOut ? decoder.timedOut() : [])
    }

    @Test func cursorAndEditingKeysInEveryFormTerminalsSendThem() {
        #expect(keys("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D") == [.up, .down, .right, .left])
        #expect(keys("\u{1B}OA\u{1B}OB\u{1B}OC\u{1B}OD\u{1B}OH\u{1B}OF") == [.up, .down, .right, .left, .home, .end])
        #expect(keys("\u{1B}[1;2C\u{1B}[1;2D\u{1B}[1;5C") == [.shiftRight, .shiftLeft], "Ctrl-→ is no key here")
        #expect(keys("\u{1B}[H\u{1B}[F\u{1B}[1~\u{1B}[4~\u{1B}[7~\u{1B}[8~") == [.home, .end, .home, .end, .home, .end])
        #expect(keys("\u{1B}[3~\u{1B}[5~\u{1B}[6~\u{1B}[Z") == [.delete, .pageUp, .pageDown, .backTab])
        #expect(keys("\r\n\t\u{7F}\u{08}\u{01}\u{12}") == [.enter, .enter, .tab, .backspace, .backspace, .control("a"), .control("r")])
        #expect(keys("\u{00}\u{1C}\u{1F}") == [], "Ctrl-@ and FS–US are no keys")
    }

    @Test func charactersArriveWholeHoweverTheBytesAreSplit() {
        let text = "aé茶👨‍👩‍👧b"
        let bytes = Array(text.utf8)
        for cut in 0...bytes.count {
            var decoder = InputDecoder()
            let got = decoder.decode(bytes[..<cut]) + decoder.decode(bytes[cut...])
            #expect(got == text.unicodeScalars.map { .character(Character($0)) }, "cut at \(cut)")
        }
        var decoder = InputDecoder()
        #expect(decoder.decode([0x61, 0xFF, 0x62, 0xE2, 0x82, 0x63, 0xC2, 0x85]) == [.character("a"), .character("b"), .character("c")],
                "invalid bytes and a C1 control are dropped, the rest kept")
    }

    @Test func altKeysAndUnknownSequencesAreNoKeys() {
        #expect(keys("\u{1B}d\u{1B}é\u{1B}[9x\u{1B}Ot\u{1B}[?1;2c\u{1B}[I\u{1B}[O\u{1B}[97;5u") == [])
        #expect(keys("x\u{1B}[99~y") == [.character("x"), .character("y")])
    }

    @Test func aLoneEscIsEscOnlyWhenNothingFollows() {
        var decoder = InputDecoder()
        #expect(decoder.decode(Array("\u{1B}".utf8)) == [])
        #expect(decoder.patience == 25)
        #expect(decoder.timedOut() == [.escape])
        #expect(decoder.patience == nil)
        #expect(keys("\u{1B}\u{1B}[B") == [.escape, .down], "Esc, then ↓")
        // Alt+key comes in one write; Esc and a key in two reads are Esc and the key. A sequence
        // split after its ESC still continues.
        var split = InputDecoder()
        #expect(split.decode(Array("\u{1B}".utf8)) + split.decode(Array("d".utf8)) == [.escape, .character("d")])
        #expect(split.decode(Array("\u{1B}".utf8)) + split.decode(Array("[A".utf8)) == [.up])
        #expect(split.decode(Array("\u{1B}".utf8)) + split.decode(Array("]0;x\u{07}k".utf8)) == [.character("k")])
    }

    /// Issue: a DCS reply (XTGETTCAP) quit the board, an OSC colour reply opened Habits, a title
    /// report opened the card form.
    @Test(arguments: [
        "\u{1B}P+q544e\u{1B}\\", "\u{1B}]11;rgb:0000/0000/0000\u{1B}\\", "\u{1B}[2J\u{1B}]0;pwned\u{07}",
        "\u{1B}]52;c;cXVpdA==\u{07}", "\u{1B}_Gi=1;OK\u{1B}\\", "\u{1B}^private\u{1B}\\", "\u{1B}Xsos q\u{1B}\\",
        "\u{1B}P1$r0m\u{1B}\\", "\u{1B}]10;rgb:ffff/ffff/ffff\u{18}", "\u{1B}Pq\u{1A}",
    ])
    func terminalRepliesAreNeverKeys(reply: String) {
        #expect(keys("j" + reply + "k") == [.character("j"), .character("k")], "\(reply.debugDescription)")
    }

    @Test func aBracketedPasteIsOneEventWithWhateverItHolds() {
        #expect(keys("\u{1B}[200~Paste test\nzzz\u{01}\u{1B}[201~q") == [.paste("Paste test\nzzz\u{01}"), .character("q")])
        #expect(keys("\u{1B}[200~a\u{1B}[20b\u{1B}\u{1B}[201~") == [.paste("a\u{1B}[20b\u{1B}")], "an ESC inside is text")
        #expect(keys("\u{1B}[200~\u{1B}[201~") == [], "an empty paste")
        let long = String(repeating: "x", count: 1000)
        let bytes = Array("\u{1B}[200~\(long)\u{1B}[201~".utf8)
        for cut in stride(from: 0, through: bytes.count, by: 7) {
            var decoder = InputDecoder()
            #expect(decoder.decode(bytes[..<cut]) + decoder.decode(bytes[cut...]) == [.paste(long)], "cut at \(cut)")
        }
        var decoder = InputDecoder()
        _ = decoder.decode(Array("\u{1B}[200~half a paste".utf8))
        #expect(decoder.timedOut() == [.paste("half a paste")], "a paste whose end never came is given as far as it came")
        var huge = InputDecoder()
        let got = huge.decode(Array("\u{1B}[200~".utf8) + Array(repeating: 0x61, count: InputDecoder.pasteLimit * 3) + Array("\u{1B}[201~".utf8))
        #expect(got == [.paste(String(repeating: "a", count: InputDecoder.pasteLimit))])
    }

    @Test func mouseReportsInBothEncodings() {
        #expect(keys("\u{1B}[M !!") == [.click(x: 0, y: 0)])
        #expect(keys("\u{1B}[M\u{20}\u{2A}\u{25}\u{1B}[M#**") == [.click(x: 9, y: 4)], "a release is no key")
        #expect(keys("\u{1B}[<0;10;5M\u{1B}[<0;10;5m\u{1B}[<32;11;5M") == [.click(x: 9, y: 4)], "release and drag are no keys")
        #expect(keys("\u{1B}[<64;1;1M\u{1B}[<65;1;1M") == [.up, .down], "the wheel")
        #expect(keys("\u{1B}[M") == [], "a report cut short")
    }

    /// 10^6 random bytes, in reads of random sizes: no trap, and the decoder never holds more than
    /// its bounds however long a sequence runs.
    @Test func randomBytesNeverTrap() {
        var random = SeededGenerator(seed: 29)
        var decoder = InputDecoder()
        var produced = 0
        var remaining = 1_000_000
        while remaining > 0 {
            let size = min(remaining, Int.random(in: 1...300, using: &random))
            // Bytes that start sequences often, so that every state is visited.
            let chunk = (0..<size).map { _ in
                Bool.random(using: &random) ? UInt8.random(in: 0...255, using: &random)
                    : Array("\u{1B}[O]P_^X;<~M\u{07}\\01\u{18}2".utf8).randomElement(using: &random)!
            }
            produced += decoder.decode(chunk).count
            if Int.random(in: 0..<50, using: &random) == 0 { produced += decoder.timedOut().count }
            remaining -= size
        }
        #expect(produced > 0)
    }

    /// Random mixes of keys, replies and pastes, encoded as terminals send them and split at random
    /// points: exactly the keys and pastes come out, nothing from inside a reply.
    @Test func randomMixesSplitAnywhereGiveExactlyTheirKeys() {
        var random = SeededGenerator(seed: 31)
        for round in 0..<2_000 {
            var bytes: [UInt8] = [], expected: [Key] = []
            for _ in 0..<Int.random(in: 1...12, using: &random) {
                let (encoded, key) = Self.token(&random)
                bytes += encoded
                if let key { expected.append(key) }
            }
            var decoder = InputDecoder(), got: [Key] = []
            var start = 0
            while start < bytes.count {
                let end = min(bytes.count, start + Int.random(in: 1...16, using: &random))
                got += decoder.decode(bytes[start..<end])
                start = end
            }
            got += decoder.timedOut()
            #expect(got == expected, "round \(round): \(String(decoding: bytes, as: UTF8.self).debugDescription)")
            if got != expected { return }
        }
    }

    /// One thing a terminal sends, and the key it must give (nil: none).
    static func token(_ random: inout SeededGenerator) -> ([UInt8], Key?) {
        func payload(excluding: Set<UInt8>) -> [UInt8] {
            (0..<Int.random(in: 0...40, using: &random)).map { _ in
                var byte: UInt8
                repeat { byte = UInt8.random(in: 0...255, using: &random) } while excluding.contains(byte)
                return byte
            }
        }
        let plain: [(String, Key)] = [("j", .character("j")), ("é", .character("é")), ("\r", .enter), ("\u{1B}[A", .up),
                                      ("\u{1B}OB", .down), ("\u{1B}[3~", .delete), ("\u{1B}[6~", .pageDown), ("\u{7F}", .backspace),
                                      ("\u{1B}[<0;3;4M", .click(x: 2, y: 3)), ("茶", .character("茶"))]
        switch Int.random(in: 0..<4, using: &random) {
        case 0, 1:
            let (text, key) = plain.randomElement(using: &random)!
            return (Array(text.utf8), key)
        case 2:
            // A reply: DCS, OSC, SOS, PM or APC with a payload free of its terminators and cancels.
            let introducer = Array("P]X^_".utf8).randomElement(using: &random)!
            let terminator: [UInt8] = Bool.random(using: &random) ? [0x1B, 0x5C] : [0x07]
            return ([0x1B, introducer] + payload(excluding: [0x1B, 0x07, 0x18, 0x1A]) + terminator, nil)
        default:
            // A paste of anything but its end marker's ESC.
            let text = payload(excluding: [0x1B])
            let pasted = String(decoding: text, as: UTF8.self)
            return (Array("\u{1B}[200~".utf8) + text + Array("\u{1B}[201~".utf8), text.isEmpty ? nil : .paste(pasted))
        }
    }
}
