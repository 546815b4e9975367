// Stub: UIKit re-exports Foundation on Apple platforms (and with it NSUserActivity).
@_exported import Foundation
@_exported import AppleOnlyFoundation
