import DashboardCore
import Foundation
import OptoLinkToolSupport

/// A session opened for replay: its header, when each entry happened, and the entries themselves, read
/// from the file when asked (an index of line offsets is kept, never the entries or states).
///
/// ```swift
/// let file = try SessionFile.open(URL(fileURLWithPath: "bug-1234.olsession"))
/// let first = try file.entry(at: 0)
/// ```
///
/// ``open(_:)`` reads the file once, a chunk at a time, checking every line; it refuses (with one line a
/// person can act on) an empty file, a file that is neither a session nor a HAR, a session of a newer
/// format version, a line that is not an entry, and a file larger than ``SessionFormat/maxFileBytes``. A
/// last line the file ends in the middle of (the dashboard was killed while writing it) is left out and
/// reported in ``warnings``. A HAR 1.2 file (the dashboard's own export, or a browser's) opens too, its
/// entries turned into requests by ``HARImport``.
package final class SessionFile {
    /// The file.
    package let url: URL
    /// Its header (for a HAR: one made from its `creator`).
    package let header: SessionHeader
    /// Each entry's ``SessionEntry/time``, in file order.
    package let times: [Double]
    /// The indices of the entries replay steps stop at (every entry but the clock's ticks).
    package let stepIndices: [Int]
    /// What was left out (a cut last line), one line each.
    package let warnings: [String]
    private let storage: Storage

    private enum Storage {
        /// Entry `i` is the bytes from `offsets[i]` to `offsets[i + 1] - 1` (the `\n` excluded).
        case lines(FileHandle, offsets: [Int64])
        /// Entries made in memory (an imported HAR).
        case memory([SessionEntry])
    }

    /// How many entries there are.
    package var count: Int { times.count }

    /// Whether the file was a HAR rather than a session.
    package var isHAR: Bool { header.settings.mode == "har" }

    private init(url: URL, header: SessionHeader, times: [Double], steps: [Int], warnings: [String], storage: Storage) {
        self.url = url
        self.header = header
        self.times = times
        self.stepIndices = steps
        self.warnings = warnings
        self.storage = storage
    }

    deinit {
        if case .lines(let handle, _) = storage { try? handle.close() }
    }

    /// Entry `index` (0-based).
    /// - Throws: ``DashboardError/session(_:)`` when the file changed under the dashboard since it was opened.
    package func entry(at index: Int) throws(DashboardError) -> SessionEntry {
        switch storage {
        case .memory(let entries): return entries[index]
        case .lines(let handle, let offsets):
            do {
                try handle.seek(toOffset: UInt64(offsets[index]))
                let length = Int(offsets[index + 1] - offsets[index] - 1)
                let bytes = try handle.read(upToCount: length) ?? Data()
                return try SessionLineCodec().decode(SessionEntry.self, from: bytes)
            } catch {
                throw .session("\(url.path): line \(index + 2) cannot be read again (did the file change?): \(error)")
            }
        }
    }

    /// Opens and checks a session (or HAR) file.
    /// - Throws: ``DashboardError/session(_:)`` with one line saying what is wrong with the file.
    package static func open(_ url: URL) throws(DashboardError) -> SessionFile {
        let path = url.path
        let size: Int64
        switch UserFile.kind(of: path) {
        case .unreachable(let reason):
            throw .session("\(QuotedText.escaped(path, limit: 200)): cannot read the file (\(reason))")
        case .directory: throw .session("\(QuotedText.escaped(path, limit: 200)) is a directory, not a session file")
        case .regular(let bytes): size = bytes
        case .stream: return try openStream(url)
        }
        guard size > 0 else { throw .session("\(path) is empty: not a session file") }
        guard size <= SessionFormat.maxFileBytes else {
            throw .session(
                "\(path) is \(formatBytes(size)): the dashboard opens session files up to "
                    + "\(formatBytes(SessionFormat.maxFileBytes)) (a recorded hour is a few MB); "
                    + "record shorter sessions, or cut this one at a line boundary (head -n)")
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw .session("\(path): cannot read the file (no permission)")
        }
        do {
            return try read(url, handle: handle, size: size)
        } catch {
            try? handle.close()
            throw error
        }
    }

    /// Opens a session given as a stream (`--open <(cat s.olsession)`, a FIFO): its bytes, up to
    /// ``SessionFormat/maxFileBytes``, are copied to an unlinked temporary file that replay reads from.
    private static func openStream(_ url: URL) throws(DashboardError) -> SessionFile {
        let bytes: [UInt8]
        do {
            bytes = try UserFile.read(url.path, limit: Int(SessionFormat.maxFileBytes))
        } catch {
            throw .session("cannot read the session \(error)")
        }
        guard !bytes.isEmpty else {
            throw .session("\(QuotedText.escaped(url.path, limit: 200)) is empty: not a session file")
        }
        let temporary = FileManager.default.temporaryDirectory
            .appendingPathComponent("optolink-stream-\(UUID().uuidString).olsession")
        do {
            try Data(bytes).write(to: temporary)
        } catch {
            throw .session("\(QuotedText.escaped(url.path, limit: 200)): cannot keep a copy of the stream to replay it")
        }
        defer { try? FileManager.default.removeItem(at: temporary) }
        guard let handle = FileHandle(forReadingAtPath: temporary.path) else {
            throw .session("\(QuotedText.escaped(url.path, limit: 200)): cannot keep a copy of the stream to replay it")
        }
        do {
            return try read(url, handle: handle, size: Int64(bytes.count))
        } catch {
            try? handle.close()
            throw error
        }
    }

    private static func read(_ url: URL, handle: FileHandle, size: Int64) throws(DashboardError) -> SessionFile {
        let path = url.path
        let codec = SessionLineCodec()
        var reader: SessionLineReader
        do {
            reader = try SessionLineReader(handle: handle)
        } catch {
            throw .session("\(path): cannot read the file (\(error))")
        }
        func nextLine(_ number: Int) throws(DashboardError) -> SessionLineReader.Line? {
            do {
                return try reader.next()
            } catch SessionLineReader.Failure.tooLong {
                throw .session(
                    "\(path):\(number): a line longer than \(formatBytes(Int64(SessionFormat.maxLineBytes))): "
                        + "not a session file")
            } catch {
                throw .session("\(path): cannot read the file (\(error))")
            }
        }
        let first: SessionLineReader.Line?
        do {
            first = try reader.next()
        } catch {
            first = nil
        }
        guard let first, let header = try? codec.decode(SessionHeader.self, from: first.bytes),
            header.format == SessionFormat.name
        else {
            if let har = try HARImport.open(url, handle: handle, size: size) { return har }
            throw .session("\(path) is not a session file (its first line is no \(SessionFormat.name) header)")
        }
        guard header.version <= SessionFormat.version else {
            throw .session(
                "\(path) is session format \(header.version), newer than this dashboard reads "
                    + "(up to \(SessionFormat.version)): open it with a newer optolink-dash")
        }
        guard first.isComplete else { throw .session("\(path): the header line is cut short: not a session file") }
        var offsets: [Int64] = []
        var times: [Double] = []
        var steps: [Int] = []
        var warnings: [String] = []
        var number = 1
        var end = first.offset + Int64(first.bytes.count) + 1
        while let line = try nextLine(number + 1) {
            number += 1
            guard line.isComplete else {
                warnings.append(
                    "\(path):\(number): the last line is cut short (the recording stopped while writing it): "
                        + "opened the \(number - 1) lines before it")
                break
            }
            let entry: SessionEntry
            do {
                entry = try codec.decode(SessionEntry.self, from: line.bytes)
            } catch {
                throw .session("\(path):\(number): not a session entry (\(describe(error)))")
            }
            if entry.isStep { steps.append(times.count) }
            offsets.append(line.offset)
            times.append(entry.time)
            end = line.offset + Int64(line.bytes.count) + 1
        }
        offsets.append(end)
        return SessionFile(
            url: url, header: header, times: times, steps: steps, warnings: warnings,
            storage: .lines(handle, offsets: offsets))
    }

    /// A session made in memory (an imported HAR).
    static func inMemory(url: URL, header: SessionHeader, entries: [SessionEntry]) -> SessionFile {
        SessionFile(
            url: url, header: header, times: entries.map(\.time),
            steps: entries.indices.filter { entries[$0].isStep }, warnings: [], storage: .memory(entries))
    }

    /// A decoding error in a few words (which field, what was wrong).
    static func describe(_ error: any Error) -> String {
        func path(_ context: DecodingError.Context) -> String {
            context.codingPath.map(\.stringValue).joined(separator: ".")
        }
        switch error {
        case DecodingError.dataCorrupted(let context):
            return context.codingPath.isEmpty ? "not JSON" : "\(path(context)): \(context.debugDescription)"
        case DecodingError.keyNotFound(let key, let context):
            return "no \(([path(context)] + [key.stringValue]).filter { !$0.isEmpty }.joined(separator: "."))"
        case DecodingError.typeMismatch(let type, let context):
            return "\(path(context)): expected \(kind(type))"
        case DecodingError.valueNotFound(let type, let context):
            return "\(path(context)): expected \(kind(type)), found null"
        default:
            return "\(error)"
        }
    }

    /// What a value of `type` is, in JSON's words (`an object`, `a list`, `a number`), not Swift's.
    static func kind(_ type: Any.Type) -> String {
        let name = String(describing: type)
        if name.hasPrefix("Dictionary") || name.hasPrefix("KeyedDecodingContainer") { return "an object" }
        if name.hasPrefix("Array") || name.hasPrefix("UnkeyedDecodingContainer") { return "a list" }
        if name.hasPrefix("String") { return "text" }
        if name == "Bool" { return "true or false" }
        if ["Double", "Float", "Int", "Int64", "Int32", "UInt", "UInt64"].contains(name) { return "a number" }
        return "a value of the session format"
    }

    /// `1.0 GB`, `256 MB`, `12 KB`.
    static func formatBytes(_ bytes: Int64) -> String {
        let units = ["bytes", "KB", "MB", "GB", "TB"]
        var value = Double(bytes)
        var unit = 0
        while value >= 1024 && unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        return unit == 0
            ? "\(bytes) bytes" : (value < 10 ? String(format: "%.1f", value) : "\(Int(value))") + " " + units[unit]
    }
}
