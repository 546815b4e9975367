import DashboardCore

/// What `optolink-dash proxy`'s own screen shows: where it listens and forwards, the pending faults, every
/// request through it (the injected ones marked), and the fault menu while it is open. Pure: keys and
/// events change it (``handle(_:)``, ``apply(_:)``), ``ProxyScreenRenderer`` draws it.
package struct ProxyScreenState: Sendable, Hashable {
    /// One request line: when (seconds since the proxy started), the event's line, whether it was injected.
    package struct Line: Sendable, Hashable {
        /// Seconds since the proxy started.
        package var time: Double
        /// ``ProxyEvent/line``.
        package var text: String
        /// Whether the proxy wrote or changed the answer.
        package var injected: Bool
    }

    /// What the app executes for a key.
    package enum Command: Sendable, Hashable {
        /// Add the fault for the next requests (every route).
        case inject(FaultRequest)
        /// Remove the pending faults.
        case clear
        /// The simulated browser clicks the main `--link`.
        case click
        /// Leave.
        case quit
    }

    /// The most request lines kept.
    package static let maxLines = 1000

    /// `http://127.0.0.1:8788`.
    package var listen: String
    /// The backend.
    package var upstream: String
    /// The pending faults, described (`503 on any ×2`).
    package var pending: [String] = []
    /// The requests so far, oldest first (at most ``maxLines``).
    package private(set) var lines: [Line] = []
    /// The fault menu (`f`): the selected kind and the number of requests.
    package struct FaultMenu: Sendable, Hashable {
        /// The selected fault.
        package var kind: FaultKind
        /// For how many requests.
        package var count: Int
    }

    /// The fault menu while it is open.
    package var menu: FaultMenu?
    /// The last notice (`added: 503 on any ×2`, `faults cleared`).
    package var notice: String?
    /// Lines scrolled back from the newest (0: follow the newest).
    package private(set) var scroll = 0

    /// A screen for a proxy on `listen` in front of `upstream`.
    package init(listen: String, upstream: String) {
        self.listen = listen
        self.upstream = upstream
    }

    /// Adds a line that is no request (a browser click's hop), kept with the requests.
    package mutating func note(_ text: String, time: Double) {
        lines.append(Line(time: time, text: text, injected: false))
        if lines.count > Self.maxLines { lines.removeFirst(lines.count - Self.maxLines) }
        if scroll > 0 { scroll = min(scroll + 1, max(0, lines.count - 1)) }
    }

    /// Adds a request line.
    package mutating func apply(_ event: ProxyEvent, time: Double) {
        lines.append(Line(time: time, text: event.line, injected: event.decision.isInjected))
        if lines.count > Self.maxLines { lines.removeFirst(lines.count - Self.maxLines) }
        if scroll > 0 { scroll = min(scroll + 1, max(0, lines.count - 1)) }
    }

    /// A key: moves in the menu or the list; returns what the app must do, if anything.
    package mutating func handle(_ key: Key) -> Command? {
        if let open = menu {
            let all = FaultKind.allCases
            var next = open
            switch key {
            case .escape:
                menu = nil
                return nil
            case .up, .character("k"): next.kind = all[max(0, open.kind.rawValue - 1)]
            case .down, .character("j"): next.kind = all[min(all.count - 1, open.kind.rawValue + 1)]
            case .character("+"), .right: next.count = min(99, open.count + 1)
            case .character("-"), .left: next.count = max(1, open.count - 1)
            case .character(let c) where c.isWholeNumber: next.count = max(1, c.wholeNumberValue ?? 1)
            case .enter:
                menu = nil
                return .inject(FaultRequest(kind: open.kind, count: open.count))
            case .ctrlC, .character("q"): return .quit
            default: break
            }
            menu = next
            return nil
        }
        switch key {
        case .character("f"): menu = FaultMenu(kind: .status503, count: 2)
        case .character("c"): return .clear
        case .character("b"): return .click
        case .character("q"), .ctrlC: return .quit
        case .up, .character("k"): scroll = min(scroll + 1, max(0, lines.count - 1))
        case .down, .character("j"): scroll = max(0, scroll - 1)
        case .pageUp: scroll = min(scroll + 10, max(0, lines.count - 1))
        case .pageDown: scroll = max(0, scroll - 10)
        case .character("G"): scroll = 0
        default: break
        }
        return nil
    }
}
