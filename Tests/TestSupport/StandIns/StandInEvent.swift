import Foundation

/// One app event a stand-in accepted (OptoLink's `/sdk/events`, QubeRoute's batches).
public struct StandInEvent: Sendable, Hashable {
    /// The event's name.
    public var name: String
    /// The device or install it came from (OptoLink's `deviceId`, QubeRoute's `installToken`).
    public var install: String
    /// QubeRoute's `eventId`; nil for OptoLink.
    public var eventId: String?
    /// When the service accepted it.
    public var time: Date

    /// An accepted event.
    public init(name: String, install: String, eventId: String?, time: Date) {
        self.name = name
        self.install = install
        self.eventId = eventId
        self.time = time
    }
}
