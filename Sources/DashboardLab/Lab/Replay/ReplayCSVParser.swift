/// A streaming RFC 4180 parser: bytes go in by chunks of any size, records come out one at a time, in one pass
/// over the input (linear in its size; a record's fields are reused buffers, so memory stays one record).
///
/// Fields are separated by commas and records by LF or CRLF; a field may be quoted with `"`, and then holds
/// commas, line breaks and doubled quotes (`""` for one). Blank lines are skipped. A quote inside an unquoted
/// field, text after a closing quote, and a quoted field that never closes are errors naming the line and
/// the column (the field's position, from 1). A record may hold at most ``maxRecordBytes`` bytes and
/// ``maxRecordFields`` fields: past them (a line that never ends, `/dev/zero`) it is refused, checked once a
/// chunk, so memory stays one record and one chunk whatever the input.
///
/// ```swift
/// var parser = ReplayCSVParser()
/// try parser.feed(Array("a,\"b,c\"\n".utf8)) { record in print(record.line, record.string(1)) }  // 1 b,c
/// try parser.finish { _ in }
/// ```
package struct ReplayCSVParser: Sendable {
    /// A malformed record: where, and what was expected.
    package struct Failure: Error, Sendable, Hashable {
        /// The line (from 1) where the problem is.
        package var line: Int
        /// The field (from 1).
        package var column: Int
        /// What was expected there.
        package var expected: String
    }

    private enum State: Sendable {
        /// At the start of a field.
        case fieldStart
        /// Inside an unquoted field.
        case unquoted
        /// Inside a quoted field.
        case quoted
        /// Just after a quote inside a quoted field: the closing quote or the first of a doubled one.
        case quoteInQuoted
    }

    private var state = State.fieldStart
    private var bytes: [UInt8] = []
    private var ends: [Int] = []
    /// The physical line being read (from 1) and the one the current record began on.
    private var line = 1
    private var recordLine = 1
    /// True after a CR outside quotes: a LF right after it belongs to the same line break.
    private var afterCR = false

    /// The most bytes a record's fields may hold: far above any recorded click or open (a few hundred bytes).
    package static let maxRecordBytes = 64 * 1024
    /// The most fields a record may have.
    package static let maxRecordFields = 1024

    /// An empty parser.
    package init() {}

    /// Parses `chunk`, calling `record` for every record it completes.
    /// - Throws: ``Failure`` for a malformed record; whatever `record` throws.
    package mutating func feed(
        _ chunk: UnsafeRawBufferPointer, _ record: (ReplayCSVRecord) throws -> Void
    ) throws {
        for byte in chunk {
            if afterCR {
                afterCR = false
                if byte == 0x0A { continue }
            }
            switch state {
            case .quoted:
                if byte == 0x22 {
                    state = .quoteInQuoted
                } else {
                    if byte == 0x0A { line += 1 }
                    bytes.append(byte)
                }
            case .quoteInQuoted:
                switch byte {
                case 0x22:
                    bytes.append(byte)
                    state = .quoted
                case 0x2C:
                    endField()
                case 0x0A, 0x0D:
                    try endRecord(lineBreak: byte, record)
                default:
                    throw Failure(
                        line: line, column: ends.count + 1,
                        expected: "a comma or the end of the line after a quoted field's closing quote")
                }
            case .fieldStart, .unquoted:
                switch byte {
                case 0x2C:
                    endField()
                case 0x0A, 0x0D:
                    try endRecord(lineBreak: byte, record)
                case 0x22:
                    guard state == .fieldStart else {
                        throw Failure(
                            line: line, column: ends.count + 1,
                            expected: "no quote inside an unquoted field (quote the whole field, doubling its quotes)")
                    }
                    state = .quoted
                default:
                    bytes.append(byte)
                    state = .unquoted
                }
            }
        }
        if bytes.count > Self.maxRecordBytes || ends.count > Self.maxRecordFields {
            throw Failure(
                line: recordLine, column: ends.count + 1,
                expected: "a record of at most \(Self.maxRecordBytes / 1024) KiB and \(Self.maxRecordFields) fields "
                    + "(this one has not ended by then)")
        }
    }

    /// ``feed(_:_:)`` for bytes in an array.
    package mutating func feed(_ chunk: [UInt8], _ record: (ReplayCSVRecord) throws -> Void) throws {
        try chunk.withUnsafeBytes { try feed($0, record) }
    }

    /// Ends the input: the last record when it has no line break after it.
    /// - Throws: ``Failure`` when a quoted field never closes; whatever `record` throws.
    package mutating func finish(_ record: (ReplayCSVRecord) throws -> Void) throws {
        if state == .quoted {
            throw Failure(line: recordLine, column: ends.count + 1, expected: "a closing quote for this quoted field")
        }
        if state != .fieldStart || !ends.isEmpty || !bytes.isEmpty {
            try endRecord(lineBreak: 0x0A, record)
        }
    }

    private mutating func endField() {
        ends.append(bytes.count)
        state = .fieldStart
    }

    private mutating func endRecord(lineBreak: UInt8, _ record: (ReplayCSVRecord) throws -> Void) throws {
        let blank = ends.isEmpty && bytes.isEmpty && state == .fieldStart
        if !blank {
            ends.append(bytes.count)
            try record(ReplayCSVRecord(line: recordLine, bytes: bytes, ends: ends))
        }
        bytes.removeAll(keepingCapacity: true)
        ends.removeAll(keepingCapacity: true)
        state = .fieldStart
        afterCR = lineBreak == 0x0D
        line += 1
        recordLine = line
    }
}
