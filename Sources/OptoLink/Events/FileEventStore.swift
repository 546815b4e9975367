import Foundation

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The production ``EventStore``: one append-only file, `events.jsonl`, in ``directory``.
///
/// - **Append per event**: tracking an event appends one line (one `write`), removing or counting a
///   failure appends a short marker line; nothing is re-encoded. A process killed mid-write leaves at
///   most a torn last line, which the next ``load()`` drops (the event it held was not yet reported as
///   queued).
/// - **Compacted rarely**: when the queue empties the file is truncated; when markers and removed
///   events outnumber the live ones (and are at least 128), ``load()`` or the next change rewrites it
///   with the live events only (atomically: a temporary file renamed over it).
/// - **Where**: ``defaultDirectory`` is `<Application Support>/OptoLink/EventQueue` (on Linux
///   `~/.local/share/OptoLink/EventQueue`), created on first write and, on Apple platforms, excluded from
///   backups (`isExcludedFromBackup`): queued events are device-local and short-lived.
///
/// Safe to use from several threads of one process; two processes sharing a file are not coordinated.
///
/// `@unchecked Sendable` is safe: `directory` and `fileURL` are immutable, and the counters and all file
/// access are only touched while `lock` is held.
public final class FileEventStore: EventStore, @unchecked Sendable {
    /// The directory holding the file.
    public let directory: URL
    /// The file: `<directory>/events.jsonl`.
    public let fileURL: URL

    private let lock = NSLock()
    /// Events appended and not removed, as far as this object has seen.
    private var live = 0
    /// Records that no longer count: removed events, their markers, failure markers.
    private var dead = 0
    private var directoryReady = false

    /// Dead records needed before a rewrite (and they must also outnumber the live events).
    static let compactionThreshold = 128

    /// `<FileKeyValueStore.defaultDirectory>/EventQueue`: `<Application Support>/OptoLink/EventQueue`.
    public static var defaultDirectory: URL {
        FileKeyValueStore.defaultDirectory.appendingPathComponent("EventQueue", isDirectory: true)
    }

    /// A store in `directory` (created on first write). Does no I/O.
    public init(directory: URL = FileEventStore.defaultDirectory) {
        self.directory = directory
        self.fileURL = directory.appendingPathComponent("events.jsonl", isDirectory: false)
    }

    /// Every stored event, oldest first: the file replayed (a torn last line and foreign lines skipped;
    /// then the file is rewritten clean).
    public func load() -> [QueuedEvent] {
        lock.lock()
        defer { lock.unlock() }
        let replay = replayFile()
        live = replay.events.count
        dead = replay.dead
        if replay.needsRewrite || needsCompaction { rewrite(replay.events) }
        return replay.events
    }

    /// Appends `event`'s line.
    public func append(_ event: QueuedEvent) {
        guard let line = EventLogRecord.added(event).line() else { return }
        lock.lock()
        defer { lock.unlock() }
        if appendBytes(line) { live += 1 }
    }

    /// Appends a `removed` marker per id (one write), compacting when due.
    public func remove(_ ids: [String]) {
        guard !ids.isEmpty else { return }
        var lines = Data()
        for id in ids { lines.append(EventLogRecord.removed(id).line() ?? Data()) }
        lock.lock()
        defer { lock.unlock() }
        guard appendBytes(lines) else { return }
        live = max(0, live - ids.count)
        dead += 2 * ids.count
        compactIfDue()
    }

    /// Appends a `failed` marker, compacting when due.
    public func recordFailure(of id: String) {
        guard let line = EventLogRecord.failed(id).line() else { return }
        lock.lock()
        defer { lock.unlock() }
        guard appendBytes(line) else { return }
        dead += 1
        compactIfDue()
    }

    /// Truncates the file.
    public func removeAll() {
        lock.lock()
        defer { lock.unlock() }
        if FileManager.default.fileExists(atPath: fileURL.path) { _ = truncate(fileURL.path, 0) }
        live = 0
        dead = 0
    }

    // MARK: File

    private var needsCompaction: Bool {
        dead >= Self.compactionThreshold && dead > live
    }

    private func compactIfDue() {
        guard needsCompaction else { return }
        let replay = replayFile()
        rewrite(replay.events)
    }

    /// The file's live events in order, how many records no longer count, and whether it has a torn or
    /// foreign line (it is rewritten then).
    private func replayFile() -> (events: [QueuedEvent], dead: Int, needsRewrite: Bool) {
        guard let data = FileManager.default.contents(atPath: fileURL.path), !data.isEmpty else {
            return ([], 0, false)
        }
        var events: [QueuedEvent] = []
        var index: [String: Int] = [:]
        var removed = Set<String>()
        var dead = 0
        var needsRewrite = data.last != 0x0A
        var start = data.startIndex
        while start < data.endIndex {
            let end = data[start...].firstIndex(of: 0x0A) ?? data.endIndex
            defer { start = end < data.endIndex ? end + 1 : end }
            guard end > start else { continue }
            switch EventLogRecord(line: data[start..<end]) {
            case .added(let event)?:
                if index[event.id] != nil || removed.contains(event.id) {
                    dead += 1
                } else {
                    index[event.id] = events.count
                    events.append(event)
                }
            case .removed(let id)?:
                removed.insert(id)
                dead += 2
            case .failed(let id)?:
                if let position = index[id] { events[position].failures += 1 }
                dead += 1
            case nil:
                needsRewrite = true
            }
        }
        if !removed.isEmpty { events.removeAll { removed.contains($0.id) } }
        return (events, dead, needsRewrite)
    }

    /// Replaces the file with `events` (failure counts folded in), atomically.
    private func rewrite(_ events: [QueuedEvent]) {
        var data = Data()
        for event in events { data.append(EventLogRecord.added(event).line() ?? Data()) }
        guard prepareDirectory() else { return }
        do {
            try data.write(to: fileURL, options: .atomic)
            live = events.count
            dead = 0
        } catch {
            // The old file stays as it was: still correct, only longer.
        }
    }

    /// Appends `bytes` with one `write` on an `O_APPEND` descriptor; false when it could not.
    private func appendBytes(_ bytes: Data) -> Bool {
        guard prepareDirectory() else { return false }
        let descriptor = open(fileURL.path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return bytes.withUnsafeBytes { raw -> Bool in
            guard var pointer = raw.baseAddress else { return true }
            var left = raw.count
            while left > 0 {
                let written = write(descriptor, pointer, left)
                if written < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                left -= written
                pointer += written
            }
            return true
        }
    }

    /// Creates the directory once (excluded from backups on Apple platforms).
    private func prepareDirectory() -> Bool {
        if directoryReady { return true }
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            return false
        }
        #if canImport(Darwin)
        var url = directory
        var values = URLResourceValues()
        values.isExcludedFromBackup = true
        try? url.setResourceValues(values)
        #endif
        directoryReady = true
        return true
    }
}
