import Dispatch
import Foundation
import OptoLinkServer

// optolink-server: parse arguments, load the seed, start the server, stop on SIGINT/SIGTERM.

let usage = """
    usage: optolink-server [--host 127.0.0.1] [--port 8787] [--db PATH] [--seed FILE]
                           [--trust-forwarded-for] [--trusted-proxy CIDR]... [--max-connections N]
                           [--max-connections-per-address N] [--storage-workers N] [--max-clicks-per-address N]
                           [--click-memory MIB] [--max-click-rows N] [--max-record-rows N] [--production]
                           [--lab-links N [--lab-window HOURS]] [--help]

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
                              (default 128, about 210 000 clicks)
      --max-click-rows N      rows the SQLite clicks table (analytics) keeps, oldest deleted (default 1000000)
      --max-record-rows N     rows each table of client records keeps (events; QubeRoute's events and
                              installs), oldest deleted (default 1000000)
      --production            hide the /dev endpoints (404)
      --lab-links N           open the server to the match lab run from another program
                              (optolink-dash lab --engine wire --base-url URL): links lab0…lab<N-1> in every
                              service, a clock the lab sets (POST /dev/lab/clock), the per-address limits
                              off, X-Forwarded-For trusted. Never for real users. Not with --seed or
                              --production
      --lab-window HOURS      with --lab-links: each lab link's match window, 1-720 (default 24)
      --help                  show this help

    optolink-server export --db FILE --clicks OUT --opens OUT
                              writes the stored clicks and first opens for optolink-dash lab --clicks/--opens

    The first line on stdout is `listening on http://HOST:PORT` once connections are accepted.
    """

/// Prints `optolink-server: message` on stderr and exits with `status` (the table in docs/exit-codes.md).
func fail(_ message: String, status: ExitStatus = .badInput) -> Never {
    StandardStream.error.line("optolink-server: \(message)")
    exit(status.rawValue)
}

/// The exit status for a start-up error: a file or value the user gave is bad input (2); anything else (the
/// address cannot be bound) is 3, the server could not open what it serves on.
func status(for error: any Error) -> ExitStatus {
    (error as? OptoLinkServerError)?.isBadInput == true ? .badInput : .exportFailed
}

StandardStream.ignoreBrokenPipes()

var configuration = OptoLinkServer.Configuration()
var seedPath: String?
var labLinks: Int?
var labWindow: Int?
var arguments = CommandLine.arguments.dropFirst()
func value(for flag: String, _ arguments: inout ArraySlice<String>) -> String {
    guard let next = arguments.popFirst() else { fail("\(flag) needs a value\n\(usage)") }
    return next
}
/// The next argument as a whole number ≥ 1.
func positive(_ flag: String, _ arguments: inout ArraySlice<String>) -> Int {
    let text = value(for: flag, &arguments)
    guard let number = Int(text), number >= 1 else {
        fail("\(flag) must be a whole number of at least 1, not \(QuotedText.quote(text))")
    }
    return number
}
if arguments.first == "export" {
    // `optolink-server export --db FILE --clicks OUT --opens OUT`: the stored data for the match lab.
    exit(ExportCommand.run(Array(arguments.dropFirst())))
}
while let argument = arguments.popFirst() {
    switch argument {
    case "--help", "-h":
        print(usage)
        exit(0)
    case "--host": configuration.host = value(for: argument, &arguments)
    case "--port":
        let text = value(for: argument, &arguments)
        guard let port = Int(text), (0...65535).contains(port) else {
            fail("--port must be 0–65535, not \(QuotedText.quote(text))")
        }
        configuration.port = port
    case "--db", "--seed":
        let path = value(for: argument, &arguments)
        guard !path.isEmpty else { fail("\(argument) needs a file's path, not an empty one") }
        if argument == "--db" { configuration.databasePath = path } else { seedPath = path }
    case "--trust-forwarded-for": configuration.trustForwardedFor = true
    case "--trusted-proxy": configuration.trustedProxies.append(value(for: argument, &arguments))
    case "--max-connections": configuration.maxConnections = positive(argument, &arguments)
    case "--max-connections-per-address": configuration.maxConnectionsPerAddress = positive(argument, &arguments)
    case "--storage-workers": configuration.storageWorkers = positive(argument, &arguments)
    case "--max-clicks-per-address": configuration.maxClicksPerAddress = positive(argument, &arguments)
    case "--click-memory":
        let mebibytes = positive(argument, &arguments)
        guard mebibytes <= 1 << 30 else { fail("--click-memory is in MiB: \(mebibytes) is too large") }
        configuration.clickMemoryBudget = mebibytes << 20
    case "--max-click-rows": configuration.maxClickRows = positive(argument, &arguments)
    case "--max-record-rows": configuration.maxRecordRows = positive(argument, &arguments)
    case "--production": configuration.production = true
    case "--lab-links": labLinks = positive(argument, &arguments)
    case "--lab-window": labWindow = positive(argument, &arguments)
    default: fail("unknown argument \(QuotedText.quote(argument))\n\(usage)")
    }
}

