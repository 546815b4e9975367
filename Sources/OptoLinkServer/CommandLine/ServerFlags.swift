import OptoLinkToolSupport
/// The reference server's own command-line flags (host, port, database, seed, limits, production), parsed
/// once for every executable that starts it: `optolink-server` and `optolink-lab-server` read their
/// arguments through it and keep only their own flags.
///
/// ```swift
/// var flags = ServerFlags()
/// var arguments = CommandLine.arguments.dropFirst()
/// while let argument = arguments.popFirst() {
///     guard try flags.read(argument, from: &arguments) else { /* the program's own flags */ continue }
/// }
/// let server = try OptoLinkServer(configuration: flags.configuration)
/// ```
package struct ServerFlags: Sendable {
    /// Why the arguments cannot start a server: the message for stderr (exit 2).
    package struct Refusal: Error, Sendable {
        /// What is wrong, naming the flag.
        package var message: String
        /// Whether the usage text follows the message (a flag without its value).
        package var showsUsage: Bool
    }

    /// The configuration the flags describe. Default: every field at its documented default.
    package var configuration = OptoLinkServer.Configuration()
    /// `--seed FILE`, nil for the built-in demo seed. Load it with ``loadSeed()``.
    package var seedPath: String?

    /// Flags as the server starts without arguments.
    package init() {}

    /// The help lines of the flags ``read(_:from:)`` takes, indented for a usage text.
    package static let help = """
          --host HOST             address to bind (default 127.0.0.1)
          --port PORT             port to bind, 0 = any free port (default 8787)
          --db PATH               SQLite file (default: in memory)
          --seed FILE             JSON seed (default: the built-in demo org, whose keys are printed)
          --trust-forwarded-for   let any peer name the client in X-Forwarded-For: the right-most entry that is
                                  not a trusted proxy counts (default off: the socket peer is the client)
          --trusted-proxy CIDR    a proxy (10.0.0.0/8, 2001:db8::/32, or one address) whose X-Forwarded-For is
                                  taken when it is the peer, and whose own entries are skipped; repeatable
                                  (default none)
          --max-connections N     connections served at once; one more gets 503 (default 512)
          --max-connections-per-address N
                                  connections served at once from one peer address; one more gets 503
                                  (default 64)
          --storage-workers N     threads for the requests that wait for the database (/sdk, /links, key
                                  rotation), so a slow write never stalls /data, the redirect page or /match
                                  (default 4)
          --max-clicks-per-address N
                                  pending click records one client address may hold; one more drops its
                                  oldest (default 1000)
          --click-memory MIB      memory all pending click records may take, in MiB, oldest dropped first
                                  (default 128, 113 000 to 213 000 clicks)
          --max-click-rows N      rows the SQLite clicks table (analytics) keeps, oldest deleted (default 1000000)
          --max-record-rows N     rows each table of client records keeps (events; QubeRoute's events and
                                  installs), oldest deleted (default 1000000)
          --production            hide the /dev endpoints (404)
        """

    /// Reads `argument` when it is one of the server's flags, taking its value from `arguments`.
    ///
    /// - Returns: false when `argument` is not one of the server's flags (nothing is taken).
    /// - Throws: a ``Refusal`` for a missing or bad value.
    package mutating func read(
        _ argument: String, from arguments: inout ArraySlice<String>
    ) throws(Refusal) -> Bool {
        switch argument {
        case "--host": configuration.host = try Self.value(for: argument, &arguments)
        case "--port":
            let text = try Self.value(for: argument, &arguments)
            guard let port = Int(text), (0...65535).contains(port) else {
                throw Refusal(message: "--port must be 0–65535, not \(QuotedText.quote(text))", showsUsage: false)
            }
            configuration.port = port
        case "--db", "--seed":
            let path = try Self.value(for: argument, &arguments)
            guard !path.isEmpty else {
                throw Refusal(message: "\(argument) needs a file's path, not an empty one", showsUsage: false)
            }
            if argument == "--db" { configuration.databasePath = path } else { seedPath = path }
        case "--trust-forwarded-for": configuration.trustForwardedFor = true
        case "--trusted-proxy": configuration.trustedProxies.append(try Self.value(for: argument, &arguments))
        case "--max-connections": configuration.maxConnections = try Self.positive(argument, &arguments)
        case "--max-connections-per-address":
            configuration.maxConnectionsPerAddress = try Self.positive(argument, &arguments)
        case "--storage-workers": configuration.storageWorkers = try Self.positive(argument, &arguments)
        case "--max-clicks-per-address": configuration.maxClicksPerAddress = try Self.positive(argument, &arguments)
        case "--click-memory":
            let mebibytes = try Self.positive(argument, &arguments)
            guard mebibytes <= 1 << 30 else {
                throw Refusal(message: "--click-memory is in MiB: \(mebibytes) is too large", showsUsage: false)
            }
            configuration.clickMemoryBudget = mebibytes << 20
        case "--max-click-rows": configuration.maxClickRows = try Self.positive(argument, &arguments)
        case "--max-record-rows": configuration.maxRecordRows = try Self.positive(argument, &arguments)
        case "--production": configuration.production = true
        default: return false
        }
        return true
    }

    /// Loads ``seedPath``'s seed into ``configuration`` (nothing without one).
    ///
    /// - Throws: ``OptoLinkServerError`` when the file cannot be read or is not a seed.
    package mutating func loadSeed() throws {
        guard let seedPath else { return }
        configuration.seed = try ServerSeed.load(path: seedPath)
    }

    /// The value after `flag`.
    package static func value(for flag: String, _ arguments: inout ArraySlice<String>) throws(Refusal) -> String {
        guard let next = arguments.popFirst() else { throw Refusal(message: "\(flag) needs a value", showsUsage: true) }
        return next
    }

    /// The value after `flag`, a whole number ≥ 1.
    package static func positive(_ flag: String, _ arguments: inout ArraySlice<String>) throws(Refusal) -> Int {
        let text = try value(for: flag, &arguments)
        guard let number = Int(text), number >= 1 else {
            throw Refusal(
                message: "\(flag) must be a whole number of at least 1, not \(QuotedText.quote(text))",
                showsUsage: false)
        }
        return number
    }
}
