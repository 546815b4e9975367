import Foundation
internal import OptoLinkClientCore

/// What the SDK's own first-launch read found on the pasteboard, with the pasteboard's change count at the
/// time, so the debug inspector's hello can say "holds a token" or "holds other text" without ever reading
/// the pasteboard itself (a read may show iOS's paste banner; the change count never does).
///
/// Only the kind is kept, never the text. A reading is stale as soon as the change count moved: the
/// pasteboard then holds something the SDK has not seen.
final class PasteboardReadings: Sendable {
    /// One read: whether it held a click token, at which change count.
    struct Reading: Sendable, Hashable {
        /// The pasteboard's change count when the SDK read it.
        let changeCount: Int
        /// Whether the text was a click token (`opl_…`); false for any other text.
        let heldToken: Bool
    }

    private let last = LockedValue<Reading?>(nil)

    /// Records a read.
    func record(changeCount: Int, heldToken: Bool) {
        last.set(Reading(changeCount: changeCount, heldToken: heldToken))
    }

    /// The last read, if any.
    var reading: Reading? { last.value }

    /// What `pasteboard` holds: `empty` when it holds no text; `token` or `otherText` when the SDK's last
    /// read is still what it holds (same change count); `unknown` otherwise. Never reads.
    func state(of pasteboard: any Pasteboard) async -> PasteboardContent {
        guard await pasteboard.hasStrings() else { return .empty }
        guard let reading, reading.changeCount == (await pasteboard.changeCount()) else { return .unknown }
        return reading.heldToken ? .token : .otherText
    }
}
