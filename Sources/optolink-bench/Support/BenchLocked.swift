import Foundation

/// A value shared between threads of the bench.
///
/// `@unchecked Sendable` is safe: `value` is only read and written inside `withLock`, under `lock`.
final class BenchLocked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func withLock<R>(_ body: (inout Value) -> R) -> R {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}
