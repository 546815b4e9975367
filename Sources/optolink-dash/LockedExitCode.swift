import Foundation

/// An exit code, handed from the task that found it to the main thread.
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

/// Runs `body` in a task of its own and waits on this (the main) thread for the exit code it returns.
func exitCode(of body: @escaping @Sendable () async -> Int32) -> Int32 {
    let code = LockedExitCode()
    let done = DispatchSemaphore(value: 0)
    Task.detached {
        code.value = await body()
        done.signal()
    }
    done.wait()
    return code.value
}
