import Foundation
import OptoLink
import OptoLinkInspectorWire

/// The inspector's logic, on the SDK's clock: find the dashboard, connect, say hello, wait for the
/// welcome, start streaming, run the commands, and when the connection ends wait (0.5 s doubling to
/// 30 s) and try again. Never throws, never blocks: all I/O is the connection's.
actor InspectorSession {
    private let optoLink: OptoLink
    private let hook: InspectionHook
    private let token: String
    private let allowsCommands: Bool
    private let resolver: InspectorResolver
    private let outbox: InspectorOutbox
    private let settings: InspectorSettings
    private let status: InspectorStatusBox
    private let runner: InspectorCommandRunner
    private let sessionID = UUID().uuidString
    private var runningCommands = 0
    private var welcomed = false
    private var attempt = 0
    private var current: (any InspectorConnection)?
    private var lastLoggedProblem: String?

    init(
        optoLink: OptoLink, hook: InspectionHook, token: String, allowsCommands: Bool,
        resolver: @escaping InspectorResolver,
        outbox: InspectorOutbox, settings: InspectorSettings, status: InspectorStatusBox
    ) {
        self.optoLink = optoLink
        self.hook = hook
        self.token = token
        self.allowsCommands = allowsCommands
        self.resolver = resolver
        self.outbox = outbox
        self.settings = settings
        self.status = status
        self.runner = InspectorCommandRunner(optoLink: optoLink, allowsCommands: allowsCommands, log: hook.log)
    }

    /// How one connection ended.
    private enum Outcome {
        /// It never got as far as a welcome.
        case failed(String)
        /// The dashboard refused the hello.
        case refused(InspectorRefusal)
        /// It streamed, then ended.
        case ended(String)
    }

    /// Runs until the task is cancelled (``OptoLinkInspector/stop()``).
    func run() async {
        var delay = settings.initialBackoff
        while !Task.isCancelled {
            let candidates = await resolver()
            var problem = candidates.isEmpty ? "no dashboard found" : ""
            var streamed = false
            for candidate in candidates where !Task.isCancelled {
                switch await connect(candidate) {
                case .failed(let text):
                    problem = text
                    report(
                        .warning,
                        "OptoLink inspector: cannot attach to the dashboard at \(candidate.label): \(text); retrying")
                case .refused(let refusal):
                    problem = "refused: \(refusal)"
                    report(
                        .error,
                        "OptoLink inspector: the dashboard at \(candidate.label) refused the app (\(refusal.reason)): "
                            + "\(refusal.message)"
                    )
                case .ended(let text):
                    problem = text
                    streamed = true
                    lastLoggedProblem = nil
                    report(
                        .warning, "OptoLink inspector: lost the dashboard at \(candidate.label): \(text); reconnecting")
                }
                if streamed { break }
            }
            if Task.isCancelled { break }
            if streamed { delay = settings.initialBackoff }
            status.set(.waitingToRetry(after: delay, problem: problem))
            do { try await hook.clock.sleep(for: delay) } catch { break }
            delay = min(delay * 2, settings.maxBackoff)
        }
        current?.close(reason: "the inspector stopped")
        current = nil
    }

    /// Logs `message` unless it repeats the last problem logged (a dashboard that stays away is said once).
    private func report(_ level: LogLevel, _ message: String) {
        guard message != lastLoggedProblem else { return }
        lastLoggedProblem = message
        hook.log(level, message)
    }

    private func connect(_ candidate: InspectorCandidate) async -> Outcome {
        attempt += 1
        let number = attempt
        welcomed = false
        status.set(.connecting(candidate.label))
        var continuation: AsyncStream<InspectorConnectionEvent>.Continuation?
        let events = AsyncStream<InspectorConnectionEvent>(bufferingPolicy: .unbounded) { continuation = $0 }
        guard let continuation else { return .failed("internal: no event stream") }
        let connection = candidate.connect()
        current = connection
        connection.start { event in
            continuation.yield(event)
            if case .closed = event { continuation.finish() }
        }
        defer { current = nil }
        var timeout: Task<Void, Never>?
        defer { timeout?.cancel() }
        for await event in events {
            switch event {
            case .ready:
                status.set(.waitingForWelcome(candidate.label))
                guard let line = InspectorLineCodec.encode(.hello(await makeHello())) else {
                    connection.close(reason: "internal: the hello does not fit a line")
                    continue
                }
                connection.sendControl(line)
                let clock = hook.clock
                let limit = settings.welcomeTimeout
                timeout = Task { [weak self] in
                    guard (try? await clock.sleep(for: limit)) != nil else { return }
                    await self?.welcomeTimedOut(number, connection)
                }
            case .message(.welcome(let welcome)):
                guard !welcomed else { continue }
                welcomed = true
                timeout?.cancel()
                lastLoggedProblem = nil
                status.set(.streaming("\(candidate.label) (\(InspectorText.cut(welcome.dashboard, to: 64)))"))
                connection.startStreaming(from: outbox)
            case .message(.refused(let refusal)):
                connection.close(reason: "refused")
                for await _ in events {}
                return .refused(refusal)
            case .message(.command(let command)):
                guard welcomed else { continue }
                start(command)
            case .message:
                continue  // lines meant for a dashboard: ignored
            case .closed(let reason):
                return welcomed ? .ended(reason) : .failed(reason)
            }
        }
        // The stream ended without `.closed`: the task was cancelled.
        connection.close(reason: "the inspector stopped")
        return .failed("the inspector stopped")
    }

    private func welcomeTimedOut(_ number: Int, _ connection: any InspectorConnection) {
        guard number == attempt, !welcomed else { return }
        connection.close(reason: "the dashboard did not answer the hello within \(Int(settings.welcomeTimeout)) s")
    }

    private func start(_ command: InspectorCommand) {
        guard runningCommands < settings.maxRunningCommands else {
            outbox.push(
                InspectorCommandResult(
                    id: command.id, ok: false,
                    detail: "busy: \(settings.maxRunningCommands) commands are still running"))
            return
        }
        runningCommands += 1
        let runner = self.runner
        let outbox = self.outbox
        Task {
            outbox.push(await runner.run(command))
            self.commandFinished()
        }
    }

    private func commandFinished() { runningCommands -= 1 }

    /// The hello, from what the SDK knows now (never the whole key, never the pasteboard's contents).
    private func makeHello() async -> InspectorHello {
        let configuration = optoLink.configuration
        let queued = await optoLink.queuedEventCount()
        func short(_ text: String) -> String { InspectorText.cut(text, to: 128) }
        let fingerprint = hook.fingerprint()
        // Never read here (that could show the paste banner): whether it holds text, and what the SDK's own
        // first-launch read found while the change count says that is still what it holds.
        let pasteboard = Self.wire(await hook.pasteboardContent())
        return InspectorHello(
            token: short(token), session: sessionID,
            app: short(Bundle.main.bundleIdentifier ?? ProcessInfo.processInfo.processName),
            sdkVersion: short(OptoLink.sdkVersion), sdkPlatform: short(OptoLink.sdkPlatform),
            provider: configuration.service.rawValue,
            orgKey: short(configuration.credentials.orgKey ?? ""), baseURLHost: short(configuration.baseURL.host ?? ""),
            apiKeyPrefix: InspectorHello.prefix(ofKey: configuration.credentials.key ?? ""),
            deviceId: short(optoLink.deviceId),
            fingerprint: Fingerprint(
                platform: short(fingerprint.platform), osVersion: short(fingerprint.osVersion),
                deviceModel: short(fingerprint.deviceModel), language: short(fingerprint.language),
                timezone: short(fingerprint.timezone)),
            launchState: hook.isFirstLaunch ? .firstLaunchPending : .firstLaunchDone, queuedEvents: queued,
            clipboardReading: Self.wire(configuration.clipboardReading), pasteboard: pasteboard,
            allowsCommands: allowsCommands, clock: hook.clock.now())
    }

    /// The configuration's pasteboard setting as the wire names it.
    static func wire(_ reading: ClipboardReading) -> InspectorClipboardReading {
        switch reading {
        case .atFirstLaunch: .atFirstLaunch
        case .whenAppAsks: .whenAppAsks
        case .never: .never
        }
    }

    /// What the SDK knows about the pasteboard as the wire names it.
    static func wire(_ content: PasteboardContent) -> InspectorPasteboardState {
        switch content {
        case .token: .token
        case .otherText: .otherText
        case .empty: .empty
        case .unknown: .unknown
        }
    }
}
