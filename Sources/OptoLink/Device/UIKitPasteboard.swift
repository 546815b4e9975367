#if canImport(UIKit) && !os(watchOS)
import Foundation
import UIKit

/// The ``Pasteboard`` over `UIPasteboard.general` (iOS, tvOS, visionOS; not built on Linux).
///
/// `hasStrings` does not show the paste banner; `string()` may (iOS 16+). Every access runs on the main
/// thread, hopping there synchronously when called from the SDK's background task.
public struct UIKitPasteboard: Pasteboard {
    /// Creates the adapter.
    public init() {}

    /// `UIPasteboard.general.hasStrings`.
    public var hasStrings: Bool { Self.onMain { UIPasteboard.general.hasStrings } }

    /// `UIPasteboard.general.string`.
    public func string() -> String? { Self.onMain { UIPasteboard.general.string } }

    /// Empties `UIPasteboard.general`.
    public func clear() { Self.onMain { UIPasteboard.general.items = [] } }

    private static func onMain<T: Sendable>(_ body: @MainActor @Sendable () -> T) -> T {
        if Thread.isMainThread { return MainActor.assumeIsolated { body() } }
        return DispatchQueue.main.sync { MainActor.assumeIsolated { body() } }
    }
}
#endif
