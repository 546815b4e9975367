import Foundation
import OptoLink

/// The example app's pasteboard: holds `--pasteboard TEXT` until the SDK clears it (Linux has no system
/// pasteboard; on iOS the SDK uses UIPasteboard).
///
/// `@unchecked Sendable` is safe: `text` and `count` are only touched while `lock` is held.
final class ExamplePasteboard: Pasteboard, @unchecked Sendable {
    private let lock = NSLock()
    private var text: String?
    private var count = 0

    init(_ text: String?) { self.text = text }

    func changeCount() async -> Int { lock.withLock { count } }
    func hasStrings() async -> Bool { lock.withLock { text != nil } }
    func string() async -> String? { lock.withLock { text } }
    func clear(ifChangeCountIs changeCount: Int) async -> Bool {
        lock.withLock {
            guard count == changeCount, text != nil else { return false }
            text = nil
            count += 1
            return true
        }
    }
}
