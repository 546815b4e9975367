import DashboardCore
import Foundation
import OptoLinkToolSupport

/// Appends session entries to a file on a thread of its own, so recording never waits on the disk.
///
/// ```swift
/// let writer = try SessionWriter(url: url, header: SessionHeader(settings: settings))
/// writer.append(SessionEntry(time: clock.now(), wall: Date(), action: .log(level: .info, text: "hi")))
/// writer.close()   // writes what is queued, then closes the file
/// ```
///
/// ``append(_:)`` only queues the value (a lock and an array append; it wakes the thread only when that
/// waits idle); the thread encodes what is queued and writes it with one `write(2)` per batch, whole
/// lines only and no user-space buffer, then gathers the next batch for ``batchInterval``. A crash or
/// `kill -9` of the dashboard leaves every line written so far complete, at most the line being written
/// cut (``SessionFile`` opens such a file up to its last complete line), and loses what was queued in the
/// last ``batchInterval``. At most ``capacity`` entries wait; past that (the disk has stalled) new
/// entries are dropped and counted in ``stats``.
///
/// `@unchecked Sendable` is safe: the mutable state is guarded by `condition`; the file handle is only
/// written by the writer's thread (the header in `init`, before that thread starts).
package final class SessionWriter: @unchecked Sendable {
    /// What the writer did so far.
    package struct Stats: Sendable, Hashable {
        /// Lines written, the header included.
        package var lines = 0
        /// Bytes written.
        package var bytes = 0
        /// Entries dropped because ``SessionWriter/capacity`` entries were waiting.
        package var dropped = 0
        /// The first write or encoding error (later entries are dropped), nil while none.
        package var error: String?
    }

    /// Entries that may wait for the thread (8192: minutes of an attached app's traffic).
    package static let capacity = 8192
    /// How long the thread gathers entries after writing a batch (20 ms): during a burst the render loop
    /// never wakes it, and a line reaches the file at most this long after it was queued.
    package static let batchInterval = 0.02
    /// The file written.
    package let url: URL
    private let handle: FileHandle
    private let condition = NSCondition()
    private var queue: [SessionEntry] = []
    private var closing = false
    /// The thread waits for an entry: the next ``append(_:)`` wakes it.
    private var idle = false
    private var done = false
    private var current = Stats()

    /// Creates (or empties) the file at `url` and writes the header line.
    /// - Throws: ``DashboardError/export(_:)`` when the file cannot be created or written.
    package init(url: URL, header: SessionHeader) throws(DashboardError) {
        self.url = url
        let handle: FileHandle
        do {
            // Written through a link or a device, never replaced (`--record /dev/stdout`, a link a user made).
            handle = try OutputFile.open(url.path)
        } catch {
            throw .export("cannot record the session: \(error)")
        }
        self.handle = handle
        do {
            let line = try SessionLineCodec().line(header)
            try handle.write(contentsOf: line)
            current.lines = 1
            current.bytes = line.count
        } catch {
            try? handle.close()
            throw .export("\(url.path): cannot write the session file (\(FileReason.words(error)))")
        }
        let thread = Thread { [self] in run() }
        thread.name = "optolink-session-writer"
        thread.start()
    }

    /// Queues `entry`; false when it was dropped (``capacity`` entries waiting, an earlier error, or closed).
    @discardableResult
    package func append(_ entry: SessionEntry) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard !closing, current.error == nil, queue.count < Self.capacity else {
            current.dropped += 1
            return false
        }
        queue.append(entry)
        if idle {
            idle = false
            condition.signal()
        }
        return true
    }

    /// Why the file does not hold every entry queued, one line naming it; nil while it does. A write that
    /// failed loses its batch and everything after it; entries dropped while the disk fell behind leave gaps.
    package var problem: String? {
        let stats = self.stats
        if let error = stats.error {
            return "\(url.path): the session stops after line \(stats.lines) (\(error)): what came after is lost"
        }
        guard stats.dropped > 0 else { return nil }
        return "\(url.path): \(stats.dropped) entries are missing from the session (the disk fell behind)"
    }

    /// What was written so far.
    package var stats: Stats {
        condition.lock()
        defer { condition.unlock() }
        return current
    }

    /// Writes what is queued, stops the thread and closes the file (later appends are dropped).
    package func close() {
        condition.lock()
        closing = true
        condition.broadcast()
        while !done { condition.wait() }
        condition.unlock()
        try? handle.close()
    }

    /// Waits until every queued entry is written (tests and the bench).
    package func flush() {
        condition.lock()
        while !queue.isEmpty || writing { condition.wait() }
        condition.unlock()
    }

    private var writing = false

    private func run() {
        let codec = SessionLineCodec()
        while true {
            condition.lock()
            while queue.isEmpty && !closing {
                idle = true
                condition.wait()
            }
            idle = false
            let batch = queue
            queue.removeAll(keepingCapacity: true)
            let stop = closing && batch.isEmpty
            writing = !batch.isEmpty
            if stop {
                done = true
                condition.broadcast()
                condition.unlock()
                return
            }
            condition.unlock()
            var data = Data()
            var lines = 0
            var failure: String?
            for entry in batch {
                do {
                    data.append(try codec.line(entry))
                    lines += 1
                } catch {
                    failure = "cannot encode an entry (\(error))"
                    break
                }
            }
            do {
                try handle.write(contentsOf: data)
            } catch {
                failure = FileReason.words(error)
                lines = 0
            }
            condition.lock()
            current.lines += lines
            current.bytes += failure == nil ? data.count : 0
            if let failure, current.error == nil { current.error = failure }
            writing = false
            condition.broadcast()
            // Gather the next batch (``close()`` and ``flush()`` do not wait for it: close wakes this wait).
            if !closing && queue.isEmpty { _ = condition.wait(until: Date().addingTimeInterval(Self.batchInterval)) }
            condition.unlock()
        }
    }
}
