import HTTPTypes
import Hummingbird

/// What every response of the listener carries (ARCHITECTURE.md §22): a Content-Security-Policy
/// that lets nothing load or run unless a route allows its own files, no type sniffing, no
/// referrer, kept by no shared cache; and a path it doesn't serve answered in a line.
struct SafeResponses: RouterMiddleware {
    typealias Context = ListenerContext

    /// Nothing from anywhere: a feed or a stream needs nothing, and a page names what it loads itself.
    static let strictPolicy = "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

    static let contentTypeOptions = HTTPField.Name("X-Content-Type-Options")!, referrerPolicy = HTTPField.Name("Referrer-Policy")!

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response: Response
        do {
            response = try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound {
            response = .words(.notFound, "Board's server serves GET /watch to devices, /feed/TOKEN.ics to calendars, and /metrics and /healthz to this machine.")
        }
        if response.headers[.contentSecurityPolicy] == nil { response.headers[.contentSecurityPolicy] = Self.strictPolicy }
        response.headers[Self.contentTypeOptions] = "nosniff"
        response.headers[Self.referrerPolicy] = "no-referrer"
        if response.headers[.cacheControl] == nil { response.headers[.cacheControl] = "private, no-cache" }
        return response
    }
}

extension Response {
    /// A plain-text answer of one line: what a refusal or a status says to a person or a script.
    static func words(_ status: HTTPResponse.Status, _ line: String, headers: HTTPFields = [:]) -> Response {
        var headers = headers
        headers[.contentType] = "text/plain; charset=utf-8"
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: line.hasSuffix("\n") ? line : line + "\n")))
    }
}

/// The shape every secret of the listener has (a ticket, a feed's token): 64 lowercase hex digits,
/// 256 bits of which 244 random. Anything else is refused before a database is asked.
enum TokenShape {
    static func isHex64(_ text: some StringProtocol) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }
}
