import Foundation

/// Per client address and route family, fixed one-minute windows: the first request of a window
/// opens it for 60 s; past the limit the answer is 429 with `Retry-After` = seconds until the
/// window closes (at least 1). Windows live in memory, as the real backend keeps them in Redis.
final class RateLimiter: Sendable {
    /// The route families and their limits per minute.
    enum Family: String, Sendable, CaseIterable {
        /// Redirect page and `/data`: 500/min.
        case resolve
        /// `/match`: 30/min.
        case match
        /// `/sdk/session`, `/sdk/identity`, `/sdk/identity/clear`: 60/min.
        case sdk
        /// `/sdk/events`: 600/min.
        case events

        var limit: Int {
            switch self {
            case .resolve: 500
            case .match: 30
            case .sdk: 60
            case .events: 600
            }
        }
    }

    static let window: TimeInterval = 60

    private struct Window {
        var start: Date
        var count: Int
    }

    /// The windows, and the size at which expired ones are swept out next.
    private struct Windows {
        var byKey: [String: Window] = [:]
        /// Sweeping costs a pass over every window, so it runs only when the map has doubled since the
        /// last sweep (at least 20 000): amortized O(1) per request, even when 20 000+ addresses are live.
        var sweepAt = RateLimiter.minimumSweepSize
    }

    static let minimumSweepSize = 20_000

    private let windows = Locked(Windows())

    /// Counts one request; throws 429 when the family's limit for this address is used up.
    func check(_ family: Family, ip: String, now: Date) throws(OptoLinkServerError) {
        let key = family.rawValue + "|" + ip
        let retryAfter: Int? = windows.withLock { state in
            if state.byKey.count > state.sweepAt {
                state.byKey = state.byKey.filter { now.timeIntervalSince($0.value.start) < RateLimiter.window }
                state.sweepAt = max(RateLimiter.minimumSweepSize, state.byKey.count * 2)
            }
            var window = state.byKey[key] ?? Window(start: now, count: 0)
            if now.timeIntervalSince(window.start) >= RateLimiter.window || now < window.start {
                window = Window(start: now, count: 0)
            }
            guard window.count < family.limit else {
                return Int((window.start.addingTimeInterval(RateLimiter.window).timeIntervalSince(now)).rounded(.up))
            }
            window.count += 1
            state.byKey[key] = window
            return nil
        }
        if let seconds = retryAfter { throw .tooManyRequests(retryAfter: seconds) }
    }

    /// Forgets every window.
    func reset() { windows.withLock { $0 = Windows() } }
}
