import Foundation
import OptoLink
internal import OptoLinkClientCore

/// A ``Pasteboard`` in memory, with counters so tests can check the SDK's manners (asks before reading,
/// reads only on the first launch, clears after use, never over what was copied since).
///
/// Setting ``content`` is a copy: it bumps the change count, as `UIPasteboard` does.
public final class InMemoryPasteboard: Pasteboard, Sendable {
    /// The content and the counters.
    private struct State {
        var stored: String?
        var changes = 0
        var reads = 0
        var checks = 0
        var clears = 0
    }

    private let state: LockedValue<State>

    /// Creates a pasteboard holding `string` (or nothing).
    public init(string: String? = nil) {
        self.state = LockedValue(State(stored: string))
    }

    /// The current content; setting it is a copy (the change count goes up).
    public var content: String? {
        get { state.value.stored }
        set {
            state.withLock { state in
                state.stored = newValue
                state.changes += 1
            }
        }
    }

    /// How many times ``string()`` was called.
    public var readCount: Int { state.value.reads }
    /// How many times ``hasStrings()`` was asked.
    public var hasStringsCount: Int { state.value.checks }
    /// How many times ``clear(ifChangeCountIs:)`` emptied the pasteboard.
    public var clearCount: Int { state.value.clears }

    /// The change count: how many times the content was set or cleared.
    public func changeCount() async -> Int { state.value.changes }

    /// Whether there is a string (counted).
    public func hasStrings() async -> Bool {
        state.withLock { state in
            state.checks += 1
            return state.stored != nil
        }
    }

    /// The string (counted).
    public func string() async -> String? {
        state.withLock { state in
            state.reads += 1
            return state.stored
        }
    }

    /// Empties the pasteboard when nothing was copied since `changeCount` (counted when it does).
    @discardableResult
    public func clear(ifChangeCountIs changeCount: Int) async -> Bool {
        state.withLock { state in
            guard state.changes == changeCount else { return false }
            state.clears += 1
            state.changes += 1
            state.stored = nil
            return true
        }
    }

}
