import Foundation
import Hummingbird

/// Each client address held to a rate (ARCHITECTURE.md §22): a bucket of `burst` requests that
/// refills at `perSecond`; past it, 429 with Retry-After, and the request is never handled. A
/// calendar polls every few minutes and a device opens one stream, so only a flood is turned away.
struct RateLimit: RouterMiddleware {
    typealias Context = ListenerContext

    let perSecond: Double
    let burst: Double
    let buckets = Buckets()

    init(perSecond: Double = 20, burst: Double = 100) {
        self.perSecond = perSecond
        self.burst = burst
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard buckets.take(context.clientAddress ?? "", now: ContinuousClock.now, perSecond: perSecond, burst: burst) else {
            return .words(.tooManyRequests, "too many requests from this address; try again in a few seconds", headers: [.retryAfter: "5"])
        }
        return try await next(request, context)
    }

    /// The buckets by address, forgotten once full again so a scan of many addresses keeps no memory.
    final class Buckets: @unchecked Sendable {
        private let lock = NSLock()
        private var levels: [String: (tokens: Double, at: ContinuousClock.Instant)] = [:]
        private var swept = ContinuousClock.now

        func take(_ address: String, now: ContinuousClock.Instant, perSecond: Double, burst: Double) -> Bool {
            lock.withLock {
                if now - swept > .seconds(60) {
                    levels = levels.filter { $0.value.tokens + seconds(now - $0.value.at) * perSecond < burst }
                    swept = now
                }
                let (tokens, at) = levels[address] ?? (burst, now)
                let level = min(burst, tokens + seconds(now - at) * perSecond)
                guard level >= 1 else {
                    levels[address] = (level, now)
                    return false
                }
                levels[address] = (level - 1, now)
                return true
            }
        }

        private func seconds(_ duration: Duration) -> Double {
            Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        }
    }
}
