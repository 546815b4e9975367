/// What only QubeRoute offers beside the facade every service shares: events with a value. Reached
/// through ``OptoLink/quberoute``, which is nil for the other services.
///
/// ```swift
/// await optoLink.quberoute?.trackEvent("purchase", valueMinor: 499, currency: "GBP", properties: ["sku": "A1"])
/// ```
public struct QubeRouteFeatures: Sendable {
    /// The running SDK, configured for QubeRoute.
    let optoLink: OptoLink

    /// Queues an event with a value in minor units (`499` is 4.99 of `currency`), as
    /// ``OptoLink/trackEvent(_:properties:)`` queues one without: persisted, sent in batches with its
    /// `eventId`, retried, dropped while the SDK is disabled.
    ///
    /// A value requires a currency of three letters A–Z (ISO 4217), and is at most 2⁵³ − 1 in size (what a
    /// JSON number carries exactly): otherwise the event is refused here (logged, returns false), never sent.
    ///
    /// - Returns: true when the event was queued.
    @discardableResult
    public func trackEvent(
        _ name: String, valueMinor: Int, currency: String, properties: [String: JSONValue]? = nil
    ) async -> Bool {
        await optoLink.trackEvent(name, valueMinor: valueMinor, currency: currency, properties: properties)
    }
}
