@_exported import AppleOnlyFoundation
// Stub: UIKit re-exports Foundation on Apple platforms (and with it NSUserActivity).
@_exported import Foundation
