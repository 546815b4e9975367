import Foundation
import OptoLinkHTTP

/// Runs `body` in a task of its own and waits on this (the main) thread for the exit code it returns.
func exitCode(of body: @escaping @Sendable () async -> Int32) -> Int32 {
    let code = Locked<Int32>(0)
    let done = DispatchSemaphore(value: 0)
    Task.detached {
        code.value = await body()
        done.signal()
    }
    done.wait()
    return code.value
}
