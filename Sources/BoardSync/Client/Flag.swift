import Foundation

/// A flag one task sets and others take, or sleep until it is set (ARCHITECTURE.md §19): how every
/// loop of a watch and of the server sleeps without looking on a timer. Setting it may also set
/// another (`waking`), so one sleeper hears several flags.
public final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    private var waiters: [UUID: CheckedContinuation<Void, Never>] = [:]
    private let waking: Flag?

    public init(waking: Flag? = nil) { self.waking = waking }

    public func set() {
        let woken = lock.withLock { () -> [CheckedContinuation<Void, Never>] in
            value = true
            defer { waiters = [:] }
            return Array(waiters.values)
        }
        for waiter in woken { waiter.resume() }
        waking?.set()
    }

    public func take() -> Bool { lock.withLock { defer { value = false }; return value } }

    public var isSet: Bool { lock.withLock { value } }

    /// Returns once the flag is set or `seconds` pass, whichever comes first.
    public func wait(atMost seconds: Double) async {
        await Self.wait(for: [self], atMost: seconds)
    }

    /// Returns once any of `flags` is set or `seconds` pass (never, when infinite), whichever comes first.
    public static func wait(for flags: [Flag], atMost seconds: Double) async {
        await withTaskGroup(of: Void.self) { group in
            for flag in flags { group.addTask { await flag.wait() } }
            if seconds.isFinite { group.addTask { try? await Task.sleep(for: .seconds(max(0, seconds))) } }
            await group.next()
            group.cancelAll()
        }
    }

    /// Returns once the flag is set (at once if it is), leaving it set; or when the task is
    /// cancelled. Any number of tasks may wait.
    public func wait() async {
        let key = UUID()
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let now = lock.withLock { () -> Bool in
                    if value || Task.isCancelled { return true }
                    waiters[key] = continuation
                    return false
                }
                if now { continuation.resume() }
            }
        } onCancel: {
            lock.withLock { waiters.removeValue(forKey: key) }?.resume()
        }
    }
}
