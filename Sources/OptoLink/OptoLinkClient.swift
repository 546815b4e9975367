import Foundation

/// What an app calls on the SDK, as a protocol: ``OptoLink`` conforms, and `FakeOptoLink` (in
/// `OptoLinkTesting`) records the calls and lets a test push links, so app code can be tested without
/// a backend.
///
/// ```swift
/// final class LinkRouter {
///     let optoLink: any OptoLinkClient   // OptoLink.shared in the app, FakeOptoLink() in tests
///     init(optoLink: any OptoLinkClient) { self.optoLink = optoLink }
///     func listen() async { for await link in optoLink.links { open(link.path) } }
/// }
/// ```
///
/// The UIKit and SwiftUI helpers (`handle(userActivity:)`, `handle(urlContexts:)`,
/// `handle(connectionOptions:)`, `application(_:open:options:)`, `View.optoLink(_:onOtherURL:onLink:)`)
/// work on any client. Each requirement is documented on ``OptoLink``.
public protocol OptoLinkClient: AnyObject, Sendable {
    /// Every link to route to, each delivered once per listener (``OptoLink/links``).
    var links: AsyncStream<OptoLinkData> { get }
    /// This install's device id (``OptoLink/deviceId``).
    var deviceId: String { get }
    /// Whether data collection is on (``OptoLink/isEnabled``).
    var isEnabled: Bool { get }
    /// Whether `url` is one of your links or uses one of your URL schemes (``OptoLink/canHandle(url:)``).
    func canHandle(url: URL) -> Bool
    /// Resolves and delivers `url` when it is ours (``OptoLink/handle(url:)``).
    @discardableResult func handle(url: URL) async -> OptoLinkData?
    /// The first launch's link, once settled (``OptoLink/resolveDeferredLink()``).
    func resolveDeferredLink() async -> OptoLinkData?
    /// Reads the click token now, with ``ClipboardReading/whenAppAsks`` (``OptoLink/checkPasteboard()``).
    @discardableResult func checkPasteboard() async -> Bool
    /// Binds this device to your user id (``OptoLink/setIdentity(_:)``).
    @discardableResult func setIdentity(_ externalId: String) async -> Bool
    /// Unbinds this device (``OptoLink/clearIdentity()``).
    @discardableResult func clearIdentity() async -> Bool
    /// Queues a custom event (``OptoLink/trackEvent(_:properties:)``).
    @discardableResult func trackEvent(_ name: String, properties: [String: JSONValue]?) async -> Bool
    /// Sends the queued events now (``OptoLink/flushEvents()``).
    func flushEvents() async
    /// How many events wait to be sent (``OptoLink/queuedEventCount()``).
    func queuedEventCount() async -> Int
    /// Turns data collection on or off, persisted (``OptoLink/setEnabled(_:)``).
    func setEnabled(_ enabled: Bool)
    /// Forgets this install locally (``OptoLink/resetDevice()``).
    func resetDevice() async
}

extension OptoLinkClient {
    /// ``trackEvent(_:properties:)`` without properties.
    @discardableResult
    public func trackEvent(_ name: String) async -> Bool {
        await trackEvent(name, properties: nil)
    }

    /// Starts handling `url` in a task of its own when it is ours (``canHandle(url:)``) and says whether
    /// it was: the synchronous, fire-and-forget form the app delegate, scene delegate and SwiftUI helpers
    /// use. The link arrives on ``links``; nothing waits for the network here.
    func startHandling(_ url: URL) -> Bool {
        guard canHandle(url: url) else { return false }
        Task { await self.handle(url: url) }
        return true
    }

    /// ``startHandling(_:)`` for each URL; true when at least one was ours.
    func startHandling(_ urls: [URL]) -> Bool {
        urls.reduce(false) { handled, url in startHandling(url) || handled }
    }
}

extension OptoLink: OptoLinkClient {}
