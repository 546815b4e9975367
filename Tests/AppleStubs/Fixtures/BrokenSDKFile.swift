// Fixture (must FAIL Scripts/apple-typecheck.sh --sdk-extra): an error inside a `canImport(UIKit)`
// branch of the SDK, invisible to `swift build` on Linux, caught only because the stubs make the branch compile.
#if canImport(UIKit)
import UIKit

func clearEverything() {
    UIPasteboard.general.items = nil
}
#endif
