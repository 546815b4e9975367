import Foundation

/// One ``Diagnostic`` on the wire: its sequence number in this attachment, the SDK clock's time and the
/// kind, every field flat in the line (`"kind": "retryScheduled", "requestID": 3, "delay": 2`).
///
/// Delivered links travel as `linkDelivered` diagnostics: the inspector never listens to
/// ``OptoLink/links``, so it can never take a link from the app.
public struct InspectorDiagnostic: Sendable, Hashable {
    /// What happened: a kind this SDK version knows, or the name of one it does not (a newer SDK).
    public enum Kind: Sendable, Hashable {
        /// A diagnostic of this version.
        case known(Diagnostic.Kind)
        /// A kind this version cannot read, by its `kind` string (or a known kind with a field it cannot read).
        case unknown(name: String)
    }

    /// 1 for the first diagnostic sent in this attachment, then +1 each; a gap means diagnostics were dropped.
    public var seq: Int
    /// ``Diagnostic/time``: the SDK clock's seconds.
    public var time: Double
    /// What happened.
    public var kind: Kind

    /// Creates a wire diagnostic.
    public init(seq: Int, time: Double, kind: Kind) {
        self.seq = seq
        self.time = time
        self.kind = kind
    }

    /// `diagnostic` with its strings cut to ``InspectorProtocol/maxStringBytes`` so that it fits a line.
    public init(seq: Int, _ diagnostic: Diagnostic) {
        self.init(seq: seq, time: diagnostic.time, kind: .known(Self.bounded(diagnostic.kind)))
    }

    /// The diagnostic as the SDK value, when its kind is known.
    public var diagnostic: Diagnostic? {
        if case .known(let kind) = kind { return Diagnostic(time: time, kind: kind) }
        return nil
    }

    /// Cuts every string of `kind` to ``InspectorProtocol/maxStringBytes`` (links keep their path and
    /// params: ``InspectorLineCodec/encode(_:)`` leaves the params out if the line is still too long).
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

    /// The same diagnostic with the params of its link left out (for a line that is too long otherwise).
    func withoutLinkParams() -> InspectorDiagnostic {
        var copy = self
        switch kind {
        case .known(.matchResult(let link?)):
            copy.kind = .known(.matchResult(Self.strip(link)))
        case .known(.linkDelivered(let link)):
            copy.kind = .known(.linkDelivered(Self.strip(link)))
        default:
            break
        }
        return copy
    }

    private static func strip(_ link: OptoLinkData) -> OptoLinkData {
        var link = link
        link.params = ["_optolinkInspector": .string("params left out: the line would exceed 64 KiB")]
        link.path = InspectorText.cut(link.path, to: InspectorProtocol.maxStringBytes)
        return link
    }
}

/// Text helpers of the wire format.
enum InspectorText {
    /// `text` cut to at most `limit` UTF-8 bytes at a character boundary, ending in `…` when cut.
    static func cut(_ text: String, to limit: Int) -> String {
        guard text.utf8.count > limit else { return text }
        var result = ""
        var bytes = 0
        let budget = limit - 3  // "…" is 3 bytes
        for character in text {
            let size = character.utf8.count
            if bytes + size > budget { break }
            result.append(character)
            bytes += size
        }
        return result + "…"
    }
}
