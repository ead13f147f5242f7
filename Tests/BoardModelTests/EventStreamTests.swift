import BoardModel
import Testing

/// The realtime channel's stream as a device reads it: whatever the pieces, the same events.
struct EventStreamTests {
    let sample = Array("event: ready\ndata:\n\n: still here\n\nevent: moved\r\ndata:\r\n\r\nevent:moved\n\nevent: other\ndata: x\n\nevent: moved\n".utf8)

    @Test func readsReadyAndMovedEachEndedByAnEmptyLine() throws {
        var stream = EventStream()
        // The last event has no empty line yet: not dispatched.
        #expect(stream.take(sample) == [.ready, .moved, .moved])
        #expect(stream.take([10]) == [.moved])
    }

    @Test func anyPiecesGiveTheSameEvents() throws {
        for size in 1...sample.count {
            var stream = EventStream(), events: [EventStream.Event] = []
            for start in stride(from: 0, to: sample.count, by: size) {
                let taken = stream.take(sample[start..<min(start + size, sample.count)])
                events += try #require(taken)
            }
            #expect(events == [.ready, .moved, .moved], "pieces of \(size)")
        }
    }

    @Test func aLineLongerThanTheLargestRefusesTheStream() {
        var stream = EventStream()
        #expect(stream.take(Array(repeating: UInt8(ascii: "a"), count: EventStream.largest)) == [])
        #expect(stream.take([UInt8(ascii: "a")]) == nil)
        var whole = EventStream()
        #expect(whole.take(Array(repeating: UInt8(ascii: ":"), count: EventStream.largest) + [10]) == [])
        #expect(whole.take(Array(repeating: UInt8(ascii: ":"), count: EventStream.largest + 1) + [10]) == nil)
    }

    @Test func anEventWithoutItsEmptyLineIsForgottenByTheNextName() {
        var stream = EventStream()
        #expect(stream.take(Array("event: moved\nevent: nothing\n\n".utf8)) == [])
    }
}
