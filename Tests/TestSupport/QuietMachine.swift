import Foundation
import Testing

/// One at a time: the tests that load the machine (child processes killed and restarted, thousands of
/// concurrent requests, hundreds of held connections, the SDK's 100 000-input response fuzz, which keeps a
/// core busy for about 20 s) and the ones that measure real time (observed backoff waits) never overlap.
///
/// `swift test` runs every suite in parallel on a 2-core machine. A real-clock test measures how late a
/// woken task runs, which is the SDK's behaviour only when nothing in the same run saturates both cores:
/// measured 1.000 s / 2.000 s alone, and up to 1.3 s late beside the load suites. Serializing these few
/// tests keeps the measurement about the SDK and keeps the load tests' numbers about the server. (A
/// backoff wait was once observed 0.77 s late while the fuzz ran beside it, before the fuzz was gated.)
public actor QuietMachine {
    /// The gate shared by every such test.
    public static let shared = QuietMachine()

    private var busy = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    /// Whether the current task already holds the gate (a gated test inside a gated suite).
    @TaskLocal private static var isHeld = false

    /// Waits until no other gated test runs, then holds the gate until `body` ends. Reentrant: a task that
    /// holds the gate already (a test of a `.quietMachine` suite that also gates itself) runs `body` at once.
    public func run<T: Sendable>(_ body: @Sendable () async throws -> T) async rethrows -> T {
        if Self.isHeld { return try await body() }
        if busy {
            await withCheckedContinuation { waiters.append($0) }
        }
        busy = true
        defer {
            if waiters.isEmpty { busy = false } else { waiters.removeFirst().resume() }
        }
        await Self.waitForAPromptPool()
        return try await Self.$isHeld.withValue(true) { try await body() }
    }

    /// Waits (at most `limit` seconds) until a 5 ms sleep ends within 50 ms three times in a row.
    ///
    /// At the start of `swift test` every suite's first steps are queued at once on the 2-thread
    /// cooperative pool, and for about 10 s here no test finishes. A real-time test that got the gate in
    /// that wave measured the queue, not the SDK (a 1 s attempt deadline observed at 11.3 s).
    static func waitForAPromptPool(limit: TimeInterval = 60) async {
        let deadline = Date().addingTimeInterval(limit)
        var prompt = 0
        while prompt < 3, Date() < deadline {
            let started = Date()
            try? await Task.sleep(nanoseconds: 5_000_000)
            prompt = Date().timeIntervalSince(started) < 0.05 ? prompt + 1 : 0
        }
    }
}

/// Runs every test of the suite (or the one test) it is added to inside ``QuietMachine/run(_:)``: for suites
/// whose tests all measure or wait on real time (the dashboard under tmux, its runtime's 10 s waits).
public struct QuietMachineTrait: TestTrait, SuiteTrait, TestScoping {
    /// Applies to every test inside a suite.
    public var isRecursive: Bool { true }

    /// Gates each test case; a suite itself, or a test as a whole, runs ungated (its cases take the gate, once each).
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        if testCase == nil || test.isSuite {
            try await function()
        } else {
            try await QuietMachine.shared.run { try await function() }
        }
    }
}

extension Trait where Self == QuietMachineTrait {
    /// Never beside the tests that load the machine (see ``QuietMachine``).
    public static var quietMachine: Self { QuietMachineTrait() }
}
