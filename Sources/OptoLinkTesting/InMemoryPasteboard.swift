import Foundation
import OptoLink

/// A ``Pasteboard`` in memory, with counters so tests can check the SDK's manners (asks before reading,
/// reads only on the first launch, clears after use).
///
/// `@unchecked Sendable` is safe: every stored property is only touched while `lock` is held.
public final class InMemoryPasteboard: Pasteboard, @unchecked Sendable {
    private let lock = NSLock()
    private var stored: String?
    private var reads = 0
    private var checks = 0
    private var clears = 0

    /// Creates a pasteboard holding `string` (or nothing).
    public init(string: String? = nil) {
        self.stored = string
    }

    /// The current content; settable.
    public var content: String? {
        get { locked { stored } }
        set { locked { stored = newValue } }
    }

    /// How many times ``string()`` was called.
    public var readCount: Int { locked { reads } }
    /// How many times ``hasStrings`` was asked.
    public var hasStringsCount: Int { locked { checks } }
    /// How many times ``clear()`` was called.
    public var clearCount: Int { locked { clears } }

    /// Whether there is a string (counted).
    public var hasStrings: Bool {
        locked {
            checks += 1
            return stored != nil
        }
    }

    /// The string (counted).
    public func string() -> String? {
        locked {
            reads += 1
            return stored
        }
    }

    /// Empties the pasteboard (counted).
    public func clear() {
        locked {
            clears += 1
            stored = nil
        }
    }

    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }
}
