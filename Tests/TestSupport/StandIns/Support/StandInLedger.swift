import Foundation
internal import OptoLinkHTTP

/// What a stand-in saw, for tests to assert on: every request line, every click, every accepted event.
/// Safe from any thread (the HTTP layer's event loops write, tests read).
final class StandInLedger: Sendable {
    private struct State {
        var requests: [String] = []
        var clicks: [StandInClick] = []
        var events: [StandInEvent] = []
    }

    private let state = Locked(State())

    /// `"METHOD /path"` of every request, in arrival order.
    var requests: [String] { state.withLock { $0.requests } }
    /// Every click, in order.
    var clicks: [StandInClick] { state.withLock { $0.clicks } }
    /// Every accepted event, in order.
    var events: [StandInEvent] { state.withLock { $0.events } }

    /// Logs a request as `"METHOD /path"`.
    func log(method: String, path: String) {
        state.withLock { $0.requests.append(method + " " + path) }
    }

    /// Records a click; returns its number, for ``updateClick(_:_:)``.
    func record(_ click: StandInClick) -> Int {
        state.withLock { s in
            s.clicks.append(click)
            return s.clicks.count - 1
        }
    }

    /// Changes click number `index` (a later hop, the destination); nothing for an unknown number.
    func updateClick(_ index: Int, _ change: (inout StandInClick) -> Void) {
        state.withLock { s in
            guard s.clicks.indices.contains(index) else { return }
            change(&s.clicks[index])
        }
    }

    /// Records an accepted event.
    func record(_ event: StandInEvent) {
        state.withLock { $0.events.append(event) }
    }
}
