import Foundation

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
        /// Take the client address from the first `X-Forwarded-For` entry. Default false
        /// (the dashboard turns it on to simulate networks on one machine).
        public var trustForwardedFor: Bool
        /// Hide the `/dev/*` endpoints (404). Default false.
        public var production: Bool

        /// Creates a configuration; every parameter has the default documented on its property.
        public init(host: String = "127.0.0.1", port: Int = 8787, databasePath: String? = nil,
                    seed: ServerSeed = .demo, trustForwardedFor: Bool = false, production: Bool = false) {
            self.host = host
            self.port = port
            self.databasePath = databasePath
            self.seed = seed
            self.trustForwardedFor = trustForwardedFor
            self.production = production
        }
    }

    /// The configuration the server was created with.
    public let configuration: Configuration
    let backend: Backend
    let router: Router
    private let http: HTTPServer

    /// Opens the database (migrating it) and loads the seed; does not bind yet.
    ///
    /// - Throws: ``OptoLinkServerError`` when the seed is invalid or the database cannot be opened.
    public convenience init(configuration: Configuration) throws {
        try self.init(configuration: configuration, clock: SystemServerClock(), limits: HTTPServer.Limits())
    }

    init(configuration: Configuration, clock: any ServerClock, limits: HTTPServer.Limits) throws {
        self.configuration = configuration
        do {
            try configuration.seed.validate()
        } catch {
            throw OptoLinkServerError.startup("invalid seed: \(error.message)")
        }
        let store = try Store(path: configuration.databasePath)
        try store.apply(configuration.seed, now: clock.now())
        backend = Backend(store: store, clock: clock, options: .init(trustForwardedFor: configuration.trustForwardedFor,
                                                                     production: configuration.production,
                                                                     platformDomain: configuration.seed.platformDomain),
                          emulations: configuration.seed.emulations)
        let router = Router(backend: backend)
        self.router = router
        http = HTTPServer(host: configuration.host, port: configuration.port, limits: limits) { request, peer, faultsApplied in
            router.handle(request, peer: peer, faultsApplied: faultsApplied)
        }
    }

    /// Binds and listens; returns once connections are accepted.
    ///
    /// - Throws: ``OptoLinkServerError`` when the address cannot be bound.
    public func start() throws {
        try http.start()
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
