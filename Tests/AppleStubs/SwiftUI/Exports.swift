@_exported import AppleOnlyFoundation
// Stub: SwiftUI re-exports Foundation on Apple platforms (and with it NSUserActivity). It does not
// re-export UIKit here: a file that uses UIKit types must import UIKit (stricter than Apple, never looser).
@_exported import Foundation
