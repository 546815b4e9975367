import Foundation
import OptoLinkHTTP
import OptoLinkToolSupport

/// The reference OptoLink backend, embeddable in tests and the dashboard.
///
/// ```swift
/// let server = try OptoLinkServer(configuration: .init(port: 0))
/// try server.start()
/// print(server.baseURL)          // http://127.0.0.1:53124
/// server.stop()
/// ```
public final class OptoLinkServer: Sendable {
    /// How the server runs.
    public struct Configuration: Sendable {
        /// Address to bind. Default `127.0.0.1` (loopback only).
        public var host: String
        /// Port to bind; 0 picks a free one. Default 8787.
        public var port: Int
        /// SQLite file; nil keeps everything in memory. Default nil.
        public var databasePath: String?
        /// Orgs, keys, templates and links to start with. Default ``ServerSeed/demo``.
        public var seed: ServerSeed
        /// Let any peer say who the client is: the client address is then the right-most
        /// `X-Forwarded-For` entry that is not in ``trustedProxies`` (each proxy appends the address it
        /// saw, so what comes before is the client's own claim). Default false (the dashboard turns it on
        /// to simulate networks on one machine: its devices send one entry each).
        public var trustForwardedFor: Bool
        /// Proxies in CIDR form (`10.0.0.0/8`, `2001:db8::/32`, or one address): a peer inside one of
        /// them may say who the client is (even without ``trustForwardedFor``), and their own entries in
        /// `X-Forwarded-For` are skipped when looking for the client, right to left. Default empty.
        /// An entry that is not CIDR makes the initializer throw.
        public var trustedProxies: [String]
        /// Connections served at once; one more is answered 503 with the envelope and closed. Default 512.
        public var maxConnections: Int
        /// Connections served at once from one peer address (the socket's, whatever `X-Forwarded-For`
        /// says); one more is answered 503 with the envelope and closed. Default 64: an eighth of
        /// ``maxConnections``, far more than a browser (6 per host) or an app opens, so one address
        /// holding keep-alive connections cannot take them all.
        public var maxConnectionsPerAddress: Int
        /// Threads that run the requests which wait for the database (`/sdk/*`, `/links`, key rotation,
        /// the AASA file), so a slow write never stalls the event loops that answer `/data`, the redirect
        /// page and `/match`. Default 4.
        public var storageWorkers: Int
        /// Click records (pending deferred matches) one client address may hold; one more drops its
        /// oldest (whose clipboard token then no longer matches). Default 1 000: two minutes of redirects
        /// at the resolve limit of 500/min, twenty times the 50 the fingerprint list scores.
        public var maxClicksPerAddress: Int
        /// Bytes all click records may take in memory, by the store's estimate (about 1 185 bytes for a
        /// browser click from an address of its own, 629 when its address made a hundred); past it the
        /// oldest records go first, whatever their address. Default 128 MiB (113 000 to 213 000 pending clicks).
        public var clickMemoryBudget: Int
        /// Rows the SQLite `clicks` table (analytics, not used for matching) keeps; the oldest are deleted
        /// past it. Default 1 000 000 (about 150 MB; with the default in-memory database that is memory).
        public var maxClickRows: Int
        /// Rows each table of what clients record keeps (OptoLink's events, QubeRoute's events and
        /// installs); the oldest are deleted past it, so a client with the public key cannot grow the
        /// database without bound. Default 1 000 000.
        public var maxRecordRows: Int
        /// Where the server reports what no client sees (queued writes it dropped, a batch it rolled
        /// back). Default ``ServerLog/standardError``; an embedding program with a screen of its own (the
        /// dashboard) may route it elsewhere.
        public var log: ServerLog
        /// Hide the `/dev/*` endpoints (404). Default false.
        public var production: Bool
        /// The numbers every service's matching chain decides with: threshold, guard, points, the address
        /// fallback. Its `window` is not used (each link's own match window applies). Default the seed's; an
        /// embedding program's what-if (the dashboard's match lab) may set others. Not public: a deployment
        /// decides with the contract's numbers.
        package var matchPolicy = MatchPolicy.seed
        /// Whether the per-address request limits apply (30 `/match` attempts a minute…). Default true; the
        /// match lab's embedded server turns them off, since a carrier NAT address's many installs would
        /// otherwise be refused. Not public.
        package var rateLimited = true
        /// Routes an embedding program adds beside the server's own (``ExtraRoute``), such as the match lab's
        /// control; those under `/dev` are hidden by ``production``. Default none. Not public: a deployment
        /// serves the contract's routes only.
        package var extraRoutes: [ExtraRoute] = []

        /// Creates a configuration; every parameter has the default documented on its property.
        public init(
            host: String = "127.0.0.1", port: Int = 8787, databasePath: String? = nil,
            seed: ServerSeed = .demo, trustForwardedFor: Bool = false, production: Bool = false,
            trustedProxies: [String] = [], maxConnections: Int = 512, maxConnectionsPerAddress: Int = 64,
            storageWorkers: Int = 4,
            maxClicksPerAddress: Int = 1_000, clickMemoryBudget: Int = 128 << 20, maxClickRows: Int = 1_000_000,
            maxRecordRows: Int = 1_000_000, log: ServerLog = .standardError
        ) {
            self.host = host
            self.port = port
            self.databasePath = databasePath
            self.seed = seed
            self.trustForwardedFor = trustForwardedFor
            self.production = production
            self.trustedProxies = trustedProxies
            self.maxConnections = maxConnections
            self.maxConnectionsPerAddress = maxConnectionsPerAddress
            self.storageWorkers = storageWorkers
            self.maxClicksPerAddress = maxClicksPerAddress
            self.clickMemoryBudget = clickMemoryBudget
            self.maxClickRows = maxClickRows
            self.maxRecordRows = maxRecordRows
            self.log = log
        }
    }

