import Foundation

/// Where async work leaves its result for the waiting thread.
private final class ResultBox<T>: @unchecked Sendable { var result: Result<T, any Error>? }

/// Runs async work to its end from synchronous code on a thread that may wait: a command's `run`,
/// or a pull's reading thread (`SyncRound`). Never from one of Swift's cooperative threads, whose
/// waiting could starve the work it waits for.
public func waitFor<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) throws -> T {
    let outcome = ResultBox<T>(), done = DispatchSemaphore(value: 0)
    Task {
        do { outcome.result = .success(try await work()) } catch { outcome.result = .failure(error) }
        done.signal()
    }
    done.wait()
    return try outcome.result!.get()
}

/// Runs synchronous work that waits (a pull taken in while its next batch is read) on a thread of
/// its own, off the cooperative threads; its result once it is done.
func onThreadOfItsOwn<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try work() }) }.start()
    }
}
