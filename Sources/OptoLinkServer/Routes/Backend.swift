import Foundation
import OptoLinkHTTP

/// The server's shared state and the services the route handlers use. Every member is Sendable and
/// internally locked, so handlers run concurrently on connection threads.
package final class Backend: Sendable {
    /// Switches from the configuration.
    package struct Options: Sendable {
        /// Any peer may say who the client is (`X-Forwarded-For`).
        var trustForwardedFor = false
        /// Proxies whose word is taken (when they are the peer) and whose own entries are skipped.
        var trustedProxies: [AddressRange] = []
        var production = false
        var platformDomain = "links.optolink.test"
        /// What the click records may hold.
        var matchLimits = MatchState.Limits()
        /// The numbers every service's chain decides with. Default the seed's.
        var matchPolicy = MatchEngine.Policy.seed
        /// Whether the per-address request limits apply (``RateLimiter``). Default true.
        var rateLimited = true
        /// Routes an embedding program adds (``ExtraRoute``). Default none.
        var extraRoutes: [ExtraRoute] = []
    }

    /// The database.
    package let store: Store
    /// OptoLink's click records, for deferred matching.
    package let matches: MatchStore
    let rateLimiter: RateLimiter
    let faults = FaultInjector()
    let attempts: AttemptLog
    /// The emulated services (`Emulations/`): their apps, keys, links and click records.
    let emulations: Emulations
    let clock: any ServerClock
    let options: Options

    /// The state a server's routes share.
    package init(store: Store, clock: any ServerClock, options: Options, emulations: EmulationSeed? = nil) {
        self.store = store
        self.clock = clock
        self.options = options
        rateLimiter = RateLimiter(clock: clock)
        let now = clock.now()
        matches = MatchStore(
            limits: options.matchLimits, policy: options.matchPolicy, journal: .of("optolink", in: store), now: now)
        self.emulations = Emulations(seed: emulations, policy: options.matchPolicy, store: store, now: now)
        attempts = AttemptLog(store: store)
    }

    /// The client address. Without trust it is the socket peer. When the peer may speak for the client
    /// (any peer with `trustForwardedFor`, or a peer inside `trustedProxies`), it is the right-most
    /// `X-Forwarded-For` entry that is not a trusted proxy: each proxy appends the address it saw, so the
    /// entries before the nearest untrusted one are the client's own claims (and are not looked at). When
    /// every entry is a trusted proxy, the left-most one; an empty list, the peer. Every `X-Forwarded-For`
    /// field counts, in order.
    ///
    /// - Throws: 400 when an entry looked at holds anything but printable ASCII without spaces (an address,
    ///   or a dashboard's name for one): obs-text and control bytes are not addresses.
    func clientIP(_ request: HTTPRequest, peer: String) throws(OptoLinkServerError) -> String {
        let proxies = options.trustedProxies
        guard options.trustForwardedFor || proxies.contains(where: { $0.contains(peer) }) else { return peer }
        var leftMost: Substring?
        // Fields and their entries right to left, without building a list (every request of a trusting
        // server comes through here).
        for field in request.headers.reversed() where HTTPRequest.sameFieldName(field.name, "X-Forwarded-For") {
            var rest = field.value[...]
            while !rest.isEmpty {
                let comma = rest.utf8.lastIndex(of: UInt8(ascii: ","))
                let piece = comma.map { rest[rest.utf8.index(after: $0)...] } ?? rest
                rest = comma.map { rest[..<$0] } ?? ""
                let entry = Backend.trimmed(piece)
                guard !entry.isEmpty else { continue }
                guard entry.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7f }) else {
                    throw .badRequest("Invalid X-Forwarded-For entry: expected an address", field: "X-Forwarded-For")
                }
                if proxies.isEmpty || !proxies.contains(where: { $0.contains(String(entry)) }) { return String(entry) }
                leftMost = entry
            }
        }
        return leftMost.map(String.init) ?? peer
    }

    /// `text` without spaces and tabs at either end.
    private static func trimmed(_ text: Substring) -> Substring {
        let bytes = text.utf8
        guard let first = bytes.firstIndex(where: { $0 != 0x20 && $0 != 0x09 }),
            let last = bytes.lastIndex(where: { $0 != 0x20 && $0 != 0x09 })
        else { return "" }
        return text[first...last]
    }

    /// The key click records are filed under: the HMAC-SHA256 of the address keyed with the database's
    /// secret (``Store/ipHashKey``), never the plain SHA-256 that anyone can reverse for IPv4 by trying
    /// all 2^32 addresses.
    func ipHash(_ ip: String) -> String { store.ipHashKey.hmacHex(ip) }

    /// The match window in hours: link ?? template ?? 24.
    func matchWindowHours(for link: LinkRecord, access: Store.Access = .wait) throws(OptoLinkServerError) -> Int {
        if let hours = link.matchWindowHours { return hours }
        if let id = link.templateId,
            let hours = try store.template(orgId: link.orgId, id: id, access: access)?.matchWindowHours
        {
            return hours
        }
        return 24
    }

    /// Link params merged over the template's (the link wins).
    func mergedParams(for link: LinkRecord, access: Store.Access = .wait) throws(OptoLinkServerError) -> [String: JSON]
    {
        var params = [String: JSON]()
        if let id = link.templateId, let template = try store.template(orgId: link.orgId, id: id, access: access) {
            params = template.params
        }
        params.merge(link.params) { _, linkValue in linkValue }
        return params
    }

    /// Records a click for deferred matching; returns the record. Everything it reads comes before the
    /// click is stored, so a ``OptoLinkServerError/storageBusy`` leaves nothing behind.
    package func recordClick(
        link: LinkRecord, ip: String, fingerprint: ClickFingerprint, at recordedAt: Date,
        access: Store.Access = .wait
    ) throws(OptoLinkServerError) -> MatchRecord {
        let hours = try matchWindowHours(for: link, access: access)
        let record = MatchRecord(
            token: RandomToken.clipboardToken(), orgId: link.orgId, linkId: link.id, shortCode: link.shortCode,
            path: link.path, params: try mergedParams(for: link, access: access), ipHash: ipHash(ip),
            fingerprint: fingerprint, recordedAt: recordedAt,
            expiresAt: recordedAt.addingTimeInterval(TimeInterval(hours) * 3600))
        matches.insert(record, now: clock.now())
        return record
    }

    /// The ACTIVE org and its link for a public `/:orgKey/:shortCode` route (400 for a bad org key, 404 otherwise).
    func resolve(orgKey: String, shortCode: String, access: Store.Access = .wait) throws(OptoLinkServerError) -> (
        OrgRecord, LinkRecord
    ) {
        guard IdentifierRules.isValidOrgKey(orgKey) else {
            throw OptoLinkServerError(
                status: 400, message: "Invalid orgKey: expected exactly 4 letters or digits",
                details: [.init(message: "orgKey must match ^[A-Za-z0-9]{4}$", field: "orgKey")])
        }
        guard let org = try store.org(key: orgKey, access: access), org.isActive else {
            throw .notFound("Organization \(orgKey) not found")
        }
        guard let link = try store.link(orgId: org.id, shortCode: shortCode, access: access) else {
            throw .notFound("Link \(orgKey)/\(shortCode) not found")
        }
        return (org, link)
    }
}

extension Backend.Options {
    /// Options that trust `X-Forwarded-For` or not and keep click records within `matchLimits`; the rest as
    /// by default.
    package init(trustForwardedFor: Bool, matchLimits: MatchState.Limits) {
        self.init()
        self.trustForwardedFor = trustForwardedFor
        self.matchLimits = matchLimits
    }
}
