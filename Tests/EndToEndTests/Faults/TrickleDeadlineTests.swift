import Foundation
import OptoLink
import OptoLinkTesting
import Testing

/// `timeout` is a total deadline per attempt, enforced by the SDK over the real `URLSessionTransport`: an
/// answer trickling in a byte every 0.4 s keeps URLSession's idle timeout from firing for 6 s, and the SDK
/// still ends each attempt at its 1 s deadline.
@Suite("Attempt deadline over real sockets", .tags(.realTime), .skippable(.realTime))
struct TrickleDeadlineTests {
    @Test("an answer trickling a byte every 0.4 s for 6 s: each 1 s attempt ends at its deadline, not with the trickle")
    func aTricklingAnswerCannotHoldAnAttemptPastTheTimeout() async throws {
        try await QuietMachine.shared.run { try await self.trickleAlone() }  // measures real time: see QuietMachine
    }

    private func trickleAlone() async throws {
        let server = try TricklingServer(interval: 0.4, duration: 6)
        defer { server.stop() }
        let configuration = try OptoLinkConfiguration.optoLink(
            apiKey: DemoKeys.client, orgKey: "demo", baseURL: server.baseURL,
            retry: RetryPolicy(maxRetries: 1, backoffBase: 0.05), timeout: 1)
        let diagnostics = Recorder<Diagnostic>()
        let api = try OptoLinkAPI(
            configuration: configuration, transport: URLSessionTransport(), diagnostics: diagnostics.record)

        let started = Date()
        var failure: OptoLinkError?
        do {
            _ = try await api.linkData(shortCode: "summer", deviceId: nil)
        } catch {
            failure = error
        }
        let elapsed = Date().timeIntervalSince(started)

        #expect(failure == .timedOut)
        let durations = diagnostics.all.compactMap { diagnostic -> TimeInterval? in
            if case .requestFailed(_, .linkData, _, _, let duration) = diagnostic.kind {
                return duration
            } else {
                return nil
            }
        }
        #expect(durations.count == 2)
        for duration in durations { #expect(duration >= 0.95 && duration < 2.5, "an attempt took \(duration) s") }
        #expect(elapsed < 5, "two 1 s attempts took \(elapsed) s: the trickle (6 s) held them")
    }
}
