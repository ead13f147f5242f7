import Hummingbird

/// `GET /metrics` and `GET /healthz` (ARCHITECTURE.md §21), for a scraper on this machine only:
/// they name people and their lags, so one elsewhere comes through a proxy or tunnel here.
enum ServerHealthRoutes {
    static func add(to router: Router<ListenerContext>, _ services: ServerListener.Services) {
        router.get("/metrics") { _, context in
            guard context.isLocal else { return Response.words(.forbidden, "/metrics is served to this machine only.") }
            let lags = try? await services.desk.lags()
            var response = Response.words(.ok, services.metrics.exposition(lags: lags ?? []))
            response.headers[.contentType] = "text/plain; version=0.0.4; charset=utf-8"
            return response
        }
        router.get("/healthz") { _, context in
            guard context.isLocal else { return Response.words(.forbidden, "/healthz is served to this machine only.") }
            let (healthy, words) = services.health.verdict(lags: try? await services.desk.lags())
            return Response.words(healthy ? .ok : .serviceUnavailable, words)
        }
    }
}
