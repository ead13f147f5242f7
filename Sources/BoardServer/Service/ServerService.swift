import BoardCLI
import BoardModel
import BoardSync
import Foundation
import Logging
import ServiceLifecycle

/// `board server run` as one service under swift-service-lifecycle (ARCHITECTURE.md §21): the
/// replica, the realtime channel when it listens, and reminders when it sends them, side by side.
/// SIGTERM or SIGINT stops it: the pass in flight finishes (or, past `stopWithin`, is abandoned with
/// its connection, nothing of it committed), the streams end, and it returns.
public struct ServerService: Service, CustomStringConvertible {
    let replica: ServerReplica
    let realtime: ServerListener?
    let delivery: ServerDelivery?
    let log: Logger
    public let metrics = ServerMetrics()
    public let health: ServerHealth

    public var description: String { "board server run" }

    /// Seconds a stop may take to finish the pass in flight before it is abandoned.
    public static let stopWithin = 3.0

    public init(replica: ServerReplica, realtime: ServerListener?, delivery: ServerDelivery?, maxLag: Double, log: Logger) {
        self.replica = replica
        self.realtime = realtime
        var delivery = delivery
        delivery?.metrics = metrics
        self.delivery = delivery
        self.log = log
        health = ServerHealth(maxLag: maxLag)
    }

    /// Lets the calling thread hear SIGTERM and SIGINT: a process may be started with them blocked
    /// (a test runner's children are), and one that can't hear them can't stop cleanly. Called on
    /// the main thread before the service starts.
    public static func hearStopSignals() {
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGTERM)
        sigaddset(&signals, SIGINT)
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
    }

    /// Runs until SIGTERM or SIGINT, then stops as the type says.
    public func runUntilStopped() async throws {
        var configuration = ServiceGroupConfiguration(
            services: [.init(service: self)], gracefulShutdownSignals: [.sigterm, .sigint], logger: log)
        configuration.maximumGracefulShutdownDuration = .seconds(Self.stopWithin)
        configuration.maximumCancellationDuration = .seconds(1)
        try await ServiceGroup(configuration: configuration).run()
    }

    public func run() async throws {
        let stop = Flag(), moved = Flag()
        log.info("Replicas of every person's board in \(replica.folder.escapedForTerminal) (--state; only this user can read them)")
        await withGracefulShutdownHandler {
            await withTaskGroup(of: Void.self) { group in
                group.addTask { await runReplica(stop: stop, moved: moved) }
                if let realtime { group.addTask { await serve(realtime, stop: stop) } }
                if let delivery { group.addTask { await remind(delivery, stop: stop, woken: moved) } }
            }
        } onGracefulShutdown: {
            log.info("Stopping: the pass in flight finishes, the streams end")
            stop.set()
        }
        log.info(Task.isCancelled ? "Stopped: the pass in flight was abandoned after \(Int(Self.stopWithin)) s, nothing of it kept; the next start makes it again" : "Stopped")
    }

    private func runReplica(stop: Flag, moved: Flag) async {
        await replica.run(stop: stop, passed: { people, seconds in
            var changes = 0
            health.passed(people)
            for person in people {
                changes += person.changes
                if let problem = person.problem { log.error("\(person.person): \(problem)") }
                if person.changes > 0 {
                    realtime?.tablesMoved(person.channel)
                    log.info("\(person.person): \(person.changes) \(person.changes == 1 ? "change" : "changes") in, tables through \(person.through)")
                }
            }
            metrics.passed(seconds: seconds, changes: changes)
            log.debug("pass in \(Int(seconds * 1000)) ms (\(people.count) \(people.count == 1 ? "person" : "people") moved)")
            moved.set()
        }, notified: { channel in
            realtime?.poke(channel)
        }, problem: { error, retry in
            let words = (error as? SyncError)?.description ?? "\(error)"
            metrics.passFailed()
            health.failed(words)
            log.error("\(words) (again in \(Int(retry)) s)")
        })
    }

    /// The realtime channel for as long as the server runs: a failure to listen (the port taken)
    /// is said and tried again, as the replica's connection is.
    private func serve(_ realtime: ServerListener, stop: Flag) async {
        var backoff = Backoff.reconnect
        while !Task.isCancelled && !stop.isSet {
            let listened = Flag()
            do {
                try await realtime.serve(replica: replica, stop: stop, metrics: metrics, health: health) { port, address in
                    listened.set()
                    log.info("Realtime channel on \(realtime.host.contains(":") ? "[\(realtime.host)]" : realtime.host):\(port), devices told \(address)")
                }
            } catch {
                if listened.take() { backoff.reset() }
                let retry = backoff.next()
                log.error("realtime channel: \((error as? SyncError)?.description ?? "\(error)") (again in \(Int(retry)) s)")
                await stop.wait(atMost: retry)
            }
        }
    }

    /// A reminder pass every minute, and at once when a reminder comes due sooner or a person's
    /// tables moved (a card just given a time); a failed pass is said and tried again.
    private func remind(_ delivery: ServerDelivery, stop: Flag, woken: Flag) async {
        let reminders = ServerReminders(replica: replica)
        var due = Date()
        while !Task.isCancelled && !stop.isSet {
            if woken.take() || Date() >= due {
                due = Date().addingTimeInterval(60)
                do {
                    let pass = try await delivery.pass(reminders, now: Date())
                    if let next = pass.next { due = min(due, next) }
                    if !pass.failed.isEmpty { log.error("\(NotifierFailure(titles: pass.failed))") }
                } catch {
                    log.error("reminders: \((error as? SyncError)?.description ?? "\(error)")")
                }
            }
            // Asleep until a person's tables move, the next reminder (at most the minute) comes, or the server stops.
            await Flag.wait(for: [woken, stop], atMost: due.timeIntervalSinceNow)
        }
    }
}
