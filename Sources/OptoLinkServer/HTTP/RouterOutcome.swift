import Foundation

/// What the connection does with a request once the router has looked at it.
enum RouterOutcome: Sendable {
    /// Write this response.
    case respond(HTTPResponse)
    /// Close the connection without answering (a `drop` fault).
    case drop
    /// Wait this many seconds, then ask the router again with faults already applied (a `delay` fault).
    case delay(TimeInterval)
}
