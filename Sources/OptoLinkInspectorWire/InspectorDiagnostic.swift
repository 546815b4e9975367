import Foundation
import OptoLink

/// One ``Diagnostic`` on the wire: its sequence number in this attachment, the SDK clock's time and the
/// kind, every field flat in the line (`"kind": "retryScheduled", "requestID": 3, "delay": 2`).
///
/// A plain value: the inspector makes it from the SDK's diagnostic (cutting its strings to
/// ``InspectorProtocol/maxStringBytes``), the dashboard reads it back.
///
/// Delivered links travel as `linkDelivered` diagnostics: the inspector never listens to
/// ``OptoLink/links``, so it can never take a link from the app.
package struct InspectorDiagnostic: Sendable, Hashable {
    /// What happened: a kind this SDK version knows, or the name of one it does not (a newer SDK).
    package enum Kind: Sendable, Hashable {
        /// A diagnostic of this version.
        case known(Diagnostic.Kind)
        /// A kind this version cannot read, by its `kind` string (or a known kind with a field it cannot read).
        case unknown(name: String)
    }

    /// 1 for the first diagnostic sent in this attachment, then +1 each; a gap means diagnostics were dropped.
    package var seq: Int
    /// ``Diagnostic/time``: the SDK clock's seconds.
    package var time: Double
    /// What happened.
    package var kind: Kind

    /// Creates a wire diagnostic.
    package init(seq: Int, time: Double, kind: Kind) {
        self.seq = seq
        self.time = time
        self.kind = kind
    }

    /// The diagnostic as the SDK value, when its kind is known.
    package var diagnostic: Diagnostic? {
        if case .known(let kind) = kind { return Diagnostic(time: time, kind: kind) }
        return nil
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