    /// The `Server` header of every answer (`optolink-reference`, in production too): how a client such as
    /// the dashboard knows it talks to this implementation, whose matching engine it can then expect for the
    /// emulated services as well.
    public static let serverName = ReferenceServer.name

    /// The configuration the server was created with.
    public let configuration: Configuration
    /// The server's shared state (the bench reads its click store).
    package let backend: Backend
    let router: Router
    private let http: HTTPServer

    /// Opens the database (migrating it) and loads the seed; does not bind yet.
    ///
    /// - Throws: ``OptoLinkServerError`` when the seed is invalid or the database cannot be opened.
    public convenience init(configuration: Configuration) throws {
        try self.init(configuration: configuration, clock: SystemServerClock())
    }

    /// The server on `clock` instead of the system's, the configuration's connection caps applied: for an
    /// embedding program that runs its own time (the match lab replays days of clicks in seconds).
    ///
    /// - Throws: ``OptoLinkServerError`` when the seed is invalid or the database cannot be opened.
    package convenience init(configuration: Configuration, clock: any ServerClock) throws {
        var limits = HTTPServer.Limits()
        limits.maxConnections = configuration.maxConnections
        limits.maxConnectionsPerAddress = configuration.maxConnectionsPerAddress
        limits.storageWorkers = configuration.storageWorkers
        try self.init(configuration: configuration, clock: clock, limits: limits)
    }

    /// The server on an injected clock, with the socket layer's `limits` as given (tests; the
    /// configuration's connection caps are not applied over them).
    init(configuration: Configuration, clock: any ServerClock, limits: HTTPServer.Limits) throws {
        guard limits.maxConnections >= 1, limits.maxConnectionsPerAddress >= 1, limits.storageWorkers >= 1 else {
            throw OptoLinkServerError.startup(
                "maxConnections, maxConnectionsPerAddress and storageWorkers must be at least 1")
        }
        self.configuration = configuration
        do {
            try configuration.seed.validate()
        } catch {
            throw OptoLinkServerError.startup("invalid seed: \(error.message)")
        }
        var proxies: [AddressRange] = []
        for text in configuration.trustedProxies {
            guard let range = AddressRange(text) else {
                throw OptoLinkServerError.badInput(
                    "invalid trusted proxy \(QuotedText.quote(text)): expected an address or CIDR such as 10.0.0.0/8 "
                        + "or 2001:db8::/32"
                )
            }
            proxies.append(range)
        }
        guard configuration.maxClicksPerAddress >= 1, configuration.clickMemoryBudget >= 0,
            configuration.maxClickRows >= 1, configuration.maxRecordRows >= 1
        else {
            throw OptoLinkServerError.startup(
                "maxClicksPerAddress, maxClickRows and maxRecordRows must be at least 1, clickMemoryBudget at least 0")
        }
        let store = try Store(
            path: configuration.databasePath, log: configuration.log, maxClickRows: configuration.maxClickRows,
            maxRecordRows: configuration.maxRecordRows)
        try store.apply(configuration.seed, now: clock.now())
        backend = Backend(
            store: store, clock: clock,
            options: .init(
                trustForwardedFor: configuration.trustForwardedFor,
                trustedProxies: proxies,
                production: configuration.production,
                platformDomain: configuration.seed.platformDomain,
                matchLimits: .init(
                    maxRecordsPerAddress: configuration.maxClicksPerAddress,
                    memoryBudget: configuration.clickMemoryBudget),
                matchPolicy: configuration.matchPolicy.engine, rateLimited: configuration.rateLimited,
                extraRoutes: configuration.extraRoutes),
            emulations: configuration.seed.emulations)
        let router = Router(backend: backend)
        self.router = router
        var limits = limits
        limits.parser.bodyLimit = { request, length in router.bodyLimit(for: request, length: length) }
        http = HTTPServer(
            host: configuration.host, port: configuration.port, limits: limits,
            errorResponse: EmulationRoutes.errorResponse, name: Self.serverName
        ) { request, peer, stage in
            router.handle(request, peer: peer, stage: stage)
        }
    }

    /// Binds and listens; returns once connections are accepted.
    ///
    /// - Throws: ``OptoLinkServerError`` when the address cannot be bound.
    public func start() throws {
        do {
            try http.start()
        } catch {
            throw OptoLinkServerError(error)
        }
    }

    /// The bound port (after ``start()``; before it, the configured one).
    public var port: Int {
        let bound = http.port
        return bound == 0 ? configuration.port : bound
    }

    /// `http://host:port`.
    public var baseURL: URL {
        let host = configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
        return URL(string: "http://\(host):\(port)")!
    }

    /// Closes the listener and every connection, waits for their threads, then applies the queued
    /// fire-and-forget writes (nothing is lost on a clean stop).
    public func stop() {
        http.stop()
        backend.store.flush()
    }
}
