import Foundation

/// The server's shared state and the services the route handlers use. Every member is Sendable and
/// internally locked, so handlers run concurrently on connection threads.
final class Backend: Sendable {
    /// Switches from the configuration.
    struct Options: Sendable {
        var trustForwardedFor = false
        var production = false
        var platformDomain = "links.optolink.test"
    }

    let store: Store
    let matches = MatchStore()
    let rateLimiter = RateLimiter()
    let faults = FaultInjector()
    let attempts = AttemptLog()
    /// The emulated services (`Emulations/`): their apps, keys, links and click records.
    let emulations: Emulations
    let clock: any ServerClock
    let options: Options

    init(store: Store, clock: any ServerClock, options: Options, emulations: EmulationSeed? = nil) {
        self.store = store
        self.clock = clock
        self.options = options
        self.emulations = Emulations(seed: emulations)
    }

    /// The client address: the socket peer, or the first `X-Forwarded-For` entry when trusted.
    func clientIP(_ request: HTTPRequest, peer: String) -> String {
        guard options.trustForwardedFor, let header = request.header("X-Forwarded-For") else { return peer }
        if let first = Backend.firstASCIIListEntry(header) { return first.isEmpty ? peer : first }
        if let first = header.split(separator: ",").first?.trimmingASCII(" \t"), !first.isEmpty {
            return first
        }
        return peer
    }

    /// For an ASCII value: its first non-empty comma-separated entry, trimmed of spaces and tabs ("" when
    /// there is none), byte by byte; what `split(separator: ",").first?.trimmingASCII(" \t")` gives, as
    /// every ASCII byte is its own Character (CR LF cannot be in a field value). Nil for other text.
    static func firstASCIIListEntry(_ value: String) -> String? {
        value.utf8.withContiguousStorageIfAvailable { bytes -> String? in
            guard bytes.allSatisfy({ $0 < 0x80 && $0 != 0x0d && $0 != 0x0a }) else { return nil }
            let comma = UInt8(ascii: ","), space = UInt8(ascii: " "), tab = UInt8(ascii: "\t")
            var lower = 0
            while lower < bytes.count, bytes[lower] == comma { lower += 1 }
            var upper = bytes[lower...].firstIndex(of: comma) ?? bytes.count
            while lower < upper, bytes[lower] == space || bytes[lower] == tab { lower += 1 }
            while upper > lower, bytes[upper - 1] == space || bytes[upper - 1] == tab { upper -= 1 }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[lower..<upper]), as: UTF8.self)
        } ?? nil
    }

    /// The key click records are filed under: the HMAC-SHA256 of the address keyed with the database's
    /// secret (``Store/ipHashKey``), never the plain SHA-256 that anyone can reverse for IPv4 by trying
    /// all 2^32 addresses.
    func ipHash(_ ip: String) -> String { store.ipHashKey.hmacHex(ip) }

    /// The match window in hours: link ?? template ?? 24.
    func matchWindowHours(for link: LinkRecord) throws(OptoLinkServerError) -> Int {
        if let hours = link.matchWindowHours { return hours }
        if let id = link.templateId, let hours = try store.template(orgId: link.orgId, id: id)?.matchWindowHours { return hours }
        return 24
    }

    /// Link params merged over the template's (the link wins).
    func mergedParams(for link: LinkRecord) throws(OptoLinkServerError) -> [String: JSON] {
        var params = [String: JSON]()
        if let id = link.templateId, let template = try store.template(orgId: link.orgId, id: id) { params = template.params }
        params.merge(link.params) { _, linkValue in linkValue }
        return params
    }

    /// Records a click for deferred matching; returns the record.
    func recordClick(link: LinkRecord, ip: String, fingerprint: ClickFingerprint, at recordedAt: Date) throws(OptoLinkServerError) -> MatchRecord {
        let hours = try matchWindowHours(for: link)
        let record = MatchRecord(token: RandomToken.clipboardToken(), orgId: link.orgId, linkId: link.id, shortCode: link.shortCode,
                                 path: link.path, params: try mergedParams(for: link), ipHash: ipHash(ip),
                                 fingerprint: fingerprint, recordedAt: recordedAt,
                                 expiresAt: recordedAt.addingTimeInterval(TimeInterval(hours) * 3600))
        matches.insert(record, now: clock.now())
        return record
    }

    /// The ACTIVE org and its link for a public `/:orgKey/:shortCode` route (400 for a bad org key, 404 otherwise).
    func resolve(orgKey: String, shortCode: String) throws(OptoLinkServerError) -> (OrgRecord, LinkRecord) {
        guard IdentifierRules.isValidOrgKey(orgKey) else {
            throw OptoLinkServerError(status: 400, message: "Invalid orgKey: expected exactly 4 letters or digits",
                                      details: [.init(message: "orgKey must match ^[A-Za-z0-9]{4}$", field: "orgKey")])
        }
        guard let org = try store.org(key: orgKey), org.isActive else { throw .notFound("Organization \(orgKey) not found") }
        guard let link = try store.link(orgId: org.id, shortCode: shortCode) else { throw .notFound("Link \(orgKey)/\(shortCode) not found") }
        return (org, link)
    }
}
