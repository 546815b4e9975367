import DashboardCore
import Foundation
import OptoLinkFaults
import OptoLinkToolSupport

/// The text form of a fault rule, shared by `optolink-dash proxy --fault` and the lines it reads on stdin
/// (docs/proxy.md): comma-separated `key=value` pairs.
///
/// ```
/// route=match,status=503,count=2          the next 2 /match requests get 503
/// route=sdk,status=503,retry-after=5      one 503 with Retry-After: 5
/// status=429,retry-after=3                429 "Retry after 3 second(s)" on any route
/// route=match,delay=12                    hold one /match 12 s before forwarding it
/// route=events,drop=after                 forward one /sdk/events, then close without answering
/// route=data,trickle=16/0.5               answer one /data 16 bytes every 0.5 s
/// route=/links,pass,count=3               the next 3 /links requests pass (a rule that only counts)
/// ```
///
/// `route` defaults to `any`, `count` to 1; exactly one of `status`, `delay`, `drop`, `trickle`, `pass`.
/// 429 takes `retry-after` 1 unless given.
package enum ProxyFaultSyntax {
    /// Parses one rule.
    package static func parse(_ text: String) throws(DashboardError) -> FaultRule {
        var route = "any"
        var count = 1
        var retryAfter: Int?
        var fault: Fault?
        var statusCode: Int?
        let shown = QuotedText.quote(text)
        func set(_ new: Fault) throws(DashboardError) {
            guard fault == nil else { throw .usage("fault \(shown): give one of status, delay, drop, trickle, pass") }
            fault = new
        }
        var seen: Set<String> = []
        for pair in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !pair.isEmpty {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            let key = parts[0].lowercased()
            let value = parts.count > 1 ? parts[1] : nil
            guard !key.isEmpty else { throw .usage("fault \(shown): \(QuotedText.quote(pair)) has no key before '='") }
            guard seen.insert(key).inserted else { throw .usage("fault \(shown): \(key) is given twice") }
            switch (key, value) {
            case ("route", let value?):
                guard ProxyRoute.isValid(value) else {
                    throw .usage(
                        "fault \(shown): route \(QuotedText.quote(value)) is none of "
                            + "\(ProxyRoute.families.sorted().joined(separator: ", ")) or a /path"
                    )
                }
                route = value
            case ("count", let value?):
                guard let n = Int(value), n >= 1 else {
                    throw .usage("fault \(shown): count must be a whole number ≥ 1")
                }
                count = n
            case ("status", let value?):
                guard let status = Int(value), (400...599).contains(status) else {
                    throw .usage("fault \(shown): status must be 400…599")
                }
                statusCode = status
                try set(.status(status, retryAfter: nil))
            case ("retry-after", let value?):
                guard let n = Int(value), n >= 0 else {
                    throw .usage("fault \(shown): retry-after must be whole seconds ≥ 0")
                }
                retryAfter = n
            case ("delay", let value?):
                guard let seconds = Double(value), seconds >= 0, seconds <= 600 else {
                    throw .usage("fault \(shown): delay must be 0…600 seconds")
                }
                try set(.delay(seconds))
            case ("drop", "before"): try set(.dropBeforeUpstream)
            case ("drop", "after"): try set(.dropAfterUpstream)
            case ("drop", _): throw .usage("fault \(shown): drop=before or drop=after")
            case ("trickle", let value?):
                let slice = value.split(separator: "/").map(String.init)
                guard slice.count == 2, let bytes = Int(slice[0]), bytes >= 1, let interval = Double(slice[1]),
                    interval > 0, interval <= 60
                else {
                    throw .usage("fault \(shown): trickle=BYTES/SECONDS, e.g. trickle=16/0.5")
                }
                try set(.trickle(bytes: bytes, interval: interval))
            case ("pass", nil): try set(.pass)
            default:
                throw .usage(
                    "fault \(shown): unknown \(QuotedText.quote(pair)) (keys: route, count, status, "
                        + "retry-after, delay, drop, trickle, pass)"
                )
            }
        }
        guard var chosen = fault else {
            throw .usage("fault \(shown): give one of status, delay, drop, trickle, pass")
        }
        if let retryAfter {
            guard let statusCode else { throw .usage("fault \(shown): retry-after goes with status") }
            chosen =
                statusCode == 429
                ? .rateLimited(retryAfter: max(1, retryAfter)) : .status(statusCode, retryAfter: retryAfter)
        } else if statusCode == 429 {
            chosen = .rateLimited(retryAfter: 1)
        }
        return FaultRule(route: route, fault: chosen, count: count)
    }
}
