import DashboardCore
import Foundation
import OptoLink

/// Writes every recorded attempt of the simulated devices as a HAR 1.2 file (the format browser dev tools
/// and HTTP proxies open): one entry per attempt, in the order they started, keys already masked.
///
/// An attempt with no HTTP answer has `response.status` 0 and the reason in `_error` (as browsers export a
/// failed request). Each entry's `comment` says which request and attempt it was; `_optolink` carries the
/// request id, attempt, endpoint and the retry decision. Timings: the whole attempt is `wait` (the
/// transport does not see DNS, connect or send separately).
package enum HARExport {
    /// The HAR document for `state`'s exchanges.
    package static func data(_ state: DashboardState) -> Data {
        let entries = state.exchanges.sorted {
            ($0.start, $0.requestID, $0.attempt) < ($1.start, $1.requestID, $1.attempt)
        }
        .map { entry($0, in: state) }
        let log: [String: Any] = [
            "version": "1.2",
            "creator": [
                "name": "optolink-dash", "version": OptoLink.sdkVersion, "comment": "OptoLink Swift SDK dashboard",
            ],
            "pages": [] as [Any],
            "entries": entries,
            // Which deployment the requests went to: a reopened HAR names its service, org and target again.
            "_optolink": [
                "service": state.header.provider.rawValue, "orgKey": state.header.orgKey,
                "target": state.header.targetURL, "sdkVersion": state.header.sdkVersion,
            ],
            "comment":
                "\(entries.count) attempts of \(Set(state.exchanges.map(\.requestID)).count) requests; API keys masked",
        ]
        let object: [String: Any] = ["log": log]
        return (try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys]))
            ?? Data("{}".utf8)
    }

    static func entry(_ exchange: HTTPExchange, in state: DashboardState) -> [String: Any] {
        let milliseconds = (exchange.duration * 1000 * 1000).rounded() / 1000
        let row = state.timeline.last { $0.requestID == exchange.requestID }
        let attempts = row?.attempts.count ?? exchange.attempt
        var optolink: [String: Any] = [
            "requestID": exchange.requestID, "attempt": exchange.attempt, "endpoint": exchange.endpoint,
        ]
        if let row, let attempt = row.attempts.first(where: { $0.number == exchange.attempt }) {
            optolink["decision"] =
                InspectorDocument.decision(
                    after: attempt, in: row, now: state.now, service: state.header.provider
                ).0
        }
        var request: [String: Any] = [
            "method": exchange.method, "url": exchange.url, "httpVersion": "HTTP/1.1", "cookies": [] as [Any],
            "headers": fields(exchange.requestHeaders), "queryString": query(exchange.url), "headersSize": -1,
            "bodySize": exchange.requestBody?.byteCount ?? 0,
        ]
        if let body = exchange.requestBody, body.byteCount > 0 {
            request["postData"] = [
                "mimeType": exchange.requestHeader("Content-Type") ?? "application/octet-stream", "text": body.text,
            ]
        }
        let mimeType =
            exchange.responseHeader("Content-Type")
            ?? (exchange.status == nil ? "x-unknown" : "application/octet-stream")
        var content: [String: Any] = ["size": exchange.responseBody?.byteCount ?? 0, "mimeType": mimeType]
        if let body = exchange.responseBody, body.byteCount > 0 { content["text"] = body.text }
        var response: [String: Any] = [
            "status": exchange.status ?? 0, "statusText": exchange.status.map(HTTPStatusText.text(for:)) ?? "",
            "httpVersion": exchange.status == nil ? "" : "HTTP/1.1", "cookies": [] as [Any],
            "headers": fields(exchange.responseHeaders), "content": content,
            "redirectURL": exchange.responseHeader("Location") ?? "", "headersSize": -1,
            "bodySize": exchange.status == nil ? -1 : exchange.responseBody?.byteCount ?? 0,
        ]
        var entry: [String: Any] = [
            "startedDateTime": ISO8601Text.string(exchange.startedAt), "time": milliseconds, "request": request,
            "cache": [:] as [String: Any], "timings": ["send": 0, "wait": milliseconds, "receive": 0],
            "comment": (row?.title ?? "#\(exchange.requestID) \(exchange.endpoint)")
                + (row?.isBrowserVisit == true ? " hop " : " attempt ") + "\(exchange.attempt) of \(attempts)",
            "_optolink": optolink,
        ]
        if let error = exchange.error {
            entry["_error"] = error
            response["comment"] = "no HTTP answer: \(error)"
        }
        entry["response"] = response
        return entry
    }

    static func fields(_ fields: [HTTPExchange.Field]) -> [[String: Any]] {
        fields.map { ["name": $0.name, "value": $0.value] }
    }

    static func query(_ url: String) -> [[String: Any]] {
        guard let items = URLComponents(string: url)?.queryItems else { return [] }
        return items.map { ["name": $0.name, "value": $0.value ?? ""] }
    }
}
