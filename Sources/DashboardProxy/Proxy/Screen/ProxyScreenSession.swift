import DashboardCore
import Foundation
import OptoLinkFaults

/// `optolink-dash proxy` with its own screen: the fault proxy started from ``ProxyCommand/Options``, its
/// requests fed into a ``ProxyScreenState``, keys executed (`f` the fault menu, `c` clear, `q` quit), and
/// the screen redrawn whenever a request or a key changed it.
///
/// ```swift
/// let session = try ProxyScreenSession.start(options)
/// session.setWakeHandler { wake.signal() }
/// session.run(on: terminal, theme: .builtInDefault) { stopRequested() }
/// session.stop()
/// ```
///
/// `@unchecked Sendable` is safe: `state` is only touched by the thread that starts the session and runs
/// ``run(on:theme:shouldStop:)``; the proxy's threads only reach the ``ProxyEventQueue``, which has its lock.
package final class ProxyScreenSession: @unchecked Sendable {
    /// The proxy.
    package let proxy: FaultProxy
    /// What the screen shows.
    package private(set) var state: ProxyScreenState
    private let events = ProxyEventQueue()
    private let links: ScenarioLinks

    private init(options: ProxyCommand.Options, upstream: URL) {
        links = ScenarioLinks.given(options.links)
        state = ProxyScreenState(listen: "", upstream: upstream.absoluteString)
        let events = self.events
        proxy = FaultProxy(
            upstream: upstream, host: options.host, port: options.port, upstreamTimeout: options.upstreamTimeout,
            onEvent: { events.add($0) })
    }

    /// Starts the proxy of `options` (its `--fault` rules pending).
    /// - Throws: ``DashboardError`` when it cannot listen, or without `--upstream`.
    package static func start(_ options: ProxyCommand.Options) throws(DashboardError) -> ProxyScreenSession {
        guard let upstream = options.upstream else { throw .usage("--upstream URL is required") }
        let session = ProxyScreenSession(options: options, upstream: upstream)
        for rule in options.rules { session.proxy.add(rule) }
        try session.proxy.start()
        session.state.listen = session.proxy.url.absoluteString
        session.refreshPending()
        return session
    }

    /// What a request or a notice calls after queueing, so a loop blocked on a key wakes at once.
    package func setWakeHandler(_ handler: @escaping @Sendable () -> Void) { events.setWakeHandler(handler) }

    /// Runs the screen until `q` or `shouldStop`.
    package func run(on terminal: any DashboardTerminal, theme: Theme, shouldStop: () -> Bool = { false }) {
        var lastDrawn: ScreenBuffer?
        var size = terminal.size()
        while !shouldStop() {
            drain()
            size = terminal.size()
            let buffer = ProxyScreenRenderer.render(state, size: size)
            if buffer != lastDrawn {
                terminal.draw(buffer, theme: theme)
                lastDrawn = buffer
            }
            guard let key = terminal.readKey(timeout: 1) else { continue }
            if execute(state.handle(key)) == false { return }
        }
    }

    /// Stops the proxy.
    package func stop() { proxy.stop() }

    /// Executes a key's command; false to leave.
    func execute(_ command: ProxyScreenState.Command?) -> Bool {
        switch command {
        case .none: break
        case .quit: return false
        case .clear:
            proxy.clear()
            state.notice = "faults cleared"
        case .click:
            let (events, links) = (self.events, self.links)
            state.notice = links.link(.main).map { "clicking \($0.url.absoluteString)…" } ?? "no --link to click"
            Task {
                for line in await ProxyCommand.click(LinkRole.main.rawValue, links: links) { events.add(.notice(line)) }
            }
        case .inject(let request):
            let rule = request.rule(sdkTimeout: 10)
            proxy.add(rule)
            state.notice = "added: \(ProxyCommand.describe(rule))"
        }
        refreshPending()
        return true
    }

    /// Folds the queued requests into the state (the screen's thread).
    func drain() {
        let queued = events.drain()
        for (item, time) in queued {
            switch item {
            case .event(let event): state.apply(event, time: time)
            case .notice(let text): state.note(text, time: time)
            }
        }
        if !queued.isEmpty { refreshPending() }
    }

    private func refreshPending() { state.pending = proxy.pending.map(ProxyCommand.describe) }
}
