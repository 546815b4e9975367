import Foundation
import OptoLink
internal import OptoLinkClientCore

/// An ``OptoLinkClient`` for your app's tests and SwiftUI previews: records every call, answers from
/// what you give it, and lets the test push links as if the SDK had delivered them. No network, no store.
///
/// ```swift
/// let fake = FakeOptoLink(resolve: { url in
///     url.path == "/demo/summer"
///         ? OptoLinkData(linkId: "l-1", path: "/promo/summer", matchType: .direct, isDeferred: false) : nil
/// })
/// let router = LinkRouter(optoLink: fake)           // your code, written against `any OptoLinkClient`
/// fake.push(OptoLinkData(linkId: "l-2", path: "/onboarding", matchType: .clipboard, isDeferred: true))
/// #expect(fake.calls.contains(.trackEvent("opened", properties: nil)))
/// ```
///
/// Links behave as the SDK's do: each listener of ``links`` gets every link pushed after it started
/// listening, and links pushed while nobody listens are kept for the first listener. ``handle(url:)``
/// delivers what `resolve` returns (and returns it); ``canHandle(url:)`` is whether `resolve` gives a link.
///
public final class FakeOptoLink: OptoLinkClient, Sendable {
    /// One call the app made, with its arguments.
    public enum Call: Sendable, Hashable {
        /// ``FakeOptoLink/canHandle(url:)`` with this URL.
        case canHandle(URL)
        /// ``FakeOptoLink/handle(url:)`` with this URL.
        case handle(URL)
        /// ``FakeOptoLink/resolveDeferredLink()``.
        case resolveDeferredLink
        /// ``FakeOptoLink/checkPasteboard()``.
        case checkPasteboard
        /// ``FakeOptoLink/setIdentity(_:)`` with this user id.
        case setIdentity(String)
        /// ``FakeOptoLink/clearIdentity()``.
        case clearIdentity
        /// ``FakeOptoLink/trackEvent(_:properties:)`` with this name and these properties.
        case trackEvent(String, properties: [String: JSONValue]?)
        /// ``FakeOptoLink/flushEvents()``.
        case flushEvents
        /// ``FakeOptoLink/queuedEventCount()``.
        case queuedEventCount
        /// ``FakeOptoLink/setEnabled(_:)`` with this value.
        case setEnabled(Bool)
        /// ``FakeOptoLink/resetDevice()``.
        case resetDevice
    }

    private let resolve: @Sendable (URL) -> OptoLinkData?

    /// What the fake recorded and answers.
    private struct State {
        var recorded: [Call] = []
        var listeners: [Int: AsyncStream<OptoLinkData>.Continuation] = [:]
        var nextListener = 0
        var pending: [OptoLinkData] = []
        var enabled = true
        var device = "fake-device-0"
        var resets = 0
        var queued = 0
        var deferred: OptoLinkData?
        var answer = true
    }

    private let state: LockedValue<State>

    /// - Parameters:
    ///   - resolve: the link behind a URL, or nil when the URL is not ours (default: no URL is ours).
    ///   - deferredLink: what ``resolveDeferredLink()`` returns (default nil).
    ///   - succeeds: what identity, event and pasteboard calls return (default true).
    public init(
        resolve: @escaping @Sendable (URL) -> OptoLinkData? = { _ in nil }, deferredLink: OptoLinkData? = nil,
        succeeds: Bool = true
    ) {
        self.resolve = resolve
        self.state = LockedValue(State(deferred: deferredLink, answer: succeeds))
    }

    /// Every call so far, in order.
    public var calls: [Call] { state.withLock { state in state.recorded } }

    /// The events tracked so far (name and properties), in order.
    public var trackedEvents: [(name: String, properties: [String: JSONValue]?)] {
        state.withLock { state in
            state.recorded.compactMap {
                if case .trackEvent(let name, let properties) = $0 { (name, properties) } else { nil }
            }
        }
    }

