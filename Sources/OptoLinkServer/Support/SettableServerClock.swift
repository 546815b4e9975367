import Foundation
import OptoLinkHTTP

/// A clock its owner sets: the match lab's embedded server reads the lab's time from one, advanced to each
/// click and first open before it is sent.
package final class SettableServerClock: ServerClock {
    private let current: Locked<Date>

    /// A clock reading `start` until it is set.
    package init(_ start: Date) { current = Locked(start) }

    /// The time last set.
    package func now() -> Date { current.withLock { $0 } }

    /// Makes `date` the time every reader sees from now on.
    package func set(_ date: Date) { current.withLock { $0 = date } }
}
