import Foundation

/// Events: tracked through the queue, which stores them and sends them in batches.
extension OptoLink {
    // MARK: Events

    /// Queues a custom event and starts sending it; returns true when it was queued.
    ///
    /// The name must be 1–100 characters and the properties, as JSON, at most 10 240 bytes: otherwise the
    /// event is refused (logged), never truncated. Queued events are persisted before sending, sent in
    /// order, kept through network errors, 5xx and 429, and survive a restart. Delivery is at-least-once.
    ///
    /// While the SDK is disabled (``setEnabled(_:)``) the event is **dropped**, not queued: it returns
    /// false, with an ``DiagnosticKind/eventDropped(name:reason:)`` diagnostic and an info line (a user who
    /// opted out is not tracked later either). OptoLink and QubeRoute take events (QubeRoute's may carry a
    /// value: ``quberoute``); with another service this sends nothing, logs
    /// ``OptoLinkError/unsupportedByService`` and returns false.
    @discardableResult
    public func trackEvent(_ name: String, properties: [String: JSONValue]? = nil) async -> Bool {
        guard acceptsEvent(name) else { return false }
        return await eventQueue.enqueue(name: name, properties: properties)
    }

    /// What only QubeRoute offers: events with a value. Nil unless the ``OptoLinkConfiguration/service`` is
    /// QubeRoute, so a value event cannot be written for a service that has none.
    ///
    /// ```swift
    /// await optoLink.quberoute?.trackEvent("purchase", valueMinor: 499, currency: "GBP")
    /// ```
    public var quberoute: QubeRouteFeatures? {
        configuration.service == .quberoute ? QubeRouteFeatures(optoLink: self) : nil
    }

    /// ``QubeRouteFeatures/trackEvent(_:valueMinor:currency:properties:)``: ``trackEvent(_:properties:)``
    /// with a value, checked by the provider before it is queued.
    func trackEvent(_ name: String, valueMinor: Int, currency: String, properties: [String: JSONValue]?) async -> Bool {
        guard acceptsEvent(name) else { return false }
        return await eventQueue.enqueue(name: name, properties: properties, valueMinor: valueMinor, currency: currency)
    }

    /// Whether `trackEvent` may queue `name`: not after shutdown, not for a service that takes no events
    /// from an app (``OptoLinkError/unsupportedByService``, logged), and not while the SDK is disabled
    /// (dropped: an info line and an ``DiagnosticKind/eventDropped(name:reason:)`` diagnostic).
    func acceptsEvent(_ name: String) -> Bool {
        guard !shutdownFlag.isSet,
            supports(provider.eventBatchSize > 0, "trackEvent", lacking: "takes no events from an app")
        else { return false }
        guard privacy.isEnabled else {
            log(.info, "Event \(name) dropped: the SDK is disabled (setEnabled(false))")
            emit(.eventDropped(name: name, reason: "the SDK is disabled (setEnabled(false))"))
            return false
        }
        return true
    }

    /// The reason an identity call is refused on a service without identity.
    static let noIdentity = "does not bind devices to users"

    /// `supported`, or false after logging ``OptoLinkError/unsupportedByService`` for `call`: the one refusal
    /// of a facade call the configured service has no endpoint for (`lacking` says what it lacks).
    func supports(_ supported: Bool, _ call: String, lacking: String) -> Bool {
        if !supported {
            log(.error, OptoLinkError.unsupported(call, by: provider.service, because: lacking).description)
        }
        return supported
    }

    /// Sends the queued events now (skipping any retry wait) and returns when this attempt is over.
    public func flushEvents() async {
        guard !shutdownFlag.isSet else { return }
        await eventQueue.flushNow()
    }

    /// The number of events waiting to be sent.
    public func queuedEventCount() async -> Int {
        await eventQueue.count
    }
}
