import Foundation
import OptoLink
import OptoLinkTesting
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Holds the answer the transport gives next.
///
/// `@unchecked Sendable` is safe: `response` is only read or written while `lock` is held.
private final class AnswerBox: @unchecked Sendable {
    private let lock = NSLock()
    private var response = HTTPResponse(status: 599, headers: [:], body: Data())

    func set(_ value: HTTPResponse) {
        lock.lock()
        response = value
        lock.unlock()
    }

    func get() -> HTTPResponse {
        lock.lock()
        defer { lock.unlock() }
        return response
    }
}

/// What one public API call gave back.
private enum Outcome: Equatable {
    case link(OptoLinkData)
    case match(OptoLinkData?)
    case session(SessionInfo)
    case identity(IdentityBinding)
    case eventAccepted
}

/// Seeded fuzzing of the SDK's public decode path: every generated answer goes through `OptoLinkAPI`
/// and a `ScriptedTransport`, and must give exactly what ``ResponseBodyFuzzer`` expects: the decoded
/// value for a well-formed body, `invalidResponse` for a broken 2xx, `httpStatus` for any other status.
///
/// The seed is printed; `OPTOLINK_FUZZ_SEED=<n>` repeats a run; `OPTOLINK_LONG=1` tries 1 000 000 inputs.
@Suite("Fuzz: response decoding", .tags(.load), .skippable(.load))
struct ResponseDecodingFuzzTests {
    static let isLong = ProcessInfo.processInfo.environment["OPTOLINK_LONG"] == "1"
    static let inputCount = isLong ? 1_000_000 : 100_000
    static let hugeBodies = isLong ? 12 : 3

    /// What one worker saw.
    struct Tally: Sendable {
        var tried = 0
        var accepted = 0
        var failures = 0
        var kinds: [String: Int] = [:]
        var largestBody = 0
        var requestsSent = 0
        var messages: [String] = []

        mutating func add(_ other: Tally) {
            tried += other.tried
            accepted += other.accepted
            failures += other.failures
            kinds.merge(other.kinds, uniquingKeysWith: +)
            largestBody = max(largestBody, other.largestBody)
            requestsSent += other.requestsSent
            messages += other.messages
        }
    }

    /// How long the fuzz itself may take, counted from when it holds the gate.
    static let fuzzLimit: TimeInterval = isLong ? 20 * 60 : 2 * 60

    /// The test's own limit also covers waiting for the gate (the tmux suites hold it for minutes in a full
    /// run), so it only catches a hang; the fuzz's limit is ``fuzzLimit``, checked as it runs.
    @Test(.timeLimit(.minutes(isLong ? 40 : 15)))
    func everyGeneratedAnswerDecodesOrFailsWithAnOptoLinkError() async throws {
        // Keeps a core busy for ~20 s: never beside the real-clock tests (see QuietMachine).
        try await QuietMachine.shared.run {
            try await self.everyGeneratedAnswerDecodesOrFailsWithAnOptoLinkErrorAlone()
        }
    }

