/// Cuts a byte stream into lines of the attach protocol, holding at most one unfinished line of at most
/// `maxLineBytes` (the dashboard and the SDK use it on every connection).
///
/// ```swift
/// var framer = InspectorLineFramer()
/// for line in framer.append(chunk) { handle(InspectorLineCodec.decode(line)) }
/// if framer.overflowed { close("a line longer than 64 KiB") }
/// ```
package struct InspectorLineFramer: Sendable {
    /// The longest line accepted, newline included.
    package let maxLineBytes: Int
    /// Whether a line longer than ``maxLineBytes`` arrived: nothing more is returned, close the connection.
    package private(set) var overflowed = false
    private var partial: [UInt8] = []

    /// Creates a framer (default limit ``InspectorProtocol/maxLineBytes``).
    package init(maxLineBytes: Int = InspectorProtocol.maxLineBytes) {
        self.maxLineBytes = maxLineBytes
    }

    /// Bytes of the unfinished line held.
    package var pendingBytes: Int { partial.count }

    /// Adds a chunk; returns the lines it completed (without their newline), in order. Empty lines are
    /// skipped. After an overflow it returns nothing.
    package mutating func append<Bytes: Collection>(_ chunk: Bytes) -> [[UInt8]] where Bytes.Element == UInt8 {
        guard !overflowed else { return [] }
        var lines: [[UInt8]] = []
        var start = chunk.startIndex
        var index = start
        while index != chunk.endIndex {
            if chunk[index] == 0x0A {
                let piece = chunk[start..<index]
                guard partial.count + piece.count < maxLineBytes else {
                    overflow()
                    return lines
                }
                if partial.isEmpty {
                    if !piece.isEmpty { lines.append(Array(piece)) }
                } else {
                    partial.append(contentsOf: piece)
                    lines.append(partial)
                    partial.removeAll(keepingCapacity: true)
                }
                start = chunk.index(after: index)
            }
            index = chunk.index(after: index)
        }
        let rest = chunk[start..<chunk.endIndex]
        guard partial.count + rest.count < maxLineBytes else {
            overflow()
            return lines
        }
        partial.append(contentsOf: rest)
        return lines
    }

    private mutating func overflow() {
        overflowed = true
        partial = []
    }
}
