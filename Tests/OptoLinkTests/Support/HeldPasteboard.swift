import Foundation
import OptoLink

/// A pasteboard holding a click token whose ``string()`` suspends until ``release()``: the iOS 16+
/// "Allow Paste" prompt, waiting for the user. ``waitForRead()`` returns once the read has begun.
actor HeldPasteboard: Pasteboard {
    private var content: String?
    private var changes = 0
    private var released = false
    private var reading = false
    private var readers: [CheckedContinuation<Void, Never>] = []
    private var watchers: [CheckedContinuation<Void, Never>] = []
    private(set) var reads = 0
    private(set) var clears = 0

    init(string: String?) { self.content = string }

    func changeCount() -> Int { changes }
    func hasStrings() -> Bool { content != nil }

    func string() async -> String? {
        reads += 1
        reading = true
        for watcher in watchers { watcher.resume() }
        watchers = []
        if !released { await withCheckedContinuation { readers.append($0) } }
        return content
    }

    @discardableResult
    func clear(ifChangeCountIs changeCount: Int) -> Bool {
        guard changes == changeCount else { return false }
        clears += 1
        changes += 1
        content = nil
        return true
    }

    /// The user answered the prompt: every read in progress (and every later one) returns.
    func release() {
        released = true
        for reader in readers { reader.resume() }
        readers = []
    }

    /// Suspends until a read has begun.
    func waitForRead() async {
        if reading { return }
        await withCheckedContinuation { watchers.append($0) }
    }
}
