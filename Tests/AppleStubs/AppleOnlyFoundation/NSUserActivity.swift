// Stub (type-checking only, never linked or run): the part of Apple's Foundation that
// swift-corelibs-foundation on Linux does not have. On Apple platforms these come from Foundation
// itself (and UIKit and SwiftUI re-export Foundation); here `UIKit` and `SwiftUI` re-export this module,
// so a file sees them only when it imports one of those. That is stricter than Apple (where
// `import Foundation` alone is enough), never looser.
import Foundation

/// Apple: `class NSUserActivity : NSObject` (Foundation).
/// iOS 8.0+, macOS 10.10+, tvOS 9.0+, watchOS 2.0+, visionOS 1.0+.
/// https://developer.apple.com/documentation/foundation/nsuseractivity
/// Not `Sendable` and not main-actor isolated, as in Apple's SDK.
@available(iOS 8.0, macOS 10.10, tvOS 9.0, watchOS 2.0, visionOS 1.0, *)
open class NSUserActivity: NSObject {
    /// Apple: `init(activityType: String)`. iOS 8.0+, macOS 10.10+, tvOS 9.0+, watchOS 2.0+.
    public init(activityType: String) { fatalError("Apple stub: never run") }

    /// Apple: `var activityType: String { get }`. iOS 8.0+, macOS 10.10+, tvOS 9.0+, watchOS 2.0+.
    open var activityType: String { fatalError("Apple stub: never run") }

    /// Apple: `var webpageURL: URL? { get set }`. iOS 8.0+, macOS 10.10+, tvOS 9.0+, watchOS 2.0+.
    /// https://developer.apple.com/documentation/foundation/nsuseractivity/webpageurl
    open var webpageURL: URL? {
        get { fatalError("Apple stub: never run") }
        set { fatalError("Apple stub: never run") }
    }
}

/// Apple: `let NSUserActivityTypeBrowsingWeb: String` (Foundation): the activity type of a Universal Link.
/// iOS 8.0+, macOS 10.10+, tvOS 9.0+, watchOS 2.0+, visionOS 1.0+.
/// https://developer.apple.com/documentation/foundation/nsuseractivitytypebrowsingweb
@available(iOS 8.0, macOS 10.10, tvOS 9.0, watchOS 2.0, visionOS 1.0, *)
public let NSUserActivityTypeBrowsingWeb: String = "NSUserActivityTypeBrowsingWeb"
