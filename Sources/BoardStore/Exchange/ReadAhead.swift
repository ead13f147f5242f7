import Foundation

/// Elements made on a thread of their own while the caller works on the ones before: an import
/// reads and checks the next cards while SQLite writes the last ones (ARCHITECTURE.md §11), a
/// pull reads and checks its next batch while the one before is taken in (§13).
/// The caller sees them in order, and a failure of the maker where it happened, after every
/// element before it; when the caller stops early, the maker stops too.
final class ReadAhead<Element>: @unchecked Sendable {
    private let condition = NSCondition()
    /// Made and not yet handed over; the maker waits while there are `limit` of them.
    private var ready: [Element] = []
    private var failure: (any Error)?
    private var made = false, abandoned = false
    private let limit: Int, handOver: Int
    /// The caller's share, taken from `ready` all at once so it locks once per batch.
    private var taken: [Element] = []
    private var takenIndex = 0

    private init(limit: Int, handOver: Int) { (self.limit, self.handOver) = (limit, handOver) }

    /// Runs `make` on a thread until it returns nil or throws, while `body` takes what it made
    /// with `next()`; returns when both are done, so `make` may use what `body`'s caller holds.
    /// The maker hands over `handOver` elements at a time and waits while `limit` are not taken.
    static func run<T>(limit: Int = 4096, handOver: Int = 256, make: () throws -> Element?, _ body: (ReadAhead) throws -> T) throws -> T {
        try withoutActuallyEscaping(make) { make in
            let ahead = ReadAhead(limit: limit, handOver: handOver)
            let maker = Maker(make)
            let done = DispatchSemaphore(value: 0)
            Thread {
                maker.run(filling: ahead)
                done.signal()
            }.start()
            defer {
                ahead.abandon()
                done.wait()
            }
            return try body(ahead)
        }
    }

    /// The next element, or nil after the last; rethrows the maker's failure in its place.
    func next() throws -> Element? {
        if takenIndex < taken.count {
            defer { takenIndex += 1 }
            return taken[takenIndex]
        }
        condition.lock()
        while ready.isEmpty && !made { condition.wait() }
        swap(&taken, &ready)
        ready.removeAll(keepingCapacity: true)
        let failure = self.failure
        condition.broadcast()
        condition.unlock()
        takenIndex = 0
        if taken.isEmpty {
            if let failure { throw failure }
            return nil
        }
        takenIndex = 1
        return taken[0]
    }

    /// Makes elements in batches, each handed over under the lock, until the end, a failure or
    /// the caller's leaving.
    private func fill(_ make: () throws -> Element?) {
        var batch: [Element] = []
        var finished = false, failure: (any Error)?
        while !finished {
            // Room first: no more is made ahead than `limit` untaken (a pull's batches are large).
            condition.lock()
            while ready.count >= limit && !abandoned { condition.wait() }
            let left = abandoned
            condition.unlock()
            if left { return }
            do {
                while batch.count < handOver, let element = try make() { batch.append(element) }
                finished = batch.count < handOver
            } catch {
                failure = error
                finished = true
            }
            condition.lock()
            while ready.count >= limit && !abandoned { condition.wait() }
            if abandoned {
                condition.unlock()
                return
            }
            ready.append(contentsOf: batch)
            if finished { (made, self.failure) = (true, failure) }
            condition.broadcast()
            condition.unlock()
            batch.removeAll(keepingCapacity: true)
        }
    }

    private func abandon() {
        condition.lock()
        abandoned = true
        condition.broadcast()
        condition.unlock()
    }

    /// The maker, handed to its thread: only that thread calls it, while `run` waits. It lets
    /// go of `make` before the thread says it is done: `withoutActuallyEscaping` checks that
    /// nothing holds the closure when `run` returns, and the thread may outlive its work.
    private final class Maker: @unchecked Sendable {
        private var make: (() throws -> Element?)?

        init(_ make: @escaping () throws -> Element?) { self.make = make }

        func run(filling ahead: ReadAhead) {
            if let make { ahead.fill(make) }
            make = nil
        }
    }
}
