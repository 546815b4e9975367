import Foundation

/// Reads a file line by line in fixed chunks, never holding more than one chunk and one line.
///
/// Memory stays bounded however large the file: ``chunkSize`` bytes read at a time, and a line longer
/// than the limit stops the reader with ``Line/tooLong`` instead of growing the buffer (a file of a
/// gigabyte of zeros is a single line, refused after the limit).
struct SessionLineReader {
    /// One line: its bytes (without `\n`), where it starts, and whether it ended with `\n`.
    struct Line {
        /// The line's bytes, `\n` excluded.
        var bytes: Data
        /// The offset of its first byte in the file.
        var offset: Int64
        /// False for a last line the file ends in the middle of.
        var isComplete: Bool
    }

    /// Why reading stopped early.
    enum Failure: Error {
        /// The line starting at `offset` is longer than the limit.
        case tooLong(offset: Int64)
    }

    /// Bytes read from the file at a time (64 KiB).
    static let chunkSize = 64 * 1024
    private let handle: FileHandle
    private let maxLineBytes: Int
    private var buffer = Data()
    /// Where the next line starts in `buffer` (its indices start at 0: it is always a fresh `Data`).
    private var start = 0
    private var bufferOffset: Int64
    private var atEnd = false
    /// The most bytes the buffer held at once (what the memory test bounds).
    private(set) var peakBufferBytes = 0

    /// A reader of `handle` from `offset` on, refusing lines longer than `maxLineBytes`.
    init(handle: FileHandle, from offset: Int64 = 0, maxLineBytes: Int = SessionFormat.maxLineBytes) throws {
        self.handle = handle
        self.maxLineBytes = maxLineBytes
        bufferOffset = offset
        try handle.seek(toOffset: UInt64(offset))
    }

    /// The next line, nil at the end of the file.
    mutating func next() throws -> Line? {
        var searchFrom = start
        while true {
            if let newline = buffer[searchFrom...].firstIndex(of: 0x0A) {
                let line = Line(bytes: Data(buffer[start..<newline]), offset: bufferOffset, isComplete: true)
                bufferOffset += Int64(newline + 1 - start)
                start = newline + 1
                return line
            }
            guard buffer.count - start <= maxLineBytes else { throw Failure.tooLong(offset: bufferOffset) }
            if atEnd {
                guard start < buffer.endIndex else { return nil }
                let line = Line(bytes: Data(buffer[start...]), offset: bufferOffset, isComplete: false)
                bufferOffset += Int64(buffer.endIndex - start)
                start = buffer.endIndex
                return line
            }
            // Drop the lines already returned before reading on, so the buffer holds one line and one chunk.
            if start > 0 {
                buffer = Data(buffer[start...])
                start = 0
            }
            searchFrom = buffer.endIndex
            let chunk = try handle.read(upToCount: Self.chunkSize) ?? Data()
            if chunk.isEmpty {
                atEnd = true
            } else {
                buffer.append(chunk)
                peakBufferBytes = max(peakBufferBytes, buffer.count)
            }
        }
    }
}