    private func everyGeneratedAnswerDecodesOrFailsWithAnOptoLinkErrorAlone() async throws {
        let seed = FuzzRandom.runSeed()
        print(
            "OptoLink response fuzz: seed \(seed) (repeat with OPTOLINK_FUZZ_SEED=\(seed)), \(Self.inputCount) inputs")
        let started = Date()
        let deadline = started.addingTimeInterval(Self.fuzzLimit)
        // One worker, so one of the 2 cores stays free for the suites running beside it (their real-clock
        // tests); every endpoint has its own seeded stream.
        let tally = try await Self.fuzz(
            endpoints: [.linkData, .match, .session, .identity, .identityClear, .events], seed: seed,
            count: Self.inputCount, hugeBodies: Self.hugeBodies, deadline: deadline)
        for message in tally.messages { Issue.record(Comment(rawValue: "seed \(seed), " + message)) }
        let elapsed = Date().timeIntervalSince(started)
        print(
            "OptoLink response fuzz: \(tally.tried) inputs, \(tally.accepted) well-formed accepted, "
                + "\(tally.tried - tally.accepted) refused with an OptoLinkError, \(tally.failures) mismatches, "
                + "largest body \(tally.largestBody) bytes, \(String(format: "%.1f", elapsed)) s; by kind: "
                + tally.kinds.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
        #expect(tally.tried == Self.inputCount)
        #expect(tally.requestsSent == Self.inputCount)
        #expect(tally.failures == 0, "seed \(seed)")
        #expect(tally.largestBody >= 10 * 1024 * 1024, "at least one 10 MB body was tried")
        #expect(tally.kinds.count == 13, "every kind of input was tried: \(tally.kinds.keys.sorted())")
        #expect(tally.accepted > Self.inputCount / 10 && tally.accepted < Self.inputCount / 2)
    }

    /// Sends `count` generated answers, round-robin over `endpoints`, through one `OptoLinkAPI`; stops with a
    /// message when `deadline` passes first.
    private static func fuzz(
        endpoints: [Endpoint], seed: UInt64, count: Int, hugeBodies: Int, deadline: Date
    ) async throws -> Tally {
        let box = AnswerBox()
        let transport = ScriptedTransport { _ in box.get() }
        let configuration = try OptoLinkConfiguration.optoLink(
            apiKey: "opl_sdk_demo_client_key_0000000001", orgKey: "demo",
            baseURL: URL(string: "https://links.demo.test")!, retry: RetryPolicy(maxRetries: 0))
        let api = try OptoLinkAPI(configuration: configuration, transport: transport, clock: ManualClock())
        let fingerprint = Fingerprint(
            platform: "iOS", osVersion: "17.4.1", deviceModel: "iPhone16,1", language: "en-US",
            timezone: "Europe/Berlin")
        var fuzzers = endpoints.enumerated().map { index, endpoint in
            ResponseBodyFuzzer(
                endpoint: endpoint, seed: seed &+ UInt64(index + 1) &* 0x1000_0000_01B3,
                hugeBodies: hugeBodies / endpoints.count + (index < hugeBodies % endpoints.count ? 1 : 0))
        }
        var tally = Tally()
        while tally.tried < count {
            // Leave the cooperative pool to the other suites now and then (a CPU-bound loop starved
            // timing-sensitive SDK tests running in parallel).
            if tally.tried % 32 == 0 {
                await Task.yield()
                if Date() > deadline {
                    tally.messages.append("stopped after \(tally.tried) of \(count) inputs: over the fuzz's time limit")
                    break
                }
            }
            let slot = tally.tried % endpoints.count
            let input = fuzzers[slot].next()
            let endpoint = endpoints[slot]
            tally.tried += 1
            tally.kinds[input.kind, default: 0] += 1
            tally.largestBody = max(tally.largestBody, input.body.count)
            let requestId = "req-\(endpoint.rawValue)-\(tally.tried)"
            box.set(
                HTTPResponse(
                    status: input.status, headers: ["Content-Type": "application/json", "X-Request-Id": requestId],
                    body: input.body))

            let outcome: Result<Outcome, OptoLinkError>
            do throws(OptoLinkError) {
                switch endpoint {
                case .linkData:
                    outcome = .success(
                        .link(try await api.linkData(shortCode: "summer", deviceId: ResponseBodyFuzzer.deviceId)))
                case .match:
                    outcome = .success(
                        .match(
                            try await api.match(
                                clipboardToken: nil, deviceId: ResponseBodyFuzzer.deviceId, fingerprint: fingerprint)))
                case .session:
                    outcome = .success(
                        .session(try await api.registerSession(deviceId: ResponseBodyFuzzer.deviceId, fingerprint: nil))
                    )
                case .identity:
                    outcome = .success(
                        .identity(
                            try await api.setIdentity(
                                externalId: ResponseBodyFuzzer.externalId, deviceId: ResponseBodyFuzzer.deviceId,
                                fingerprint: nil)))
                case .identityClear:
                    outcome = .success(.identity(try await api.clearIdentity(deviceId: ResponseBodyFuzzer.deviceId)))
                case .events:
                    try await api.sendEvent(name: "fuzz", properties: nil, deviceId: ResponseBodyFuzzer.deviceId)
                    outcome = .success(.eventAccepted)
                }
            } catch {
                outcome = .failure(error)
            }
            if case .success = outcome { tally.accepted += 1 }
            if let problem = mismatch(outcome, input.expected, requestId: requestId) {
                tally.failures += 1
                if tally.failures <= 10 {
                    tally.messages.append(
                        """
                        input #\(tally.tried) of \(endpoints.map(\.rawValue)) \
                        (\(endpoint), \(input.kind), status \(input.status)): \(problem)
                        body: \(String(decoding: input.body.prefix(300), as: UTF8.self).debugDescription)
                        """)
                }
            }
        }
        tally.requestsSent = await transport.requests.count
        return tally
    }

    /// nil when `outcome` is what `expected` says; else what went wrong.
    private static func mismatch(
        _ outcome: Result<Outcome, OptoLinkError>, _ expected: ResponseBodyFuzzer.Expected, requestId: String
    ) -> String? {
        switch (expected, outcome) {
        case (.link(let want), .success(.link(let got))): return want == got ? nil : "decoded \(got), expected \(want)"
        case (.match(let want), .success(.match(let got))):
            return want == got ? nil : "decoded \(String(describing: got)), expected \(String(describing: want))"
        case (.session(let want), .success(.session(let got))):
            return want == got ? nil : "decoded \(got), expected \(want)"
        case (.identity(let want), .success(.identity(let got))):
            return want == got ? nil : "decoded \(got), expected \(want)"
        case (.eventAccepted, .success(.eventAccepted)): return nil
        case (.invalidResponse, .failure(let error)):
            guard error == .invalidResponse else { return "threw \(error), expected invalidResponse" }
            return error.requestId == requestId ? nil : "invalidResponse without the request id: \(error)"
        case (.httpStatus(let status), .failure(let error)):
            return error == .httpStatus && error.status == status ? nil : "threw \(error), expected HTTP \(status)"
        case (_, .success(let got)): return "accepted as \(got), expected \(expected)"
        case (_, .failure(let error)): return "threw \(error), expected \(expected)"
        }
    }
}
