/// Holds the cancel function of a started request so a cancellation handler can call it, even when
/// cancellation arrives before the request started (the function is then called as soon as it is set).
public final class CancelBox: Sendable {
    /// The request's cancel function once it started, and whether cancellation came.
    private let state = LockedValue<(cancelRequest: (@Sendable () -> Void)?, cancelled: Bool)>((nil, false))

    /// An empty box.
    public init() {}

    /// Keeps `cancel` for ``cancel()``; calls it at once when cancellation already came.
    public func set(_ cancel: @escaping @Sendable () -> Void) {
        let alreadyCancelled = state.withLock { state in
            state.cancelRequest = cancel
            return state.cancelled
        }
        if alreadyCancelled { cancel() }
    }

    /// Cancels the request, now if it started, or as soon as it does.
    public func cancel() {
        let cancelRequest = state.withLock { state in
            state.cancelled = true
            return state.cancelRequest
        }
        cancelRequest?()
    }
}
