/// The system pasteboard, as far as the deferred match needs it.
///
/// Every member is `async` so an implementation can hop to the thread its platform requires (UIKit's
/// pasteboard is read on the main actor) without blocking the SDK's own tasks.
///
/// The SDK asks ``hasStrings()`` first and reads ``string()`` only when it is true, so a platform can
/// avoid the paste prompt when there is nothing to read. It reads only on the first launch and only when
/// reading is allowed; it remembers ``changeCount()`` with the token it read, and after `/match` it calls
/// ``clear(ifChangeCountIs:)`` with that count: the pasteboard is emptied only if nothing was copied since,
/// so what the user copied meanwhile is never wiped.
public protocol Pasteboard: Sendable {
    /// A number that changes whenever the pasteboard's content changes (`UIPasteboard.changeCount`).
    /// Must not show the paste prompt.
    func changeCount() async -> Int
    /// Whether the pasteboard holds a string. Must not show the paste prompt.
    func hasStrings() async -> Bool
    /// The pasteboard's string, if any (may show the iOS 16+ paste banner).
    func string() async -> String?
    /// Empties the pasteboard, but only while its change count still is `changeCount`: the content is
    /// then still what the SDK read. Returns whether it emptied it.
    @discardableResult
    func clear(ifChangeCountIs changeCount: Int) async -> Bool
}

/// A pasteboard that is always empty: the default where there is no UIKit (macOS, Linux).
public struct EmptyPasteboard: Pasteboard {
    /// Creates an empty pasteboard.
    public init() {}
    /// Always 0.
    public func changeCount() async -> Int { 0 }
    /// Always false.
    public func hasStrings() async -> Bool { false }
    /// Always nil.
    public func string() async -> String? { nil }
    /// Does nothing; returns false.
    @discardableResult
    public func clear(ifChangeCountIs changeCount: Int) async -> Bool { false }
}
