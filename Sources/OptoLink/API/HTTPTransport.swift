internal import OptoLinkClientCore

/// Sends one HTTP request and returns the answer, whatever its status.
///
/// Throw (a `URLError`, typically) only when no HTTP answer came: connection refused, timeout,
/// connection lost, cancellation. A 4xx or 5xx is a normal return. Retries are not the transport's job:
/// ``OptoLinkAPI`` applies the ``RetryPolicy``. ``URLSessionTransport`` is the production transport;
/// `OptoLinkTesting.ScriptedTransport` answers from a script.
///
/// Only ``send(_:)`` must be written. A transport whose answers arrive on a callback (as `URLSession`'s
/// do) should also implement ``send(_:onAnswer:)``, so the SDK can act on an answer on that callback's
/// thread instead of after the waiting task has been woken; a transport that wraps another one (adding a
/// header, recording) should forward it.
public protocol HTTPTransport: Sendable {
    /// Sends `request`; throws only when there is no HTTP answer.
    func send(_ request: HTTPRequest) async throws -> HTTPResponse

    /// Sends `request` like ``send(_:)`` and hands the answer to `onAnswer` the moment it arrives, on
    /// whatever thread the transport is on, *before* the call returns that same answer.
    ///
    /// `onAnswer` is called at most once, and only with the answer the call returns: never when the call
    /// throws. It must be quick (it runs on the transport's thread). The default implementation calls
    /// ``send(_:)`` and then `onAnswer`, which is correct for every transport, only not early.
    func send(_ request: HTTPRequest, onAnswer: @escaping @Sendable (HTTPResponse) -> Void) async throws -> HTTPResponse

    /// Starts `request` and calls `completion` exactly once, on whatever thread the transport is on, with
    /// what ``send(_:onAnswer:)`` would return or throw (`onAnswer` first, for an answer). Returns a
    /// function that cancels the request; `completion` is still called then (typically with
    /// `URLError(.cancelled)`).
    ///
    /// The SDK runs every request attempt through this, raced against its deadline. The default runs
    /// ``send(_:onAnswer:)`` in a task of its own (started at once where the runtime can), which is correct
    /// for every transport. A transport whose answers arrive on a callback (as `URLSession`'s do) should
    /// implement it, so an attempt needs no task (``URLSessionTransport`` does);
    /// a transport that wraps another one should forward it.
    func start(
        _ request: HTTPRequest, onAnswer: @escaping @Sendable (HTTPResponse) -> Void,
        completion: @escaping @Sendable (Result<HTTPResponse, any Error>) -> Void
    ) -> @Sendable () -> Void
}

extension HTTPTransport {
    /// Calls ``send(_:)``, then `onAnswer` with its answer.
    public func send(_ request: HTTPRequest, onAnswer: @escaping @Sendable (HTTPResponse) -> Void) async throws
        -> HTTPResponse
    {
        let response = try await send(request)
        onAnswer(response)
        return response
    }

    /// Runs ``send(_:onAnswer:)`` in a task of its own (started in place where the compiler and the runtime
    /// can, Swift 6.2 and OS 26, so the request is on its way before this returns), hands its outcome
    /// to `completion`, and cancels that task when asked.
    public func start(
        _ request: HTTPRequest, onAnswer: @escaping @Sendable (HTTPResponse) -> Void,
        completion: @escaping @Sendable (Result<HTTPResponse, any Error>) -> Void
    ) -> @Sendable () -> Void {
        let attempt: @Sendable () async -> Void = {
            do {
                completion(.success(try await send(request, onAnswer: onAnswer)))
            } catch {
                completion(.failure(error))
            }
        }
        let task = ImmediateTask.start(attempt)
        return { task.cancel() }
    }
}
