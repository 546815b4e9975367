import OptoLinkHTTP

/// `GET /health` → `{"ok":true}` (never rate limited or faulted).
enum HealthRoute {
    static func health(_ backend: Backend, _ request: HTTPRequest, _ context: RouteContext) throws -> HTTPResponse {
        .json(["ok": true])
    }
}
