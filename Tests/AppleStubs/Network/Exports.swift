// Stub (type-checking only, never linked or run): the part of Network.framework the SDK's inspector uses
// (NWConnection, NWBrowser, NWEndpoint, NWParameters, NWError), with Apple's signatures, availability
// and Sendable conformances as the iOS 18 SDK (Xcode 16) declares them.
// https://developer.apple.com/documentation/network
@_exported import Foundation
