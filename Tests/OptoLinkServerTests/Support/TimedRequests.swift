import Foundation

@testable import OptoLinkHTTP

/// Requests sent at the same time, each on a fresh connection and a thread of its own (never the
/// cooperative pool), timed from the moment each was sent; read with ``wait(upTo:)``.
///
/// For the tests that hold something (a lock, a stalled store) while other clients are served: the
/// holder lets go on a timer of its own while these run, so how long they take never moves the release.
final class TimedRequests: Sendable {
    /// One request: when it was sent, and how long its answer took (infinity when it was not the
    /// expected one, or none came).
    struct Timing: Sendable {
        let sent: Date
        let seconds: TimeInterval
    }

    private let finished = DispatchGroup()
    private let timings = Locked<[Timing]>([])

    /// Starts `count` requests now: `exchange(i, connection)` sends the i-th on a new connection to
    /// 127.0.0.1:`port` (receive timeout `timeout` s) and says whether its answer was the expected one.
    init(_ count: Int, port: Int, timeout: TimeInterval, _ exchange: @escaping @Sendable (Int, TestConnection) -> Bool)
    {
        for index in 0..<count {
            finished.enter()
            Thread { [finished, timings] in
                let sent = Date()
                let ok = exchange(index, TestConnection(port: port, timeout: timeout))
                let timing = Timing(sent: sent, seconds: ok ? Date().timeIntervalSince(sent) : .infinity)
                timings.withLock { $0.append(timing) }
                finished.leave()
            }.start()
        }
    }

    /// Blocks until every request is answered (or failed), at most `seconds`; their timings, in the order
    /// they finished.
    func wait(upTo seconds: TimeInterval) -> [Timing] {
        _ = finished.wait(timeout: .now() + seconds)
        return timings.withLock { $0 }
    }
}
