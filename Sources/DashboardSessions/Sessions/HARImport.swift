import DashboardCore
import Foundation
import OptoLink
import OptoLinkToolSupport

/// Opens a HAR 1.2 file in the request panes: each entry an attempt on the timeline and in the inspector.
///
/// The dashboard's own HAR (``HARExport``) keeps its requests: `_optolink` says each entry's request id,
/// attempt and endpoint, so retried attempts group into one timeline row again. A browser's HAR (Safari's or
/// Chrome's network panel) has entries only: each becomes a request of its own, named after the URL's last
/// path component. Credentials in headers are masked as the dashboard masks its own (``SecretMask``).
enum HARImport {
    /// The file as a session when it is a HAR (`{"log":{"entries":[…]}}`); nil when it is not JSON of that
    /// shape.
    /// - Throws: ``DashboardError/session(_:)`` for a HAR larger than ``SessionFormat/maxHARBytes``.
    static func open(_ url: URL, handle: FileHandle, size: Int64) throws(DashboardError) -> SessionFile? {
        guard (try? handle.seek(toOffset: 0)) != nil,
            let start = try? handle.read(upToCount: 64),
            start.first(where: { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }) == UInt8(ascii: "{")
        else { return nil }
        guard size <= SessionFormat.maxHARBytes else {
            throw .session(
                "\(url.path) is \(SessionFile.formatBytes(size)): the dashboard opens HAR files up to "
                    + SessionFile.formatBytes(SessionFormat.maxHARBytes))
        }
        guard (try? handle.seek(toOffset: 0)) != nil, let data = try? handle.readToEnd(),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let log = object["log"] as? [String: Any], let entries = log["entries"] as? [[String: Any]]
        else { return nil }
        try? handle.close()
        let creator = log["creator"] as? [String: Any]
        let exchanges = exchanges(entries)
        // The dashboard's own HAR names its service, org and target (``HARExport``); a browser's names none.
        let named = log["_optolink"] as? [String: Any]
        let service = (named?["service"] as? String).flatMap(OptoLinkService.init(rawValue:))
        let orgKey = named?["orgKey"] as? String ?? ""
        var header = SessionHeader(
            settings: SessionSettings(
                mode: "har", service: (service ?? .optoLink).rawValue, baseURL: named?["target"] as? String,
                orgKey: orgKey),
            createdAt: exchanges.first?.startedAt ?? Date(timeIntervalSince1970: 0))
        header.dashboard = [creator?["name"] as? String, creator?["version"] as? String].compactMap { $0 }
            .joined(separator: " ")
        var opening: [SessionEntry] = []
        let wall = exchanges.first?.startedAt ?? Date(timeIntervalSince1970: 0)
        if let service { opening.append(SessionEntry(time: 0, wall: wall, action: .providerChanged(service))) }
        // No simulated device ran: the panes show what the requests say of theirs, or that they say nothing.
        opening.append(
            SessionEntry(
                time: 0, wall: wall,
                action: .fileDeviceRead(FileDevice.read(exchanges, browserEndpoint: SimulatedBrowser.endpoint))))
        if let target = named?["target"] as? String {
            opening.append(
                SessionEntry(
                    time: 0, wall: wall,
                    action: .targetChanged(
                        url: target, orgKey: orgKey, sdkVersion: named?["sdkVersion"] as? String ?? "")))
        }
        return SessionFile.inMemory(url: url, header: header, entries: opening + sessionEntries(exchanges))
    }

    /// The HAR's entries as exchanges, oldest first, times in seconds from the first one.
    static func exchanges(_ entries: [[String: Any]]) -> [HTTPExchange] {
        let dated = entries.map { (entry: $0, date: ISO8601Text.date(($0["startedDateTime"] as? String) ?? "")) }
        let first = dated.compactMap(\.date).min() ?? Date(timeIntervalSince1970: 0)
        var nextID = 1
        var exchanges: [HTTPExchange] = []
        for (entry, date) in dated {
            let request = entry["request"] as? [String: Any] ?? [:]
            let response = entry["response"] as? [String: Any] ?? [:]
            let optolink = entry["_optolink"] as? [String: Any]
            let url = request["url"] as? String ?? ""
            let status = (response["status"] as? Int).flatMap { $0 > 0 ? $0 : nil }
            let requestID: Int
            // An id past the checked range (a shared file may say Int.max) is numbered like a missing one.
            if let id = optolink?["requestID"] as? Int, (0..<FileNumber.limit).contains(id) {
                requestID = id
                nextID = max(nextID, id + 1)
            } else {
                requestID = nextID
                nextID += 1
            }
            let startedAt = date ?? first
            exchanges.append(
                HTTPExchange(
                    requestID: requestID, attempt: attempt(optolink?["attempt"]),
                    endpoint: optolink?["endpoint"] as? String ?? endpoint(of: url),
                    method: request["method"] as? String ?? "GET", url: url,
                    requestHeaders: fields(request["headers"]),
                    requestBody: body(
                        (request["postData"] as? [String: Any])?["text"] as? String, encoding: nil,
                        size: request["bodySize"] as? Int),
                    status: status, responseHeaders: fields(response["headers"]),
                    responseBody: status == nil
                        ? nil
                        : body(
                            (response["content"] as? [String: Any])?["text"] as? String,
                            encoding: (response["content"] as? [String: Any])?["encoding"] as? String,
                            size: (response["content"] as? [String: Any])?["size"] as? Int)
                            ?? HTTPExchange.Body(Data()),
                    error: status == nil ? (entry["_error"] as? String ?? "no HTTP answer") : nil,
                    start: startedAt.timeIntervalSince(first), duration: max(0, number(entry["time"]) / 1000),
                    startedAt: startedAt))
        }
        return exchanges.sorted { ($0.start, $0.requestID, $0.attempt) < ($1.start, $1.requestID, $1.attempt) }
    }

