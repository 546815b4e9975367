import Foundation
import OptoLink

/// A ``Pasteboard`` in memory, with counters so tests can check the SDK's manners (asks before reading,
/// reads only on the first launch, clears after use, never over what was copied since).
///
/// Setting ``content`` is a copy: it bumps the change count, as `UIPasteboard` does.
///
/// `@unchecked Sendable` is safe: every stored property is only touched while `lock` is held.
public final class InMemoryPasteboard: Pasteboard, @unchecked Sendable {
    private let lock = NSLock()
    private var stored: String?
    private var changes = 0
    private var reads = 0
    private var checks = 0
    private var clears = 0

    /// Creates a pasteboard holding `string` (or nothing).
    public init(string: String? = nil) {
        self.stored = string
    }

    /// The current content; setting it is a copy (the change count goes up).
    public var content: String? {
        get { locked { stored } }
        set {
            locked {
                stored = newValue
                changes += 1
            }
        }
    }

    /// How many times ``string()`` was called.
    public var readCount: Int { locked { reads } }
    /// How many times ``hasStrings()`` was asked.
    public var hasStringsCount: Int { locked { checks } }
    /// How many times ``clear(ifChangeCountIs:)`` emptied the pasteboard.
    public var clearCount: Int { locked { clears } }

    /// The change count: how many times the content was set or cleared.
    public func changeCount() async -> Int { locked { changes } }

    /// Whether there is a string (counted).
    public func hasStrings() async -> Bool {
        locked {
            checks += 1
            return stored != nil
        }
    }

    /// The string (counted).
    public func string() async -> String? {
        locked {
            reads += 1
            return stored
        }
    }

    /// Empties the pasteboard when nothing was copied since `changeCount` (counted when it does).
    @discardableResult
    public func clear(ifChangeCountIs changeCount: Int) async -> Bool {
        locked {
            guard changes == changeCount else { return false }
            clears += 1
            changes += 1
            stored = nil
            return true
        }
    }

    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }
}
