import DashboardCore
import Foundation
import OptoLinkFaults
import OptoLinkToolSupport

/// `optolink-dash proxy --listen HOST:PORT --upstream URL [--fault RULE]…`: the fault proxy alone, with a
/// headless log (one line per request, the injected ones marked) and fault rules from the command line
/// and, while it runs, from stdin (one rule per line, `clear`, `list`); on a terminal, with a screen of its
/// own instead (``ProxyScreenSession``). docs/proxy.md.
package enum ProxyCommand {
    /// What the command line asked for.
    package struct Options: Sendable, Hashable {
        /// Where to listen (default 127.0.0.1).
        package var host = "127.0.0.1"
        /// The port (0: any free port, printed at start).
        package var port = 8788
        /// The backend.
        package var upstream: URL?
        /// Rules pending from the start.
        package var rules: [FaultRule] = []
        /// Seconds a forwarded request may take.
        package var upstreamTimeout: Double = 30
        /// Whether to print the help.
        package var help = false
        /// `--log`: the headless log even on a terminal (without it a terminal gets the proxy's screen).
        package var log = false
        /// `--link [ROLE=]URL`: short links the simulated browser can click (`click [ROLE]` on stdin, `b` on
        /// the screen), to see a deployment's click page hop by hop.
        package var links: [LinkRole: URL] = [:]
    }

    /// The `optolink-dash proxy --help` text, from the table.
    package static var usage: String { DashCommands.usage(DashCommands.proxy) }

    /// Parses what follows `proxy` with the table.
    /// - Throws: ``DashboardError/usage(_:)`` naming the problem.
    package static func parse(_ arguments: [String]) throws(DashboardError) -> Options {
        let parsed = try DashCommands.parse(arguments, as: DashCommands.proxy)
        var options = Options()
        options.help = parsed.has("--help")
        options.log = parsed.has("--log")
        options.upstream = parsed.url("--upstream")
        if let text = parsed.text("--listen") {
            guard let colon = text.lastIndex(of: ":"), let port = Int(text[text.index(after: colon)...]),
                (0...65535).contains(port)
            else {
                throw .usage("--listen must be HOST:PORT, got \(text)")
            }
            var host = String(text[..<colon])
            if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
            options.host = host.isEmpty ? "127.0.0.1" : host
            options.port = port
        }
        for rule in parsed.texts("--fault") { options.rules.append(try ProxyFaultSyntax.parse(rule)) }
        for text in parsed.texts("--link") {
            let (role, url) = try LinkArgument.parse(text)
            guard options.links[role] == nil else { throw .usage("--link \(role.rawValue) is given twice") }
            options.links[role] = url
        }
        options.upstreamTimeout = parsed.number("--upstream-timeout") ?? 30
        if !options.help, options.upstream == nil { throw .usage("--upstream URL is required") }
        return options
    }

    /// Runs the proxy until the process is stopped: prints the start line, one line per request, and
    /// answers the rules read from `input` (nil: no stdin reading).
    /// - Returns: the exit code when it cannot start (2 or 3); never returns once it listens.
    package static func run(
        arguments: [String], input: FileHandle? = .standardInput,
        out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void
    ) -> Int32 {
        let options: Options
        do {
            options = try parse(arguments)
        } catch {
            err("optolink-dash proxy: \(error)")
            return ExitStatus.badInput.rawValue
        }
        if options.help {
            out(usage)
            return ExitStatus.done.rawValue
        }
        guard let upstream = options.upstream else { return ExitStatus.badInput.rawValue }
        let started = Date()
        let proxy = FaultProxy(
            upstream: upstream, host: options.host, port: options.port, upstreamTimeout: options.upstreamTimeout
        ) { event in
            out(String(format: "%8.3fs ", Date().timeIntervalSince(started)) + event.line)
        }
        for rule in options.rules { proxy.add(rule) }
        do {
            try proxy.start()
        } catch {
            err("optolink-dash proxy: \(error)")
            return ExitStatus.exportFailed.rawValue
        }
        out("optolink-dash proxy: listening on \(proxy.url.absoluteString) → \(upstream.absoluteString)")
        for rule in proxy.pending { out("pending: \(describe(rule))") }
        let links = ScenarioLinks.given(options.links)
        for line in links.lines { out("link \(line)") }
        if let input {
            let reader = Thread {
                while let line = readLine(from: input) {
                    if let role = clickRole(line) {
                        Task { for reply in await click(role, links: links) { out(reply) } }
                        continue
                    }
                    for reply in answer(line, proxy: proxy) { out(reply) }
                }
            }
            reader.name = "optolink-proxy-stdin"
            reader.start()
        }
        while true { sleep(3600) }
    }

    /// What a stdin line does: a rule is added, `list` shows the pending ones, `clear` removes them.
    package static func answer(_ line: String, proxy: FaultProxy) -> [String] {
        let text = line.trimmingCharacters(in: .whitespaces)
        switch text {
        case "": return []
        case "list":
            return proxy.pending.isEmpty ? ["no pending faults"] : proxy.pending.map { "pending: \(describe($0))" }
        case "clear":
            proxy.clear()
            return ["faults cleared"]
        default:
            do {
                let rule = try ProxyFaultSyntax.parse(text)
                proxy.add(rule)
                return ["added: \(describe(rule))"]
            } catch {
                return ["\(error)"]
            }
        }
    }

    /// The role a stdin line `click [ROLE]` asks to click (nil: not a click line).
    static func clickRole(_ line: String) -> String? {
        let words = line.split(separator: " ").map(String.init)
        guard words.first == "click", words.count <= 2 else { return nil }
        return words.count == 2 ? words[1] : LinkRole.main.rawValue
    }

    /// The simulated browser (the demo iPhone) clicks the link of `role` among `links`: a line per hop and
    /// one for how it ended, or why it cannot.
    package static func click(
        _ role: String, links: ScenarioLinks, browser: SimulatedBrowser = SimulatedBrowser()
    ) async -> [String] {
        guard let known = LinkRole(rawValue: role) else {
            return [
                "click: unknown role '\(role)' (roles: \(LinkRole.allCases.map(\.rawValue).joined(separator: ", ")))"
            ]
        }
        guard let link = links.link(known) else { return ["click: no \(known.rawValue) link (give one with --link)"] }
        let phone = FingerprintValues.demoPhone
        let visit = await browser.visit(link.url, as: phone, forwardedFor: phone.networkAddress)
        let hops = zip(visit.hops, visit.steps).map { hop, step in
            "click \(known.rawValue): GET \(hop.url) → \(hop.status.map(String.init) ?? "no answer"): \(step.text)"
        }
        return hops + [
            "click \(known.rawValue): \(visit.end.isSuccess ? "done" : "FAILED"), \(visit.hops.count) hop(s)"
                + (visit.token.map { ", clipboard token \($0) on the page" } ?? "")
        ]
    }

    /// `503 on match ×2`.
    package static func describe(_ rule: FaultRule) -> String {
        "\(rule.fault.label) on \(rule.route) ×\(rule.remaining)"
    }

    private static func readLine(from handle: FileHandle) -> String? {
        var bytes = [UInt8]()
        while true {
            let chunk = handle.readData(ofLength: 1)
            if chunk.isEmpty { return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self) }
            if chunk[0] == 0x0a { return String(decoding: bytes, as: UTF8.self) }
            bytes.append(chunk[0])
        }
    }
}