if let seedPath {
    if labLinks != nil { fail("--lab-links adds its links to the built-in demo seed: drop --seed") }
    do { configuration.seed = try ServerSeed.load(path: seedPath) } catch {
        fail("\(error)", status: status(for: error))
    }
}
if labWindow != nil, labLinks == nil { fail("--lab-window is the lab links' match window: it goes with --lab-links N") }
if let labLinks {
    if configuration.production { fail("--lab-links opens /dev routes, which --production hides: drop one") }
    let lab = LabControl(links: labLinks, windowHours: labWindow ?? 24)
    if let problem = lab.problem { fail(problem) }
    lab.apply(to: &configuration)
}

let server: OptoLinkServer
do {
    // The match lab sets the clock to each click and first open it sends; it starts at the wall clock's time.
    server =
        labLinks == nil
        ? try OptoLinkServer(configuration: configuration)
        : try OptoLinkServer(configuration: configuration, clock: SettableServerClock(Date()))
    try server.start()
} catch {
    fail("\(error)", status: status(for: error))
}

// Signal handling is in place before the listening line, so a SIGTERM sent as soon as that line
// appears is never lost. libdispatch registers signal sources asynchronously, so wait for both
// registrations (on a queue of their own, not the main queue) before announcing.
#if os(Linux)
// libdispatch on Linux installs its own handler when a signal source registers. Until then the
// default action applies, so a signal that arrives during start-up ends the process instead of
// being lost (a background shell may have left SIGINT ignored).
signal(SIGINT, SIG_DFL)
signal(SIGTERM, SIG_DFL)
#else
// kqueue sees ignored signals; ignoring them keeps the default action from killing the process.
signal(SIGINT, SIG_IGN)
signal(SIGTERM, SIG_IGN)
#endif
let signalQueue = DispatchQueue(label: "optolink-server.signals")
let registered = DispatchSemaphore(value: 0)
var signalSources = [any DispatchSourceSignal]()
for number in [SIGINT, SIGTERM] {
    let source = DispatchSource.makeSignalSource(signal: number, queue: signalQueue)
    // Explicitly @Sendable: top-level closures are otherwise main-actor isolated and would trap here.
    source.setEventHandler { @Sendable [server] in
        server.stop()
        print("stopped")
        fflush(nil)
        exit(0)
    }
    source.setRegistrationHandler { @Sendable [registered] in registered.signal() }
    source.resume()
    signalSources.append(source)
}
for _ in 0..<2 { registered.wait() }
print("listening on \(server.baseURL.absoluteString)")  // http://HOST:PORT ([v6] bracketed)
if seedPath == nil {
    print("demo org: demo (ACTIVE, teamId ABCDE12345, bundleId com.example.demo, custom domain links.demo.test)")
    print("  CLIENT key: opl_sdk_demo_client_key_0000000001")
    print("  SERVER key: opl_api_demo_server_key_0000000001")
    print("  links: /demo/summer, /demo/welcome, /demo/flash")
    print(
        "other orgs: beta (no teamId, opl_sdk_beta_client_key_0000000001), gone (SUSPENDED, "
            + "opl_sdk_gone_client_key_0000000001)"
    )
}
if configuration.production { print("production mode: /dev endpoints are off") }
if let lab = configuration.lab {
    print(
        "match lab control: links lab0…lab\(lab.links - 1) (\(lab.windowHours) h), the clock set by POST "
            + "/dev/lab/clock, "
            + "limits off, X-Forwarded-For trusted: not for real users")
}
fflush(nil)

dispatchMain()
