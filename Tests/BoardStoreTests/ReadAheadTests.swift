@testable import BoardStore
import Foundation
import Testing

/// The read-ahead of an import hands over what its thread made, in order, with the maker's
/// failure in its place, and stops its thread when the caller stops.
@Suite struct ReadAheadTests {
    struct Broken: Error, Equatable { let at: Int }

    /// A maker of 0, 1, 2 … that fails at `failAt`, and how many it was asked for.
    final class Counter: @unchecked Sendable {
        let count: Int, failAt: Int?
        private(set) var asked = 0
        init(count: Int, failAt: Int? = nil) { (self.count, self.failAt) = (count, failAt) }
        func make() throws -> Int? {
            defer { asked += 1 }
            if asked == failAt { throw Broken(at: asked) }
            return asked < count ? asked : nil
        }
    }

    @Test(arguments: [0, 1, 255, 256, 257, 10_000])
    func everyElementComesInOrder(count: Int) throws {
        let counter = Counter(count: count)
        let taken = try ReadAhead.run(limit: 300, make: counter.make) { ahead in
            var taken: [Int] = []
            while let n = try ahead.next() { taken.append(n) }
            #expect(try ahead.next() == nil, "the end stays the end")
            return taken
        }
        #expect(taken == Array(0..<count))
    }

    @Test func aFailureComesAfterEveryElementBeforeIt() throws {
        let counter = Counter(count: 10_000, failAt: 700)
        var taken: [Int] = []
        #expect(throws: Broken(at: 700)) {
            try ReadAhead.run(limit: 300, make: counter.make) { ahead in
                while let n = try ahead.next() { taken.append(n) }
            }
        }
        #expect(taken == Array(0..<700))
        #expect(counter.asked == 701, "nothing is made after the failure")
    }

    @Test func aCallerThatStopsStopsTheMaker() throws {
        let counter = Counter(count: 1_000_000)
        let first = try ReadAhead.run(limit: 300, make: counter.make) { ahead in try ahead.next() }
        #expect(first == 0)
        // The maker stops at its limit, a batch or two past it: nowhere near the million.
        #expect(counter.asked < 2_000, "\(counter.asked)")
    }

    @Test func theCallersFailureIsTheOneThrown() {
        let counter = Counter(count: 1_000_000)
        #expect(throws: Broken(at: -1)) {
            try ReadAhead.run(limit: 300, make: counter.make) { ahead in
                _ = try ahead.next()
                throw Broken(at: -1)
            }
        }
    }
}
