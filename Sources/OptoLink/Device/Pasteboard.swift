/// The system pasteboard, as far as the deferred match needs it.
///
/// The SDK asks ``hasStrings`` first and reads ``string()`` only when it is true, so a platform can avoid
/// the paste prompt when there is nothing to read. It reads only on the first launch and only when
/// ``OptoLinkConfiguration/clipboardEnabled``; it calls ``clear()`` only after it used a valid token.
public protocol Pasteboard: Sendable {
    /// Whether the pasteboard holds a string (must not trigger the paste prompt).
    var hasStrings: Bool { get }
    /// The pasteboard's string, if any (may show the iOS paste banner).
    func string() -> String?
    /// Empties the pasteboard.
    func clear()
}

/// A pasteboard that is always empty: the default where there is no UIKit (macOS, Linux).
public struct EmptyPasteboard: Pasteboard {
    /// Creates an empty pasteboard.
    public init() {}
    /// Always false.
    public var hasStrings: Bool { false }
    /// Always nil.
    public func string() -> String? { nil }
    /// Does nothing.
    public func clear() {}
}
