internal import OptoLinkClientCore

/// A one-way flag, readable synchronously.
final class ShutdownFlag: Sendable {
    private let value = LockedValue(false)

    var isSet: Bool { value.value }

    /// Sets the flag; returns false when it was already set.
    func set() -> Bool {
        value.withLock { value in
            defer { value = true }
            return !value
        }
    }
}
