import DashboardCore
import DashboardScenarios
import Foundation

/// A ``HeadlessRecorder`` in memory: opens a session whenever `--record` is given, keeps what it records, and
/// finishes with the code it is told to.
final class RecordingHeadlessRecorder: HeadlessRecorder, @unchecked Sendable {
    /// What a session opened by this recorder keeps.
    final class Session: HeadlessSession, @unchecked Sendable {
        private let lock = NSLock()
        private var stored: [DashboardAction] = []
        private var finishes = 0
        private let code: Int32

        init(code: Int32) { self.code = code }

        /// The actions recorded so far, ticks left out.
        var actions: [DashboardAction] {
            lock.lock()
            defer { lock.unlock() }
            return stored.filter { if case .tick = $0 { false } else { true } }
        }

        /// How many times the session was finished.
        var finished: Int {
            lock.lock()
            defer { lock.unlock() }
            return finishes
        }

        func record(_ action: DashboardAction, at time: Double) {
            lock.lock()
            stored.append(action)
            lock.unlock()
        }

        func finish(write: @Sendable (String) -> Void, errors: @Sendable (String) -> Void) -> Int32 {
            lock.lock()
            finishes += 1
            lock.unlock()
            write("finished")
            return code
        }
    }

    private let lock = NSLock()
    private var opened: [Session] = []
    private let code: Int32

    /// A recorder whose sessions finish with `code`.
    init(finishing code: Int32 = 0) { self.code = code }

    /// The sessions opened so far.
    var sessions: [Session] {
        lock.lock()
        defer { lock.unlock() }
        return opened
    }

    func open(
        options: DashboardOptions, state: DashboardState, now: @escaping @Sendable () -> Double
    ) throws(DashboardError) -> (any HeadlessSession)? {
        guard options.recordFile != nil else { return nil }
        let session = Session(code: code)
        lock.lock()
        opened.append(session)
        lock.unlock()
        return session
    }
}
