#if canImport(UIKit) && !os(watchOS) && !os(tvOS)
import Foundation
import UIKit

/// The ``Pasteboard`` over `UIPasteboard.general` (iOS, iPadOS, visionOS; tvOS and watchOS have no
/// `UIPasteboard`). On Linux it is only type-checked, against `Tests/AppleStubs` (`Scripts/apple-typecheck.sh`).
///
/// `hasStrings` and `changeCount` do not show the paste banner; `string()` may (iOS 16+). Every access
/// hops to the main actor asynchronously: the SDK's tasks never wait on the main thread synchronously.
public struct UIKitPasteboard: Pasteboard {
    /// Creates the adapter.
    public init() {}

    /// `UIPasteboard.general.changeCount`.
    public func changeCount() async -> Int {
        await MainActor.run { UIPasteboard.general.changeCount }
    }

    /// `UIPasteboard.general.hasStrings`.
    public func hasStrings() async -> Bool {
        await MainActor.run { UIPasteboard.general.hasStrings }
    }

    /// `UIPasteboard.general.string`.
    public func string() async -> String? {
        await MainActor.run { UIPasteboard.general.string }
    }

    /// Empties `UIPasteboard.general` when its change count is still `changeCount` (checked and cleared
    /// in one main-actor step, so nothing copied in between is lost).
    @discardableResult
    public func clear(ifChangeCountIs changeCount: Int) async -> Bool {
        await MainActor.run {
            guard UIPasteboard.general.changeCount == changeCount else { return false }
            UIPasteboard.general.items = []
            return true
        }
    }
}
#endif
