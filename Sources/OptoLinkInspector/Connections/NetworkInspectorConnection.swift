#if canImport(Network)
import Foundation
import Network
import OptoLinkInspectorWire

/// An ``InspectorConnection`` over `NWConnection`, for Apple platforms: every handler runs on one serial
/// queue of its own, never the app's threads or the cooperative pool.
///
/// One send is in flight at a time (a batch of at most 64 lines, ``InspectorLineWriter/batchSize``); the
/// next batch is taken from the outbox only when the stack has processed the previous one, so a dashboard
/// that stops reading leaves the items in the outbox, which drops its oldest. A connection that cannot be
/// made (`.waiting`: refused, no route, local network access denied) is closed at once with the reason, and
/// the session retries on its own schedule.
///
/// `@unchecked Sendable` is safe: every mutable property is only touched on `queue`.
final class NetworkInspectorConnection: InspectorConnection, @unchecked Sendable {
    private let connection: NWConnection
    private let queue = DispatchQueue(label: "com.optolink.inspector.connection")
    private var handler: (@Sendable (InspectorConnectionEvent) -> Void)?
    private var framer = InspectorLineFramer()
    private var writer = InspectorLineWriter()
    private var control: [[UInt8]] = []
    private var outbox: InspectorOutbox?
    private var unsent = 0
    private var sending = false
    private var ready = false
    private var closed = false

    /// A connection to `host:port`.
    convenience init(host: String, port: Int) {
        let nwPort = NWEndpoint.Port(rawValue: UInt16(clamping: port)) ?? NWEndpoint.Port(integerLiteral: 7420)
        self.init(endpoint: .hostPort(host: NWEndpoint.Host(host), port: nwPort))
    }

    /// A connection to `endpoint` (a host and port, or a Bonjour service).
    init(endpoint: NWEndpoint) {
        connection = NWConnection(to: endpoint, using: .tcp)
    }

    func start(events: @escaping @Sendable (InspectorConnectionEvent) -> Void) {
        queue.async { [self] in
            handler = events
            connection.stateUpdateHandler = { [weak self] state in self?.changed(state) }
            connection.start(queue: queue)
            queue.asyncAfter(deadline: .now() + 5) { [weak self] in
                guard let self, !self.ready else { return }
                self.finish("no answer within 5 s")
            }
        }
    }

    func sendControl(_ line: [UInt8]) {
        queue.async { [self] in
            control.append(line)
            pump()
        }
    }

    func startStreaming(from outbox: InspectorOutbox) {
        queue.async { [self] in
            self.outbox = outbox
            outbox.setWakeHandler { [weak self] in self?.wake() }
            pump()
        }
    }

    func close(reason: String) {
        queue.async { [self] in finish(reason) }
    }

    /// The outbox's wake-up: the burst gathers for ``InspectorLineWriter/linger`` before it is taken.
    private func wake() {
        queue.asyncAfter(deadline: .now() + InspectorLineWriter.linger) { [self] in pump() }
    }

    // MARK: On the queue

    private func changed(_ state: NWConnection.State) {
        switch state {
        case .ready:
            guard !ready, !closed else { return }
            ready = true
            handler?(.ready)
            receive()
            pump()
        case .waiting(let error):
            finish("cannot connect: \(Self.describe(error))")
        case .failed(let error):
            finish(
                ready
                    ? "the connection to the dashboard broke: \(Self.describe(error))"
                    : "cannot connect: \(Self.describe(error))")
        case .cancelled:
            finish("the connection was cancelled")
        default:
            break
        }
    }

    private func receive() {
        connection.receive(minimumIncompleteLength: 1, maximumLength: 65_536) {
            [weak self] data, _, isComplete, error in
            guard let self else { return }
            self.queue.async { self.received(data, isComplete: isComplete, error: error) }
        }
    }

    private func received(_ data: Data?, isComplete: Bool, error: NWError?) {
        guard !closed else { return }
        if let data, !data.isEmpty {
            for line in framer.append(data) {
                switch InspectorLineCodec.decode(line) {
                case .message(let message): handler?(.message(message))
                case .unknownType: continue
                case .refused(let refusal): return finish("the dashboard sent a line this SDK cannot read (\(refusal))")
                }
            }
            if framer.overflowed {
                return finish("the dashboard sent a line longer than \(InspectorProtocol.maxLineBytes) bytes")
            }
        }
        if isComplete { return finish("the dashboard closed the connection") }
        if let error { return finish("the connection to the dashboard broke: \(Self.describe(error))") }
        receive()
    }

    /// Sends the control lines, else the outbox's next batch, unless a send is in flight.
    private func pump() {
        guard ready, !closed, !sending else { return }
        var bytes = control.flatMap { $0 }
        control = []
        if bytes.isEmpty, let outbox {
            bytes = writer.lines(
                of: outbox.take(max: InspectorLineWriter.batchSize, armIfDrained: true), unsent: &unsent)
        }
        guard !bytes.isEmpty else { return }
        sending = true
        connection.send(
            content: Data(bytes),
            completion: .contentProcessed { [weak self] error in
                guard let self else { return }
                self.queue.async {
                    self.sending = false
                    if let error { return self.finish("writing to the dashboard failed: \(Self.describe(error))") }
                    self.pump()
                }
            })
    }

    private func finish(_ reason: String) {
        guard !closed else { return }
        closed = true
        connection.stateUpdateHandler = nil
        connection.cancel()
        outbox?.setWakeHandler(nil)
        handler?(.closed(reason: reason))
        handler = nil
    }

    /// The error in words, naming the local-network permission when that is the cause.
    static func describe(_ error: NWError) -> String {
        if case .dns(let code) = error, code == -65570 {
            return
                "the local network is not allowed for this app (kDNSServiceErr_PolicyDenied): allow it in Settings › "
                + "Privacy & "
                + "Security › Local Network, and check NSLocalNetworkUsageDescription in the Info.plist"
        }
        if case .posix(let code) = error, code == .ECONNREFUSED {
            return "connection refused (is optolink-dash --attach running there?)"
        }
        return error.debugDescription
    }
}
#endif
