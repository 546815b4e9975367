import Foundation
import OptoLink
import OptoLinkInspector

// optolink-example-app: the real SDK in a tiny command-line "app", attached to optolink-dash --attach.
// The integration below is what an iOS app does in its App/AppDelegate (docs/attach.md), minus UIKit.

let options: ExampleOptions
do {
    options = try ExampleOptions.parse(Array(CommandLine.arguments.dropFirst()))
} catch let error as ExampleError {
    FileHandle.standardError.write(Data((error.description + "\n").utf8))
    exit(error.code)
}

func say(_ text: String) {
    FileHandle.standardOutput.write(Data((text + "\n").utf8))
}

let configuration: OptoLinkConfiguration
do {
    configuration = try .optoLink(
        apiKey: options.apiKey, orgKey: options.orgKey, baseURL: options.baseURL,
        retry: RetryPolicy(backoffBase: options.backoffBase),
        logging: .init(logger: { level, message in say("[\(level)] \(message)") }))
} catch {
    FileHandle.standardError.write(Data("optolink-example-app: \(error)\n".utf8))
    exit(2)
}

var environment = OptoLinkEnvironment.live(
    store: FileKeyValueStore(directory: URL(fileURLWithPath: options.store, isDirectory: true)))
environment.pasteboard = ExamplePasteboard(options.pasteboard)
let optoLink = OptoLink.start(configuration: configuration, environment: environment, launchURL: options.launchURL)

// The inspector: debug builds only in a real app (#if DEBUG), here whenever --attach is given.
let inspector: OptoLinkInspector? = options.attach.flatMap { dashboard in
    options.token.map {
        OptoLinkInspector.attach(to: optoLink, dashboard: dashboard, token: $0, allowsCommands: options.allowCommands)
    }
}
say(
    "device \(optoLink.deviceId) · \(options.baseURL.absoluteString) · org \(options.orgKey)"
        + (options.attach.map { " · attaching to \($0.label)" } ?? ""))

// The app's own listeners: its router (links) and, like an app that logs them, the diagnostics.
let router = Task {
    for await link in optoLink.links {
        say("route → \(link.path) (\(link.matchType.rawValue)\(link.isDeferred ? ", deferred" : ""))")
    }
}
let logger = Task {
    for await diagnostic in optoLink.diagnostics where !options.quiet {
        say(String(format: "%10.3f ", diagnostic.time) + "\(diagnostic.kind)")
    }
}

/// Runs one action line; false for `quit`.
@MainActor func run(_ line: String) async -> Bool {
    let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
    guard let verb = parts.first else { return true }
    let argument = parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : ""
    switch verb {
    case "open":
        let url =
            argument.contains("://")
            ? URL(string: argument)
            : options.baseURL.appendingPathComponent(options.orgKey).appendingPathComponent(argument)
        guard let url else {
            say("open: not a URL: \(argument)")
            return true
        }
        let link = await optoLink.handle(url: url)
        say("open \(url.absoluteString) → \(link?.path ?? "nothing (see the log)")")
    case "track":
        say(
            "track \(argument) → "
                + "\(await optoLink.trackEvent(argument.isEmpty ? "example_event" : argument) ? "queued" : "refused")"
        )
    case "identity":
        say("identity \(argument) → \(await optoLink.setIdentity(argument))")
    case "clear-identity":
        say("clear-identity → \(await optoLink.clearIdentity())")
    case "flush":
        await optoLink.flushEvents()
        say("flushed (\(await optoLink.queuedEventCount()) queued)")
    case "status":
        say("inspector: \(inspector.map { "\($0.status)" } ?? "not attached")")
    case "quit":
        return false
    default:
        say("unknown action \(verb): open URL|CODE · track NAME · identity ID · clear-identity · flush · status · quit")
    }
    return true
}

for action in options.actions { _ = await run(action) }

// stdin lines, read on a thread of their own (a blocking read must not hold the cooperative pool).
let lines = AsyncStream<String> { continuation in
    Thread.detachNewThread {
        while let line = readLine() { continuation.yield(line) }
        continuation.finish()
    }
}
var running = true
for await line in lines {
    running = await run(line)
    if !running { break }
}
// stdin ended without quit (e.g. </dev/null in the background): keep running until a signal.
while running {
    try? await Task.sleep(nanoseconds: 3_600_000_000_000)
}
inspector?.stop()
router.cancel()
logger.cancel()
await optoLink.shutdown()
