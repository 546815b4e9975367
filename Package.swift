// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "OptoLinkSwift",
    // The SDK's supported Apple platforms (README "Platforms"): iOS/iPadOS 13+ (and visionOS 1+, the same
    // UIKit branch), macOS 12+ (no pasteboard). tvOS and watchOS are not supported: not listed, so
    // nothing claims a minimum there (their branches only leave out what those systems lack).
    platforms: [.iOS(.v13), .macOS(.v12), .visionOS(.v1)],
    products: [
        .library(name: "OptoLink", targets: ["OptoLink"]),
        .library(name: "OptoLinkTesting", targets: ["OptoLinkTesting"]),
        // Debug builds only: an app links it in its debug configuration (docs/attach.md).
        .library(name: "OptoLinkInspector", targets: ["OptoLinkInspector"]),
        .library(name: "OptoLinkServer", targets: ["OptoLinkServer"]),
        .library(name: "OptoLinkS2S", targets: ["OptoLinkS2S"]),
        .executable(name: "optolink-server", targets: ["optolink-server"]),
        // The reference server opened to the match lab (its clock and links): a lab tool, not the shipped server.
        .executable(name: "optolink-lab-server", targets: ["optolink-lab-server"]),
        .executable(name: "optolink-dash", targets: ["optolink-dash"]),
        .executable(name: "optolink-bench", targets: ["optolink-bench"]),
        .executable(name: "optolink-example-app", targets: ["optolink-example-app"]),
    ],
    targets: [
        // The SDK an app embeds: Foundation only (iOS 13+, macOS, Linux). No debug tooling: the inspector
        // reaches it through a `package` hook (InspectionHook), never its public API.
        .target(name: "OptoLink", dependencies: ["OptoLinkClientCore"], resources: [.copy("PrivacyInfo.xcprivacy")]),
        // What the two client libraries (the SDK and OptoLinkS2S) share, written once: the retry decision,
        // the attempt race, the JSON tree's parser and Codable, the lock around a value. Not a product; its
        // symbols are `package`, so it adds nothing to either public API. The server never imports it.
        .target(name: "OptoLinkClientCore"),
        // The attach protocol's lines (messages, codec, framer, limits): plain values over the SDK's public
        // model (Diagnostic, OptoLinkData, JSONValue), shared by the inspector and the dashboard.
        .target(name: "OptoLinkInspectorWire", dependencies: ["OptoLink"]),
        // The debug inspector: streams an app's SDK to `optolink-dash --attach` and runs its commands.
        // Network.framework on Apple platforms, POSIX sockets on Linux. A product of its own, so an app that
        // does not link it carries no Network use, no connection and no remote command.
        .target(name: "OptoLinkInspector", dependencies: ["OptoLink", "OptoLinkInspectorWire"]),
        // Test doubles shipped as a product (store, pasteboard, device info, clock, transport).
        .target(name: "OptoLinkTesting", dependencies: ["OptoLink", "OptoLinkClientCore"]),

        // System libraries.
        .systemLibrary(name: "CSQLite", providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]),
        .systemLibrary(name: "CNcurses", providers: [.apt(["libncurses-dev"]), .brew(["ncurses"])]),
        .systemLibrary(name: "CCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"]), .brew(["openssl"])]),
        .systemLibrary(name: "CZlib", providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]),

        // HTTP/1.1 serving on POSIX sockets (event loops, byte parser, request/response): the reference
        // backend and the dashboard's fault proxy both serve through it. Imports neither the SDK nor the server.
        .target(name: "OptoLinkHTTP"),

        // The one fault model (a fault, a rule, the plan that decides each request): `/dev/faults` of the
        // reference backend, the dashboard's fault proxy, its scenarios and its fault menu. Imports nothing.
        .target(name: "OptoLinkFaults"),

        // What the server's and the dashboard's programs share (Foundation and CSpawn): a file a user names, an
        // output file, quoting in errors, whole numbers from files, the exit statuses and standard streams, the
        // reference server's own words a client recognizes (its name, QubeRoute's reasons), and ChildProcess.
        .target(name: "OptoLinkToolSupport", dependencies: ["CSpawn"]),
        // Two calls of the C library Swift's Glibc module does not declare (a child's working directory, a
        // pipe that closes on exec atomically), for ChildProcess.
        .target(name: "CSpawn"),
        // The reference backend (independent of the SDK: shares no code with it).
        .target(
            name: "OptoLinkServer",
            dependencies: ["OptoLinkHTTP", "OptoLinkFaults", "OptoLinkToolSupport", "CSQLite", "CCrypto", "CZlib"]),
        .executableTarget(name: "optolink-server", dependencies: ["OptoLinkServer", "OptoLinkToolSupport"]),
        // The match lab's harness over the server's matching engine (clicks and first launches on the caller's
        // clock, no HTTP, no SQLite): the dashboard's lab and the bench use it; the server never imports it.
        .target(name: "OptoLinkLabEngine", dependencies: ["OptoLinkServer", "OptoLinkHTTP"]),
        // The reference server opened to the lab run from another program (`--links N`): the server's flags
        // (ServerFlags) plus the lab's control (LabControl's `/dev/lab` routes, through the server's hook).
        .executableTarget(
            name: "optolink-lab-server", dependencies: ["OptoLinkLabEngine", "OptoLinkServer", "OptoLinkToolSupport"]),

        // Server-side clients that hold secrets (AppsFlyer S2S: the DevKey signs), for an app's backend:
        // Foundation plus the platform's HMAC (CryptoKit on Apple, libcrypto on Linux). Shares the clients'
        // rules with the SDK through OptoLinkClientCore, and no code with the server.
        .target(
            name: "OptoLinkS2S",
            dependencies: ["OptoLinkClientCore", .target(name: "CCrypto", condition: .when(platforms: [.linux]))]),

        // The declared command line: flags and commands as tables, their parser, help and refusals (Foundation only).
        .target(name: "DashboardCommandLine", dependencies: ["OptoLinkToolSupport"]),
        .testTarget(name: "DashboardCommandLineTests", dependencies: ["DashboardCommandLine"]),

        // The dashboard's core: its state, reducer, screen, keys and themes, with the domain every tool shares
        // (the services' profiles, the simulated device and browser, the backend client, the options). A tool
        // reaches the screen through a panel (DashboardPanel), never by being named here.
        .target(
            name: "DashboardCore",
            dependencies: [
                "DashboardCommandLine", "OptoLink", "OptoLinkTesting", "OptoLinkToolSupport", "OptoLinkHTTP",
                "OptoLinkFaults", "OptoLinkS2S", "OptoLinkInspectorWire",
            ]),
        // The fault proxy (`optolink-dash proxy`): a loopback front for any deployment that answers by a plan.
        .target(
            name: "DashboardProxy",
            dependencies: ["DashboardCore", "OptoLink", "OptoLinkToolSupport", "OptoLinkFaults", "OptoLinkHTTP"]),
        // The scenarios: their catalog and runner, compares across the services, and the exports of a run.
        .target(
            name: "DashboardScenarios",
            dependencies: [
                "DashboardCore", "DashboardProxy", "OptoLink", "OptoLinkToolSupport", "OptoLinkFaults", "OptoLinkHTTP",
                "OptoLinkServer",
            ]),
        // The match lab: populations, engines, replay of recorded data, reports and the Lab view.
        .target(
            name: "DashboardLab",
            dependencies: [
                "DashboardCore", "DashboardScenarios", "OptoLink", "OptoLinkToolSupport", "OptoLinkHTTP",
                "OptoLinkLabEngine", "OptoLinkServer", "OptoLinkTesting", "DashboardCommandLine",
            ]),
        // Attach: the listener real apps' inspectors connect to, its registry and handshake.
        .target(
            name: "DashboardAttach",
            dependencies: [
                "DashboardCore", "OptoLink", "OptoLinkHTTP", "OptoLinkInspectorWire", "OptoLinkToolSupport",
            ]),
        // Sessions: recording, replay, HAR import and the asciicast export.
        .target(
            name: "DashboardSessions",
            dependencies: ["DashboardCore", "DashboardScenarios", "DashboardLab", "OptoLink", "OptoLinkToolSupport"]),
        // The dashboard wired: its runtime, the app loop, headless runs and the lab's commands.
        .target(
            name: "OptoLinkDashboard",
            dependencies: [
                "DashboardCore", "DashboardProxy", "DashboardScenarios", "DashboardLab", "DashboardAttach",
                "DashboardSessions", "DashboardCommandLine", "OptoLink", "OptoLinkToolSupport", "OptoLinkFaults",
                "OptoLinkHTTP",
                "OptoLinkInspectorWire", "OptoLinkServer",
            ]),
        // The deployment checklist (`optolink-dash doctor`): per-service checks over the dashboard's browser and
        // exchanges; nothing below it imports it.
        .target(
            name: "DashboardDoctor",
            dependencies: ["DashboardCore", "DashboardCommandLine", "OptoLink", "OptoLinkToolSupport", "OptoLinkS2S"]),
        .executableTarget(
            name: "optolink-dash",
            dependencies: [
                "OptoLinkDashboard", "DashboardCore", "DashboardProxy", "DashboardScenarios", "DashboardLab",
                "DashboardAttach", "DashboardSessions", "DashboardCommandLine", "DashboardDoctor", "OptoLinkHTTP",
                "OptoLinkToolSupport", "CNcurses",
            ]),

        // A tiny "app" on the real SDK (file store, real transport) that attaches to optolink-dash --attach.
        .executableTarget(name: "optolink-example-app", dependencies: ["OptoLink", "OptoLinkInspector"]),

        // End-to-end helper: tracks events through the real SDK with a file store (killed and restarted by
        // EndToEndTests).
        .executableTarget(name: "optolink-event-child", dependencies: ["OptoLink", "OptoLinkTesting"]),

        // Benchmarks against same-run baselines, printed as a table of ratios (bench/RESULTS.md).
        .executableTarget(
            name: "optolink-bench",
            dependencies: [
                "OptoLink", "OptoLinkTesting", "OptoLinkServer", "OptoLinkLabEngine", "OptoLinkDashboard",
                "DashboardCore", "DashboardProxy", "DashboardScenarios", "DashboardLab", "DashboardAttach",
                "DashboardSessions", "OptoLinkS2S", "OptoLinkInspector", "OptoLinkToolSupport",
            ]),

        // Test support shared by the test targets (not shipped): the gate that keeps the tests that load
        // the machine and the ones that measure real time from overlapping, the test tiers' tags (and the
        // OPTOLINK_SKIP_TAGS switch of the fast inner loop, docs/testing.md), the seeded generator, and a raw
        // loopback responder (an HTTP answer, bytes that are not HTTP, or no answer at all).
        // Also the stand-in services (StandIns/): four deployments written from the seeds alone, served
        // through OptoLinkHTTP, AppsFlyer's af_sig checked with libcrypto. Never the reference server or the SDK.
        .target(name: "TestSupport", dependencies: ["OptoLinkHTTP", "CCrypto"], path: "Tests/TestSupport"),
        // The dashboard tests' shared parts: a stub HTTP server over the server's own HTTP layer (answers a seed
        // cannot produce), the doctor's options for a stand-in, and Dashboard/: the states, snapshots
        // (Snapshots/), session files, tmux and terminal readers the dashboard's test targets share.
        .target(
            name: "DashboardTestSupport",
            dependencies: [
                "DashboardDoctor", "DashboardCore", "DashboardScenarios", "DashboardLab", "DashboardSessions",
                "OptoLink",
                "OptoLinkHTTP", "OptoLinkServer", "OptoLinkToolSupport", "TestSupport",
            ],
            path: "Tests/DashboardTestSupport", exclude: ["Snapshots"]),
        // The SDK tests' fixtures (the demo org's configuration and answers, a test device, a routed
        // transport), shared by the SDK's and the inspector's tests. Public API of the SDK only.
        .target(name: "SDKFixtures", dependencies: ["OptoLink", "OptoLinkTesting"], path: "Tests/SDKFixtures"),
        .testTarget(
            name: "OptoLinkTests",
            dependencies: [
                "OptoLink", "OptoLinkClientCore", "OptoLinkTesting", "OptoLinkToolSupport", "TestSupport",
                "SDKFixtures",
            ]),
        .testTarget(
            name: "OptoLinkInspectorTests",
            dependencies: [
                "OptoLinkInspector", "OptoLinkInspectorWire", "OptoLink", "OptoLinkTesting", "SDKFixtures",
                "TestSupport",
            ]),
        .testTarget(name: "OptoLinkHTTPTests", dependencies: ["OptoLinkHTTP", "TestSupport"]),
        .testTarget(
            name: "OptoLinkServerTests",
            dependencies: ["OptoLinkServer", "OptoLinkHTTP", "TestSupport", "OptoLinkToolSupport"]),
        .testTarget(name: "OptoLinkS2STests", dependencies: ["OptoLinkS2S", "OptoLinkClientCore", "TestSupport"]),
        .testTarget(name: "OptoLinkClientCoreTests", dependencies: ["OptoLinkClientCore"]),
        .testTarget(name: "OptoLinkFaultsTests", dependencies: ["OptoLinkFaults"]),
        .testTarget(
            name: "OptoLinkLabEngineTests",
            dependencies: ["OptoLinkLabEngine", "OptoLinkServer", "OptoLinkHTTP", "TestSupport"]),
        // The dashboard's tests, one target per dashboard target; the shared fixtures, snapshots and session
        // files are DashboardTestSupport's.
        .testTarget(
            name: "DashboardCoreTests",
            dependencies: [
                "DashboardCore", "DashboardDoctor", "DashboardLab", "DashboardProxy", "DashboardScenarios",
                "DashboardTestSupport", "OptoLink", "OptoLinkFaults", "OptoLinkS2S", "OptoLinkServer",
                "OptoLinkTesting", "TestSupport",
            ]),
        .testTarget(
            name: "DashboardProxyTests",
            dependencies: [
                "DashboardCore", "DashboardProxy", "DashboardScenarios", "DashboardTestSupport", "OptoLink",
                "OptoLinkFaults", "OptoLinkHTTP", "OptoLinkServer", "OptoLinkTesting", "TestSupport",
            ]),
        .testTarget(
            name: "DashboardScenariosTests",
            dependencies: [
                "DashboardCore", "DashboardProxy", "DashboardScenarios", "DashboardTestSupport", "OptoLink",
                "OptoLinkServer", "TestSupport",
            ]),
        .testTarget(
            name: "DashboardLabTests",
            dependencies: [
                "DashboardCore", "DashboardLab", "DashboardProxy", "DashboardScenarios", "DashboardTestSupport",
                "OptoLink", "OptoLinkDashboard", "OptoLinkHTTP", "OptoLinkLabEngine", "OptoLinkServer", "TestSupport",
            ]),
        .testTarget(
            name: "DashboardAttachTests",
            dependencies: [
                "DashboardAttach", "DashboardCore", "DashboardTestSupport", "OptoLink", "OptoLinkInspector",
                "OptoLinkInspectorWire", "OptoLinkTesting", "OptoLinkToolSupport", "TestSupport",
            ]),
        .testTarget(
            name: "DashboardSessionsTests",
            dependencies: [
                "DashboardCore", "DashboardLab", "DashboardScenarios", "DashboardSessions", "DashboardTestSupport",
                "OptoLink",
            ],
            exclude: ["Fixtures"]),
        .testTarget(
            name: "OptoLinkDashboardTests",
            dependencies: [
                "DashboardCore", "DashboardDoctor", "DashboardLab", "DashboardProxy", "DashboardScenarios",
                "DashboardSessions", "DashboardTestSupport", "OptoLink", "OptoLinkDashboard", "OptoLinkFaults",
                "OptoLinkHTTP", "OptoLinkServer", "OptoLinkTesting", "TestSupport", "OptoLinkToolSupport",
            ]),
        .testTarget(
            name: "DashboardDoctorTests",
            dependencies: [
                "DashboardDoctor", "DashboardTestSupport", "OptoLinkDashboard", "DashboardCore", "DashboardProxy",
                "DashboardScenarios", "DashboardLab", "DashboardAttach", "DashboardSessions", "OptoLink",
                "OptoLinkHTTP", "OptoLinkS2S",
                "OptoLinkServer", "OptoLinkTesting", "TestSupport",
            ]),
        // The bench's pure parts (a timing's arithmetic, the report's rows and tally), no measure run.
        .testTarget(name: "OptoLinkBenchTests", dependencies: ["optolink-bench"]),
        // The real SDK against the real server on loopback: flows, faults, hostile input, load, durability.
        .testTarget(
            name: "EndToEndTests",
            dependencies: [
                "OptoLink", "OptoLinkTesting", "OptoLinkServer", "OptoLinkHTTP", "OptoLinkDashboard", "DashboardCore",
                "DashboardProxy", "DashboardScenarios", "DashboardLab", "DashboardAttach", "DashboardSessions",
                "OptoLinkFaults",
                "OptoLinkS2S", "OptoLinkToolSupport", "TestSupport",
            ]),
    ],
    swiftLanguageModes: [.v6]
)

// Upcoming features on every Swift target, as swift-log does.
for target in package.targets where target.type != .system {
    var settings = target.swiftSettings ?? []
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    target.swiftSettings = settings
}
