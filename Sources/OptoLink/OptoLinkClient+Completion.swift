import Foundation
internal import OptoLinkClientCore

/// Completion-handler forms of the async calls, for code that is not async (Objective-C style delegates,
/// older UIKit code). Each starts the call and returns at once; `completion` runs later **on the main
/// actor**, which is the main queue on Apple platforms (so it may touch UI directly). On Linux the main
/// actor runs on the main queue too, which an async `main` (and `swift test`) services; a program that
/// never services it gets no completions, so use the async calls there.
///
/// ```swift
/// optoLink.handle(url: url) { link in
///     if let link { router.open(link.path) }       // main queue
/// }
/// optoLink.trackEvent("purchase", properties: ["plan": "pro"])
/// ```
///
/// Order: the calls that change state (``trackEvent(_:properties:completion:)``,
/// ``setIdentity(_:completion:)``, ``clearIdentity(completion:)``, ``flushEvents(completion:)``,
/// ``resetDevice(completion:)``) run one after another in the order they were made, as a serial queue
/// would run them (so two events are queued in the order tracked, and a `setIdentity` then a
/// `clearIdentity` end unbound); the others start at once.
extension OptoLinkClient {
    /// ``handle(url:)``; `completion` gets its result on the main actor.
    public func handle(url: URL, completion: @escaping @MainActor @Sendable (OptoLinkData?) -> Void) {
        Task {
            let link = await self.handle(url: url)
            await MainActor.run { completion(link) }
        }
    }

    /// ``resolveDeferredLink()``; `completion` gets its result on the main actor.
    public func resolveDeferredLink(completion: @escaping @MainActor @Sendable (OptoLinkData?) -> Void) {
        Task {
            let link = await self.resolveDeferredLink()
            await MainActor.run { completion(link) }
        }
    }

    /// ``checkPasteboard()``; `completion` gets its result on the main actor.
    public func checkPasteboard(completion: @escaping @MainActor @Sendable (Bool) -> Void) {
        Task {
            let found = await self.checkPasteboard()
            await MainActor.run { completion(found) }
        }
    }

    /// ``queuedEventCount()``; `completion` gets the count on the main actor.
    public func queuedEventCount(completion: @escaping @MainActor @Sendable (Int) -> Void) {
        Task {
            let count = await self.queuedEventCount()
            await MainActor.run { completion(count) }
        }
    }

    /// ``trackEvent(_:properties:)``, in order with the other state-changing calls; `completion` (if
    /// any) gets whether the event was queued, on the main actor.
    public func trackEvent(
        _ name: String, properties: [String: JSONValue]? = nil, completion: (@MainActor @Sendable (Bool) -> Void)?
    ) {
        CompletionCalls.serial.run {
            let queued = await self.trackEvent(name, properties: properties)
            if let completion { await MainActor.run { completion(queued) } }
        }
    }

    /// ``setIdentity(_:)``, in order with the other state-changing calls; `completion` gets the result on
    /// the main actor.
    public func setIdentity(_ externalId: String, completion: @escaping @MainActor @Sendable (Bool) -> Void) {
        CompletionCalls.serial.run {
            let bound = await self.setIdentity(externalId)
            await MainActor.run { completion(bound) }
        }
    }

    /// ``clearIdentity()``, in order with the other state-changing calls; `completion` gets the result on
    /// the main actor.
    public func clearIdentity(completion: @escaping @MainActor @Sendable (Bool) -> Void) {
        CompletionCalls.serial.run {
            let cleared = await self.clearIdentity()
            await MainActor.run { completion(cleared) }
        }
    }

    /// ``flushEvents()``, in order with the other state-changing calls; `completion` runs on the main actor
    /// when the attempt is over.
    public func flushEvents(completion: @escaping @MainActor @Sendable () -> Void) {
        CompletionCalls.serial.run {
            await self.flushEvents()
            await MainActor.run { completion() }
        }
    }

    /// ``resetDevice()``, in order with the other state-changing calls; `completion` runs on the main
    /// actor when it is done.
    public func resetDevice(completion: @escaping @MainActor @Sendable () -> Void) {
        CompletionCalls.serial.run {
            await self.resetDevice()
            await MainActor.run { completion() }
        }
    }
}

/// Runs the state-changing completion-handler calls one after another, in the order they were made.
final class CompletionCalls: Sendable {
    /// The one chain for the process (completion calls on every client share it: their order is the
    /// order the app made them).
    static let serial = CompletionCalls()

    /// The last operation handed over.
    private let last = LockedValue<Task<Void, Never>?>(nil)

    /// Starts `operation` after every operation handed over before it has finished.
    func run(_ operation: @escaping @Sendable () async -> Void) {
        last.withLock { last in
            let previous = last
            last = Task {
                await previous?.value
                await operation()
            }
        }
    }
}
