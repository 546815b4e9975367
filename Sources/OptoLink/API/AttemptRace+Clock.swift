import Foundation
internal import OptoLinkClientCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The SDK's attempts raced against their deadline on the SDK's clock: ``OptoLinkConfiguration/timeout``
/// started with ``OptoLinkClock/startDeadline(after:expire:)``, `URLError(.timedOut)` when it passes first.
/// The same race runs any other piece of work the SDK must not wait on past a deadline (the AppsFlyer
/// signing hook, the app's own code): ``run(timeout:clock:_:)``.
extension AttemptRace {
    /// The deadline of `timeout` seconds on `clock`, throwing `URLError(.timedOut)`; `onExpire` runs on the
    /// deadline's thread the moment it passes, before the race is ended.
    static func deadline(
        _ timeout: TimeInterval, on clock: any OptoLinkClock, onExpire: (@Sendable () -> Void)? = nil
    ) -> AttemptDeadline {
        AttemptDeadline(seconds: timeout, error: URLError(.timedOut)) { seconds, expire in
            guard let onExpire else { return clock.startDeadline(after: seconds, expire: expire) }
            return clock.startDeadline(after: seconds) {
                onExpire()
                expire()
            }
        }
    }

    /// Runs `work` (code of the app's, such as the AppsFlyer signing hook) in a task of its own against a
    /// deadline of `timeout` seconds on `clock`: throws `URLError(.timedOut)` at the deadline even when
    /// `work` never returns, and `CancellationError` at once when the calling task is cancelled.
    static func run(
        timeout: TimeInterval, clock: any OptoLinkClock, _ work: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        try await run(deadline: deadline(timeout, on: clock), work)
    }
}

extension AttemptRace where Value == HTTPResponse {
    /// Runs `request` on `transport` (``HTTPTransport/start(_:onAnswer:completion:)``) against a deadline
    /// of `timeout` seconds on `clock`; throws `URLError(.timedOut)` at the deadline, and what the transport
    /// ends with otherwise. Cancelling the calling task cancels the request.
    ///
    /// `onFailure` runs where the attempt ends without an answer (on the deadline's thread when it passes,
    /// on the transport's when it fails), before the caller is resumed: the attempt's end is taken there.
    static func run(
        _ request: HTTPRequest, on transport: any HTTPTransport, onAnswer: @escaping @Sendable (HTTPResponse) -> Void,
        onFailure: @escaping @Sendable () -> Void, timeout: TimeInterval, clock: any OptoLinkClock
    ) async throws -> HTTPResponse {
        try await run(
            deadline: deadline(timeout, on: clock, onExpire: onFailure),
            start: { completion in
                transport.start(request, onAnswer: onAnswer) { result in
                    if case .failure = result { onFailure() }
                    completion(result)
                }
            })
    }
}
