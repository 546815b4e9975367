import Foundation
import OptoLinkHTTP

/// Per client address and route family, fixed one-minute windows: the first request of a window
/// opens it for 60 s; past the limit the answer is 429 with `Retry-After` = seconds until the
/// window closes (at least 1). Windows live in memory, as the real backend keeps them in Redis.
///
/// The time of a request is read from the clock inside the limiter's lock, so the requests of one
/// window are counted in the order of their times: a request stamped before another one opened a window
/// can no longer arrive after it and reopen it (four concurrent first requests once let 501 through a
/// 500/min window that way). Should the clock still step back (a wall clock being corrected), a window
/// keeps its count and starts at the earlier time instead: it is never reopened early.
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

    /// The windows, spread over 64 dictionaries by a hash of the address. One dictionary doubled its
    /// storage (rehashing every window, under the lock every request takes) each time it filled: with a
    /// million addresses that stopped the server for 100 ms and more. A
    /// shard that grows moves 1/64 of them. Which windows exist, and when they go, is the same.
    private struct Windows {
        static let shardCount = 64
        private var shards = [[Key: Window]](repeating: [:], count: Windows.shardCount)
        /// Windows held, over every shard.
        private(set) var count = 0

        /// The shard of `key` (FNV-1a of the address).
        static func shard(of key: Key) -> Int {
            var hash: UInt32 = 2_166_136_261
            for byte in key.ip.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
            return Int(hash % UInt32(shardCount))
        }

        func window(_ key: Key, shard: Int) -> Window? { shards[shard][key] }

        mutating func set(_ window: Window, for key: Key, shard: Int) {
            if shards[shard].updateValue(window, forKey: key) == nil { count += 1 }
        }

        /// Keeps the windows `isOpen` accepts.
        mutating func keep(where isOpen: (Window) -> Bool) {
            count = 0
            for index in shards.indices {
                shards[index] = shards[index].filter { isOpen($0.value) }
                count += shards[index].count
            }
        }

        mutating func removeAll() {
            for index in shards.indices { shards[index].removeAll() }
            count = 0
        }

        var starts: [Date] { shards.flatMap { $0.values.map(\.start) } }
    }

    private struct State {
        var windows = Windows()
        var lastPrune: Date?
        /// Past this many windows, closed ones are swept before the minute is up. It doubles with the
        /// windows still open after a sweep (at least 20 000), so many live addresses do not make every
        /// request filter the whole map (amortized O(1)).
        var sweepAt = RateLimiter.minimumSweepSize
        /// No window starts before `earliestStart` (nil: no windows). When every start is within the last
        /// minute, a sweep would keep every window, so it is skipped: a burst of new addresses made each
        /// doubling sweep copy the whole map for nothing when every request
        /// comes from a new address.
        var earliestStart: Date?
    }

    static let minimumSweepSize = 20_000

    private let state = Locked(State())
    private let clock: any ServerClock

    /// A limiter reading the time from `clock` (inside its lock).
    init(clock: any ServerClock) {
        self.clock = clock
    }

    /// Counts one request, now; throws 429 when the family's limit for this address is used up.
    func check(_ family: Family, ip: String) throws(OptoLinkServerError) {
        let key = Key(family: family, ip: ip)
        let retryAfter: Int? = state.withLock { state in
            let now = clock.now()
            // Closed windows are dropped once a minute (and when the map has grown past `sweepAt`), so
            // memory returns to its resting level after a burst of addresses.
            let due = state.lastPrune.map { now.timeIntervalSince($0) >= RateLimiter.window || now < $0 } ?? false
            if due || state.windows.count > state.sweepAt {
                let nothingToDrop = state.earliestStart.map { now.timeIntervalSince($0) < RateLimiter.window } ?? true
                if !nothingToDrop {
                    // Windows that start after `now` (the clock stepped back) are open: they keep their counts.
                    state.windows.keep { now.timeIntervalSince($0.start) < RateLimiter.window }
                    state.earliestStart = state.windows.starts.min()
                }
                state.sweepAt = max(RateLimiter.minimumSweepSize, state.windows.count * 2)
            }
            if due || state.lastPrune == nil { state.lastPrune = now }
            let shard = Windows.shard(of: key)
            var window = state.windows.window(key, shard: shard) ?? Window(start: now, count: 0)
            if now.timeIntervalSince(window.start) >= RateLimiter.window {
                window = Window(start: now, count: 0)
            } else if now < window.start {
                // The clock stepped back: the window keeps its count and starts now, so it closes no later
                // than a minute from now and is never reopened early.
                window.start = now
                state.windows.set(window, for: key, shard: shard)
            }
            if window.start == now { state.earliestStart = min(state.earliestStart ?? now, now) }
            guard window.count < family.limit else {
                return Int((window.start.addingTimeInterval(RateLimiter.window).timeIntervalSince(now)).rounded(.up))
            }
            window.count += 1
            state.windows.set(window, for: key, shard: shard)
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
        }
    }
}
