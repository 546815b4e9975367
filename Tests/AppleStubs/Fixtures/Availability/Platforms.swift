// Fixture for Scripts/apple-availability.py: APIs that do not exist on some platforms ("-" in the table).
// Every line marked `flagged` must be reported, and nothing else. (Never compiled: the checker is lexical.)
#if canImport(UIKit)
import UIKit
func read() -> String? { UIPasteboard.general.string }  // flagged: tvOS and watchOS compile this
#endif

#if canImport(UIKit) && !os(tvOS) && !os(watchOS)
func fine() -> String? { UIPasteboard.general.string }
#endif

#if os(tvOS)
func tv() {}
#else
#if canImport(UIKit) && !os(watchOS)
func alsoFine() -> Int { UIPasteboard.general.changeCount }
#endif
#endif

#if canImport(UIKit) && !os(watchOS)
func scene(_ scene: UIScene) {}
#endif

#if canImport(UIKit)
func sceneEverywhere(_ scene: UIScene) {}  // flagged: watchOS has UIKit, no scenes
#endif

#if os(iOS) || os(visionOS)
func iOSOnly() { _ = UIPasteboard.general }
#endif

#if canImport(UIKit) || canImport(AppKit)
func either() { _ = UIPasteboard.general }  // flagged: an || proves nothing
#endif
