/// The backend endpoints the SDK calls; the raw value is the route's tail, as shown in diagnostics.
public enum Endpoint: String, Sendable, Hashable {
    /// `GET /:orgKey/:shortCode/data`: link data for a direct open.
    case linkData = "data"
    /// `POST /match`: the first-launch deferred match.
    case match
    /// `POST /sdk/session`: device profile upsert.
    case session
    /// `POST /sdk/identity`: bind the device to an end user.
    case identity
    /// `POST /sdk/identity/clear`: unbind the device.
    case identityClear = "identity/clear"
    /// `POST /sdk/events`: one custom event.
    case events
}
