import Foundation
import NIOCore

/// A server call that must answer in time (ARCHITECTURE.md §13). A session the server ends at the
/// wrong moment (`pg_terminate_backend` during a query) can leave the driver waiting for an answer
/// that never comes: the call is given up as out of reach when the connection closes or the
/// deadline passes (the work is cancelled and left behind), and the next round starts over from
/// what the board holds.
enum Deadline {
    static func run<T: Sendable>(seconds: Double, server: String, closing: EventLoopFuture<Void>? = nil,
                                 _ work: @escaping @Sendable () async throws -> T) async throws -> T {
        let outcome = Once<T>()
        return try await withCheckedThrowingContinuation { continuation in
            outcome.continuation = continuation
            let task = Task {
                do { outcome.finish(.success(try await work())) } catch { outcome.finish(.failure(error)) }
            }
            closing?.whenComplete { _ in
                if outcome.finish(.failure(SyncError.offline("the server closed the connection", server: server))) { task.cancel() }
            }
            Task {
                try? await Task.sleep(for: .seconds(seconds))
                if outcome.finish(.failure(SyncError.offline("the server stopped answering (\(Int(seconds)) s)", server: server))) { task.cancel() }
            }
        }
    }
}

/// Resumes a continuation once, whoever comes first.
private final class Once<T: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    var continuation: CheckedContinuation<T, any Error>?

    @discardableResult
    func finish(_ result: sending Result<T, any Error>) -> Bool {
        let waiting: CheckedContinuation<T, any Error>? = lock.withLock {
            defer { continuation = nil }
            return continuation
        }
        waiting?.resume(with: result)
        return waiting != nil
    }
}
