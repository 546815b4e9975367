import Foundation

/// What the connection does with a request once the router has looked at it.
enum RouterOutcome: Sendable {
    /// Write this response.
    case respond(HTTPResponse)
    /// Close the connection without answering (a `drop` fault).
    case drop
    /// Wait this many seconds, then ask the router again with faults already applied (a `delay` fault).
    case delay(TimeInterval)
    /// Ask the router again on a storage worker thread, from this stage (the route waits for the database,
    /// or found it busy): the event loop goes on serving its other connections meanwhile.
    case offload(HandlingStage)
}
