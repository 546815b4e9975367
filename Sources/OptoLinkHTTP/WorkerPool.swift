import Foundation

/// Threads of its own (never the cooperative pool) that run the requests which may wait for the
/// database, so the event loops that hand them over go on serving every other connection.
///
/// A job runs to its end; each connection has at most one request on a worker at a time, so the queue
/// holds at most one job per open connection.
final class WorkerPool: Sendable {
    private struct State {
        var jobs: [@Sendable () -> Void] = []
        var head = 0
        var stopped = false
    }

    private let state = Locked(State())
    private let ready = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)
    private let threadCount: Int

    /// A pool of `threads` threads (at least one), started by ``start()``.
    init(threads: Int) {
        threadCount = max(1, threads)
    }

    /// Starts the threads.
    func start() {
        for index in 0..<threadCount {
            let thread = Thread { [self] in work() }
            thread.name = "optolink-storage-\(index)"
            thread.start()
        }
    }

    /// Queues `job`; false (and not queued) once the pool stopped.
    @discardableResult
    func submit(_ job: @escaping @Sendable () -> Void) -> Bool {
        let accepted = state.withLock { s -> Bool in
            guard !s.stopped else { return false }
            s.jobs.append(job)
            return true
        }
        if accepted { ready.signal() }
        return accepted
    }

    /// Lets the threads finish the jobs already queued, then end; waits up to `seconds` for them.
    func stop(waiting seconds: TimeInterval) {
        let wasRunning = state.withLock { s -> Bool in
            defer { s.stopped = true }
            return !s.stopped
        }
        guard wasRunning else { return }
        for _ in 0..<threadCount { ready.signal() }
        let deadline = DispatchTime.now() + seconds
        for _ in 0..<threadCount { _ = finished.wait(timeout: deadline) }
    }

    private func work() {
        defer { finished.signal() }
        while true {
            ready.wait()
            let job = state.withLock { s -> (@Sendable () -> Void)?? in
                guard s.head < s.jobs.count else { return s.stopped ? .none : .some(nil) }
                let job = s.jobs[s.head]
                s.head += 1
                if s.head > 256, s.head * 2 > s.jobs.count {
                    s.jobs.removeFirst(s.head)
                    s.head = 0
                }
                return .some(job)
            }
            switch job {
            case .none: return
            case .some(nil): continue
            case .some(let job?): job()
            }
        }
    }
}
