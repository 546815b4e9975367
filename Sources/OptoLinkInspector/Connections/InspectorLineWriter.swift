import Foundation
import OptoLinkInspectorWire

/// The encoding half shared by the connections: turns outbox batches into bytes to write, one encoder
/// per connection (confined to its thread or queue).
struct InspectorLineWriter {
    /// Most items encoded per batch (a batch is written before the next is taken, so this also bounds
    /// the bytes a connection holds beyond the outbox: at most 64 lines).
    static let batchSize = 64
    /// How long a connection waits after the first diagnostic of a burst before writing: 5 ms. One direct
    /// open emits 4 diagnostics within a millisecond or so; they then go out in one write, and the
    /// inspector's thread runs once per burst instead of once per diagnostic, off the app's way (with it,
    /// an open with the inspector attached costs within a few percent of one without).
    static let linger = 0.005
    private let encoder = InspectorLineCodec.makeEncoder()

    /// The lines of one batch: `dropped` first when items were dropped, then each item (an item that
    /// cannot fit a line is left out and counted in the next `dropped`).
    mutating func lines(of batch: InspectorOutbox.Batch, unsent: inout Int) -> [UInt8] {
        var bytes: [UInt8] = []
        let dropped = batch.dropped + unsent
        unsent = 0
        if dropped > 0, let line = InspectorLineCodec.encode(.dropped(count: dropped), encoder: encoder) {
            bytes += line
        }
        for item in batch.items {
            let message: InspectorMessage =
                switch item {
                case .diagnostic(let seq, let diagnostic): .diagnostic(InspectorDiagnostic(seq: seq, diagnostic))
                case .commandResult(let result): .commandResult(result)
                }
            if let line = InspectorLineCodec.encode(message, encoder: encoder) { bytes += line } else { unsent += 1 }
        }
        return bytes
    }
}
