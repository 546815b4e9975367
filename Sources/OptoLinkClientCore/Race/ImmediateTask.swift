/// Starts a task that runs in place until its first suspension, where the compiler and the runtime have
/// `Task.immediate` (Swift 6.2 and OS 26), else an ordinary task: work that needs no wait is done before the
/// call returns, without a thread to wake.
public enum ImmediateTask {
    /// Starts `operation` (see ``ImmediateTask``) and returns its task.
    @inlinable public static func start(_ operation: @escaping @Sendable () async -> Void) -> Task<Void, Never> {
        // `#if compiler` because Swift 6.0 and 6.1 (Xcode 16) do not know `Task.immediate` at all, and
        // `#available` because it needs the OS 26 runtime.
        #if compiler(>=6.2)
        if #available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *) {
            return Task.immediate(operation: operation)
        } else {
            return Task(operation: operation)
        }
        #else
        return Task(operation: operation)
        #endif
    }
}
