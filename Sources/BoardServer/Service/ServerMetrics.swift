import CoreMetrics
import Foundation
import Prometheus

/// What `GET /metrics` tells a Prometheus scraper about `board server run` (ARCHITECTURE.md §21):
/// counted through swift-metrics into a registry of this process's own, written in Prometheus's
/// text format by swift-prometheus. Each person's lag is read from the database at each scrape, so
/// it is true even while the replica is stuck.
public final class ServerMetrics: Sendable {
    let registry = PrometheusCollectorRegistry()
    private let factory: PrometheusMetricsFactory
    private let passes: CoreMetrics.Counter
    private let passDuration: CoreMetrics.Timer
    private let changes: CoreMetrics.Counter
    private let passFailures: CoreMetrics.Counter
    private let streams: CoreMetrics.Meter
    private let ticketsRefused: CoreMetrics.Counter
    private let remindersDelivered: CoreMetrics.Counter
    private let remindersFailed: CoreMetrics.Counter

    public init() {
        var factory = PrometheusMetricsFactory(registry: registry)
        factory.durationHistogramBuckets["board_replica_pass_duration_seconds"] =
            [.milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50), .milliseconds(100), .milliseconds(250),
             .milliseconds(500), .seconds(1), .seconds(2.5), .seconds(5), .seconds(10), .seconds(30)]
        self.factory = factory
        passes = CoreMetrics.Counter(label: "board_replica_passes_total", factory: factory)
        passDuration = CoreMetrics.Timer(label: "board_replica_pass_duration_seconds", preferredDisplayUnit: .seconds, factory: factory)
        changes = CoreMetrics.Counter(label: "board_replica_changes_total", factory: factory)
        passFailures = CoreMetrics.Counter(label: "board_replica_pass_failures_total", factory: factory)
        streams = CoreMetrics.Meter(label: "board_realtime_streams", factory: factory)
        ticketsRefused = CoreMetrics.Counter(label: "board_realtime_tickets_refused_total", factory: factory)
        remindersDelivered = CoreMetrics.Counter(label: "board_reminders_delivered_total", factory: factory)
        remindersFailed = CoreMetrics.Counter(label: "board_reminders_failed_total", factory: factory)
    }

    /// A pass of the replica that ended, how long it took and how many changes it took in.
    func passed(seconds: Double, changes: Int) {
        passes.increment()
        passDuration.recordNanoseconds(Int64(seconds * 1e9))
        self.changes.increment(by: changes)
    }

    /// A pass that could not be made (the database out of reach, a statement refused).
    func passFailed() { passFailures.increment() }

    func streamOpened() { streams.increment() }
    func streamClosed() { streams.decrement() }
    func ticketRefused() { ticketsRefused.increment() }
    func reminder(delivered: Bool) { (delivered ? remindersDelivered : remindersFailed).increment() }

    /// The text a scrape gets: the counters, and each person's lag as the database has it now.
    func exposition(lags: [ServerReplica.Lag]) -> String {
        for lag in lags {
            CoreMetrics.Gauge(label: "board_person_lag_changes", dimensions: [("person", lag.person)], factory: factory).record(lag.changes)
            CoreMetrics.Gauge(label: "board_person_lag_seconds", dimensions: [("person", lag.person)], factory: factory).record(lag.oldestSeconds ?? 0)
        }
        return registry.emitToString()
    }
}
