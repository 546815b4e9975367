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

    /// A window's key: the family and the address (no concatenated String per request).
    private struct Key: Hashable {
        var family: Family
        var ip: String
    }

    private struct State {
        var windows: [Key: Window] = [:]
        var lastPrune: Date?
        /// Past this many windows, closed ones are swept before the minute is up. It doubles with the
        /// windows still open after a sweep (at least 20 000), so many live addresses do not make every
        /// request filter the whole map (amortized O(1); found by optolink-bench, measure 4).
        var sweepAt = RateLimiter.minimumSweepSize
        /// No window starts before `earliestStart` or after `latestStart` (nil: no windows). When every
        /// start is within the last minute and not in the future, a sweep would keep every window, so it
        /// is skipped: a burst of new addresses made each doubling sweep copy the whole map for nothing
        /// (optolink-bench, measure 4a, where every request comes from a new address).
        var earliestStart: Date?
        var latestStart: Date?
    }

    static let minimumSweepSize = 20_000

    private let state = Locked(State())

    /// Counts one request; throws 429 when the family's limit for this address is used up.
    func check(_ family: Family, ip: String, now: Date) throws(OptoLinkServerError) {
        let key = Key(family: family, ip: ip)
        let retryAfter: Int? = state.withLock { state in
            // Closed windows are dropped once a minute (and when the map has grown past `sweepAt`), so
            // memory returns to its resting level after a burst of addresses.
            let due = state.lastPrune.map { now.timeIntervalSince($0) >= RateLimiter.window || now < $0 } ?? false
            if due || state.windows.count > state.sweepAt {
                let nothingToDrop = (state.earliestStart.map { now.timeIntervalSince($0) < RateLimiter.window } ?? true)
                    && (state.latestStart.map { now >= $0 } ?? true)
                if !nothingToDrop {
                    state.windows = state.windows.filter { now.timeIntervalSince($0.value.start) < RateLimiter.window && now >= $0.value.start }
                    state.earliestStart = state.windows.values.lazy.map(\.start).min()
                    state.latestStart = state.windows.values.lazy.map(\.start).max()
                }
                state.sweepAt = max(RateLimiter.minimumSweepSize, state.windows.count * 2)
            }
            if due || state.lastPrune == nil { state.lastPrune = now }
            var window = state.windows[key] ?? Window(start: now, count: 0)
            if now.timeIntervalSince(window.start) >= RateLimiter.window || now < window.start {
                window = Window(start: now, count: 0)
            }
            if window.count == 0 {   // a new window, stored below
                state.earliestStart = min(state.earliestStart ?? now, now)
                state.latestStart = max(state.latestStart ?? now, now)
            }
            guard window.count < family.limit else {
                return Int((window.start.addingTimeInterval(RateLimiter.window).timeIntervalSince(now)).rounded(.up))
            }
            window.count += 1
            state.windows[key] = window
            return nil
        }
        if let seconds = retryAfter { throw .tooManyRequests(retryAfter: seconds) }
    }

    /// How many windows are held (tests: memory after a burst).
    var windowCount: Int { state.withLock { $0.windows.count } }

    /// Forgets every window.
    func reset() {
        state.withLock { state in
            state.windows.removeAll()
            state.earliestStart = nil
            state.latestStart = nil
        }
    }
}