    /// Delivers `link` on ``links``, as the SDK does with a direct open or the deferred match.
    public func push(_ link: OptoLinkData) {
        let targets: [AsyncStream<OptoLinkData>.Continuation] = state.withLock { state in
            if state.listeners.isEmpty { state.pending.append(link) }
            return Array(state.listeners.values)
        }
        for continuation in targets { continuation.yield(link) }
    }

    /// Ends every ``links`` stream (as the SDK's `shutdown()` does).
    public func finish() {
        let targets = state.withLock { state in
            let all = Array(state.listeners.values)
            state.listeners.removeAll()
            return all
        }
        for continuation in targets { continuation.finish() }
    }

    // MARK: OptoLinkClient

    /// A new listener: the links pushed while nobody listened, then every new one.
    public var links: AsyncStream<OptoLinkData> {
        var captured: AsyncStream<OptoLinkData>.Continuation?
        let stream = AsyncStream<OptoLinkData> { captured = $0 }
        guard let continuation = captured else { return stream }
        let id: Int = state.withLock { state in
            let id = state.nextListener
            state.nextListener += 1
            state.listeners[id] = continuation
            for link in state.pending { continuation.yield(link) }
            state.pending.removeAll()
            return id
        }
        continuation.onTermination = { [weak self] _ in self?.state.withLock { $0.listeners[id] = nil } }
        return stream
    }

    /// `fake-device-0`, then `fake-device-1` after one ``resetDevice()``, and so on.
    public var deviceId: String { state.withLock { state in state.device } }

    /// The last ``setEnabled(_:)`` (default true).
    public var isEnabled: Bool { state.withLock { state in state.enabled } }

    /// Whether `resolve` gives a link for `url` (recorded).
    public func canHandle(url: URL) -> Bool {
        record(.canHandle(url))
        return resolve(url) != nil
    }

    /// Records the call; delivers and returns what `resolve` gives.
    @discardableResult
    public func handle(url: URL) async -> OptoLinkData? {
        record(.handle(url))
        guard let link = resolve(url) else { return nil }
        push(link)
        return link
    }

    /// Records the call; returns `deferredLink`.
    public func resolveDeferredLink() async -> OptoLinkData? {
        record(.resolveDeferredLink)
        return state.withLock { state in state.deferred }
    }

    /// Records the call; returns `succeeds`.
    @discardableResult
    public func checkPasteboard() async -> Bool {
        record(.checkPasteboard)
        return state.withLock { state in state.answer }
    }

    /// Records the call; returns `succeeds` (false while disabled, as the SDK).
    @discardableResult
    public func setIdentity(_ externalId: String) async -> Bool {
        record(.setIdentity(externalId))
        return state.withLock { state in state.answer && state.enabled }
    }

    /// Records the call; returns `succeeds` (false while disabled, as the SDK).
    @discardableResult
    public func clearIdentity() async -> Bool {
        record(.clearIdentity)
        return state.withLock { state in state.answer && state.enabled }
    }

    /// Records the call; returns `succeeds` (false while disabled: the SDK drops the event).
    @discardableResult
    public func trackEvent(_ name: String, properties: [String: JSONValue]?) async -> Bool {
        record(.trackEvent(name, properties: properties))
        return state.withLock { state in
            guard state.answer, state.enabled else { return false }
            state.queued += 1
            return true
        }
    }

    /// Records the call; the tracked events count as sent.
    public func flushEvents() async {
        record(.flushEvents)
        state.withLock { state in state.queued = 0 }
    }

    /// Records the call; the events tracked since the last ``flushEvents()``.
    public func queuedEventCount() async -> Int {
        record(.queuedEventCount)
        return state.withLock { state in state.queued }
    }

    /// Records the call and the switch.
    public func setEnabled(_ enabled: Bool) {
        record(.setEnabled(enabled))
        state.withLock { $0.enabled = enabled }
    }

    /// Records the call; a new ``deviceId``, no queued events.
    public func resetDevice() async {
        record(.resetDevice)
        state.withLock { state in
            state.resets += 1
            state.device = "fake-device-\(state.resets)"
            state.queued = 0
        }
    }

    private func record(_ call: Call) {
        state.withLock { state in state.recorded.append(call) }
    }

}
