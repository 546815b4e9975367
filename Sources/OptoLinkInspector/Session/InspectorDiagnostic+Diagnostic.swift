import OptoLink
import OptoLinkInspectorWire

/// The SDK's diagnostic as the inspector sends it: the mapping lives on the inspector's side, so the wire
/// target holds plain values and no sending policy.
extension InspectorDiagnostic {
    /// `diagnostic` with its strings cut to ``InspectorProtocol/maxStringBytes`` so that it fits a line.
    init(seq: Int, _ diagnostic: Diagnostic) {
        self.init(seq: seq, time: diagnostic.time, kind: .known(Self.bounded(diagnostic.kind)))
    }

    /// Cuts every string of `kind` to ``InspectorProtocol/maxStringBytes`` (links keep their path and
    /// params: ``InspectorLineCodec/encode(_:encoder:)`` leaves the params out if the line is still too long).
    static func bounded(_ kind: Diagnostic.Kind) -> Diagnostic.Kind {
        func cut(_ text: String) -> String { InspectorText.cut(text, to: InspectorProtocol.maxStringBytes) }
        switch kind {
        case .requestFailed(let id, let endpoint, let attempt, let reason, let duration):
            return .requestFailed(
                requestID: id, endpoint: endpoint, attempt: attempt, reason: cut(reason), duration: duration)
        case .gaveUp(let id, let endpoint, let attempts, let reason):
            return .gaveUp(requestID: id, endpoint: endpoint, attempts: attempts, reason: cut(reason))
        case .eventQueued(let name, let queued): return .eventQueued(name: cut(name), queued: queued)
        case .eventSent(let name, let queued): return .eventSent(name: cut(name), queued: queued)
        case .eventDropped(let name, let reason): return .eventDropped(name: cut(name), reason: cut(reason))
        case .log(let level, let message): return .log(level: level, message: cut(message))
        case .identityChanged(let id): return .identityChanged(externalId: id.map(cut))
        case .sessionRegistered(let id, let first, let last):
            return .sessionRegistered(deviceId: cut(id), firstSeenAt: cut(first), lastSeenAt: cut(last))
        case .requestStarted, .responseReceived, .retryScheduled, .requestFinished, .matchResult, .linkDelivered:
            return kind
        }
    }
}
