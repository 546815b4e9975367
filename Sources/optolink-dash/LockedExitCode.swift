import Foundation

/// The headless run's exit code, handed from its task to the main thread.
///
/// `@unchecked Sendable` is safe: `code` is only touched while `lock` is held.
final class LockedExitCode: @unchecked Sendable {
    private let lock = NSLock()
    private var code: Int32 = 0

    var value: Int32 {
        get {
            lock.lock()
            defer { lock.unlock() }
            return code
        }
        set {
            lock.lock()
            code = newValue
            lock.unlock()
        }
    }
}
