internal import OptoLinkClientCore

/// The continuations of the tasks waiting on the launch, by waiter id, behind a lock so a cancelled task
/// is resumed at once, from its cancellation handler, without waiting for the ``LaunchCoordinator``.
///
/// A waiter goes through ``open(_:)`` (before it can be cancelled), ``park(_:_:)`` (its continuation),
/// then exactly one resume: ``resume(_:with:)`` from an effect, or ``cancel(_:with:)``. Whichever comes
/// second finds nothing and does nothing. A cancellation that arrives before ``park(_:_:)`` makes the
/// park resume at once. Continuations are resumed after the lock is released.
final class LaunchWaiters: Sendable {
    private enum Slot {
        /// Opened; its continuation is not parked yet.
        case opened
        /// Cancelled before its continuation was parked.
        case cancelled(LaunchReply)
        case parked(CheckedContinuation<LaunchReply, Never>)
    }

    private let slots = LockedValue<[Int: Slot]>([:])

    /// Makes room for `id` before its task can be cancelled.
    func open(_ id: Int) {
        slots.withLock { $0[id] = .opened }
    }

    /// Parks `continuation` as `id`; false when `id` was cancelled meanwhile (then it was resumed with its
    /// cancelled reply here, and must not be handed to the machine).
    func park(_ id: Int, _ continuation: CheckedContinuation<LaunchReply, Never>) -> Bool {
        let cancelledReply = slots.withLock { slots -> LaunchReply? in
            if case .cancelled(let reply) = slots[id] {
                slots[id] = nil
                return reply
            }
            slots[id] = .parked(continuation)
            return nil
        }
        guard let cancelledReply else { return true }
        continuation.resume(returning: cancelledReply)
        return false
    }

    /// Resumes `id` with `reply`, unless it was already resumed.
    func resume(_ id: Int, with reply: LaunchReply) {
        let continuation = slots.withLock { slots -> CheckedContinuation<LaunchReply, Never>? in
            guard case .parked(let continuation) = slots[id] else { return nil }
            slots[id] = nil
            return continuation
        }
        continuation?.resume(returning: reply)
    }

    /// The task behind `id` was cancelled: resumes it with `reply` now (or as soon as it parks). Returns
    /// whether the machine knows the waiter and should forget it.
    func cancel(_ id: Int, with reply: LaunchReply) -> Bool {
        let continuation = slots.withLock { slots -> CheckedContinuation<LaunchReply, Never>?? in
            switch slots[id] {
            case .opened:
                slots[id] = .cancelled(reply)
                return .some(nil)
            case .parked(let continuation):
                slots[id] = nil
                return .some(continuation)
            case .cancelled, nil:
                return nil
            }
        }
        guard let continuation else { return false }
        continuation?.resume(returning: reply)
        return continuation != nil
    }
}
