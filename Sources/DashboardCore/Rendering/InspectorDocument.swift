import OptoLink

/// The request inspector's text for one timeline row (as a proxy's flow detail): every attempt with its
/// method and URL, request headers (credentials already masked) and body, the answer's status, headers and
/// body, the duration, and the retry decision with its reason. Lines are wrapped to the overlay's width.
package struct InspectorDocument: Sendable, Hashable {
    /// One line and how it is drawn.
    struct Line: Sendable, Hashable {
        var text: String
        var role: StyleRole
        var bold = false
    }

    /// The lines, top to bottom.
    private(set) var lines: [Line] = []
    /// Index in ``lines`` of each attempt's heading (←/→ jump between them).
    private(set) var attemptLines: [Int] = []

    /// The text width inside the inspector overlay at a screen size (as ``InspectorView`` draws it).
    static func textWidth(for size: ScreenSize) -> Int { max(20, size.width - 6) }
    /// The rows of text the overlay shows at a screen size.
    static func visibleRows(for size: ScreenSize) -> Int { max(1, size.height - 5) }

    init(row: TimelineRow, exchanges: [HTTPExchange], now: Double, width: Int, service: OptoLinkService = .optoLink) {
        let byAttempt = Dictionary(exchanges.map { ($0.attempt, $0) }, uniquingKeysWith: { _, last in last })
        add(TimelineText.detail(row, now: now), .title, bold: true, width: width)
        if exchanges.isEmpty {
            add(
                "Not recorded: only the simulated devices' requests pass the dashboard's recording transport.", .dim,
                width: width)
        }
        for attempt in row.attempts {
            add("", .normal, width: width)
            attemptLines.append(lines.count)
            var heading =
                "── \(row.isBrowserVisit ? "hop" : "attempt") \(attempt.number) of \(row.attempts.count) · "
                + "\(TimelineText.attempt(attempt, now: now)) "
            heading += String(repeating: "─", count: max(0, width - heading.count))
            add(heading, WaterfallRow.role(of: attempt, in: row), bold: true, width: width)
            if let exchange = byAttempt[attempt.number] {
                describe(exchange, width: width)
            } else if attempt.isRunning {
                add("in flight…", .running, width: width)
            } else {
                add("(the transport's record of this attempt was not kept)", .dim, width: width)
            }
            let (decision, role) = Self.decision(after: attempt, in: row, now: now, service: service)
            add((row.isBrowserVisit ? "browser: " : "decision: ") + decision, role, bold: true, width: width)
        }
    }

    private mutating func describe(_ exchange: HTTPExchange, width: Int) {
        add("\(exchange.method) \(exchange.url)", .normal, bold: true, width: width)
        add("request headers", .dim, width: width)
        for field in exchange.requestHeaders { add("  \(field.name): \(field.value)", .normal, width: width) }
        body(exchange.requestBody, title: "request body", width: width)
        if let status = exchange.status {
            let role: StyleRole = (200..<300).contains(status) ? .ok : (400..<500).contains(status) ? .warning : .error
            add(
                "response \(status) \(HTTPStatusText.text(for: status)) in \(formatDuration(exchange.duration))", role,
                bold: true, width: width)
            add("response headers", .dim, width: width)
            for field in exchange.responseHeaders { add("  \(field.name): \(field.value)", .normal, width: width) }
            body(exchange.responseBody, title: "response body", width: width)
        } else {
            add(
                "no answer after \(formatDuration(exchange.duration)): \(exchange.error ?? "?")", .error, bold: true,
                width: width)
        }
    }

    private mutating func body(_ body: HTTPExchange.Body?, title: String, width: Int) {
        guard let body, body.byteCount > 0 else {
            add("\(title): none", .dim, width: width)
            return
        }
        add(
            "\(title) (\(body.byteCount) bytes\(body.isTruncated ? ", first \(HTTPExchange.bodyLimit) kept" : ""))",
            .dim, width: width)
        for line in JSONPretty.lines(body.text) { add("  " + line, .normal, width: width) }
        if body.isTruncated {
            add("  … \(body.byteCount - HTTPExchange.bodyLimit) more bytes not kept", .dim, width: width)
        }
    }

    /// What the SDK decided after `attempt`, and why (the reasons are `service`'s retry rule,
    /// ``ServiceProfile/retryReason(status:)``); for a browser click's hop, what the browser did next (its
    /// ``TimelineAttempt/note``).
    package static func decision(
        after attempt: TimelineAttempt, in row: TimelineRow, now: Double, service: OptoLinkService
    )
        -> (String, StyleRole)
    {
        if row.isBrowserVisit {
            let failed = attempt.status.map { $0 >= 400 } ?? true
            return (attempt.note ?? "-", failed ? .error : .ok)
        }
        var why = ServiceProfiles.profile(for: service).retryReason(status: attempt.status).why
        if attempt.status == nil { why = "no HTTP answer (\(attempt.error ?? "in flight")), retryable" }
        if let wait = row.waits.first(where: { $0.afterAttempt == attempt.number }) {
            let remaining =
                row.attempts.last?.number == attempt.number && row.outcome == .pending ? wait.remaining(at: now) : 0
            return (
                "retry after \(formatSeconds(wait.delay))"
                    + (remaining > 0 ? " (\(formatSeconds(remaining)) left)" : "")
                    + ": \(why)", .wait
            )
        }
        guard row.attempts.last?.number == attempt.number else { return ("next attempt: \(why)", .dim) }
        switch row.outcome {
        case .pending: return (attempt.isRunning ? "waiting for the answer" : "pending: \(why)", .running)
        case .finished(let status, _):
            let ok = status.map { (200..<300).contains($0) } ?? false
            return (ok ? "done: \(why)" : "not retried: \(why)", ok ? .ok : .warning)
        case .gaveUp(let attempts, _):
            return ("gave up: \(why), but the retries are used up (\(attempts) attempts)", .error)
        }
    }

    private mutating func add(_ text: String, _ role: StyleRole, bold: Bool = false, width: Int) {
        // Most lines fit: no more bytes than columns means no more characters either.
        if text.utf8.count <= width {
            lines.append(Line(text: text, role: role, bold: bold))
            return
        }
        var rest = Substring(text)
        let indent = String(text.prefix { $0 == " " }.prefix(max(0, width / 2 - 2)))
        repeat {
            let piece = rest.prefix(width)
            lines.append(Line(text: String(piece), role: role, bold: bold))
            rest = rest.dropFirst(piece.count)
            if !rest.isEmpty { rest = Substring(indent + "  ") + rest }
        } while !rest.isEmpty && rest.count > indent.count + 2
    }
}

/// The reason phrases of the statuses the backend answers (for the inspector and the HAR export).
package enum HTTPStatusText {
    /// The reason phrase of `status` (`Service Unavailable`), empty for one the backend does not answer.
    package static func text(for status: Int) -> String {
        switch status {
        case 200: "OK"
        case 201: "Created"
        case 204: "No Content"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 408: "Request Timeout"
        case 409: "Conflict"
        case 413: "Content Too Large"
        case 422: "Unprocessable Content"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        default: ""
        }
    }
}