    /// What the reducer needs to draw the exchanges as requests: each attempt's start, its exchange, its
    /// answer, the wait before the request's next attempt (from the entries' times: the next attempt's start
    /// less this one's end), and each request's end after its last attempt, with the clock ticking along.
    static func sessionEntries(_ exchanges: [HTTPExchange]) -> [SessionEntry] {
        let lastAttempt = Dictionary(exchanges.map { ($0.requestID, $0.attempt) }, uniquingKeysWith: max)
        let starts = Dictionary(
            exchanges.map { (Pair(id: $0.requestID, attempt: $0.attempt), $0.start) }, uniquingKeysWith: min)
        var timed: [(time: Double, order: Int, action: DashboardAction, wall: Date)] = []
        for exchange in exchanges {
            let (id, endpoint, attempt) = (exchange.requestID, exchange.endpoint, exchange.attempt)
            let end = exchange.start + exchange.duration
            let endWall = exchange.startedAt.addingTimeInterval(exchange.duration)
            timed.append(
                (
                    exchange.start, timed.count,
                    .diagnostic(
                        .requestStarted(requestID: id, endpoint: endpoint, attempt: attempt), time: exchange.start),
                    exchange.startedAt
                ))
            timed.append((exchange.start, timed.count, .exchangeRecorded(exchange), exchange.startedAt))
            let answer: DiagnosticEvent =
                exchange.status.map {
                    .responseReceived(
                        requestID: id, endpoint: endpoint, attempt: attempt, status: $0, duration: exchange.duration)
                }
                ?? .requestFailed(
                    requestID: id, endpoint: endpoint, attempt: attempt, reason: exchange.error ?? "no HTTP answer",
                    duration: exchange.duration)
            timed.append((end, timed.count, .diagnostic(answer, time: end), endWall))
            if let next = starts[Pair(id: id, attempt: attempt + 1)] {
                let wait = DiagnosticEvent.retryScheduled(
                    requestID: id, endpoint: endpoint, attempt: attempt, delay: max(0, next - end))
                timed.append((end, timed.count, .diagnostic(wait, time: end), endWall))
            }
            if lastAttempt[id] == attempt {
                let finished = DiagnosticEvent.requestFinished(
                    requestID: id, endpoint: endpoint, attempts: attempt, status: exchange.status)
                timed.append((end, timed.count, .diagnostic(finished, time: end), endWall))
            }
            timed.append((end, timed.count, .tick(now: end), endWall))
        }
        return timed.sorted { ($0.time, $0.order) < ($1.time, $1.order) }.map {
            SessionEntry(time: $0.time, wall: $0.wall, action: $0.action)
        }
    }

    /// A request's attempt.
    private struct Pair: Hashable {
        var id: Int
        var attempt: Int
    }

    /// `match` for `…/sdk/match?x=1`; the host for a URL without a path.
    static func endpoint(of url: String) -> String {
        guard let parsed = URL(string: url) else { return url }
        let last = parsed.lastPathComponent
        return last.isEmpty || last == "/" ? (parsed.host ?? url) : last
    }

    private static func fields(_ value: Any?) -> [HTTPExchange.Field] {
        ((value as? [[String: Any]]) ?? []).compactMap { field in
            guard let name = field["name"] as? String else { return nil }
            return HTTPExchange.Field(name: name, value: SecretMask.header(name, field["value"] as? String ?? ""))
        }
        .sorted { $0.name.lowercased() < $1.name.lowercased() }
    }

    private static func body(_ text: String?, encoding: String?, size: Int?) -> HTTPExchange.Body? {
        guard let text else { return nil }
        let data = encoding == "base64" ? Data(base64Encoded: text) ?? Data(text.utf8) : Data(text.utf8)
        var body = HTTPExchange.Body(data)
        if let size, size > body.byteCount {
            body.byteCount = size
            body.isTruncated = true
        }
        return body
    }

    /// The entry's attempt number, 1 when absent or outside 1…1000 (a file may say anything).
    private static func attempt(_ value: Any?) -> Int {
        (value as? Int).flatMap { (1...1000).contains($0) ? $0 : nil } ?? 1
    }

    private static func number(_ value: Any?) -> Double {
        (value as? Double) ?? (value as? Int).map(Double.init) ?? (value as? NSNumber)?.doubleValue ?? 0
    }
}
