import Foundation
import OptoLinkServer

/// Measure 7a's workload: a click store filled by ``fill(clicks:addresses:)``, kept alive while the caller
/// measures the process. It drives the server's `Backend` in process (`package` in OptoLinkServer).
final class ClickStoreFill: Sendable {
    /// Click records stored.
    let clicks: Int
    /// The bytes they take by the store's own estimate (what its memory budget counts).
    let estimatedBytes: Int
    /// Seconds the fill took.
    let seconds: Double
    private let backend: Backend

    private init(clicks: Int, estimatedBytes: Int, seconds: Double, backend: Backend) {
        self.clicks = clicks
        self.estimatedBytes = estimatedBytes
        self.seconds = seconds
        self.backend = backend
    }

    /// Stores `clicks` browser clicks the way the redirect page records them (`Backend.recordClick`: an
    /// iPhone User-Agent and `Accept-Language: en-US,en;q=0.9`, the demo `summer` link with its template's
    /// params) from `addresses` distinct addresses, in a store with no memory budget (every click stays).
    ///
    /// - Throws: `OptoLinkServerError` when the demo seed cannot be stored, ``BenchError`` when it has no `summer`
    /// link.
    static func fill(clicks: Int, addresses: Int) throws -> ClickStoreFill {
        let store = try Store(path: nil, log: .discarding)
        let now = Date()
        try store.apply(.demo, now: now)
        let backend = Backend(
            store: store, clock: SystemServerClock(),
            options: .init(trustForwardedFor: true, matchLimits: .init(maxRecordsPerAddress: .max, memoryBudget: .max)))
        guard let org = try store.org(key: "demo"), let link = try store.link(orgId: org.id, shortCode: "summer") else {
            throw BenchError("the demo seed has no summer link")
        }
        let (platform, osVersion) = UserAgentParser.parse(
            "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4_1 like Mac OS X) AppleWebKit/605.1.15")
        let fingerprint = ClickFingerprint(
            platform: platform, osVersion: osVersion, deviceModel: nil,
            language: UserAgentParser.language("en-US,en;q=0.9"), timezone: nil)
        let started = DispatchTime.now().uptimeNanoseconds
        for n in 0..<max(0, clicks) {
            let a = n % max(1, addresses)
            _ = try backend.recordClick(
                link: link, ip: "10.\(a >> 16 & 255).\(a >> 8 & 255).\(a & 255)", fingerprint: fingerprint, at: now)
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        let usage = backend.matches.usage
        return ClickStoreFill(clicks: usage.records, estimatedBytes: usage.bytes, seconds: seconds, backend: backend)
    }

    /// The click records a running server holds, the bytes they take by the store's estimate, and the
    /// rows of its SQLite `clicks` table (measure 7b).
    static func usage(of server: OptoLinkServer) -> (records: Int, estimatedBytes: Int, rows: Int) {
        let usage = server.backend.matches.usage
        return (usage.records, usage.bytes, (try? server.backend.store.clickRowCount()) ?? -1)
    }
}
