import Foundation

/// The simulated addresses of the bench's devices: the bench server trusts `X-Forwarded-For`, so each
/// simulated device (or each request) comes from its own address and the per-address rate limits (`/match`
/// 30/min, `/data` 500/min) measure nothing but the bench itself. Addresses are in 127.0.0.0/8 and are
/// only header values: every packet goes to 127.0.0.1.
enum BenchAddress {
    /// `127.<block>.<index / 256 % 256>.<index % 256>`, the `index`-th address of a block.
    static func address(block: Int, index: Int) -> String {
        "127.\(block & 255).\(index >> 8 & 255).\(index & 255)"
    }

    /// A new address of `block` for every request, counting up (for `ForwardedForTransport`'s `address`).
    static func rotating(block: Int) -> @Sendable () -> String {
        let counter = Counter()
        return { address(block: block, index: counter.next()) }
    }
}

/// A thread-safe counter.
final class Counter: @unchecked Sendable {
    // @unchecked: `value` is only read and written while `lock` is held.
    private let lock = NSLock()
    private var value = 0

    /// Returns the current value and counts up.
    func next() -> Int {
        lock.lock()
        defer { lock.unlock() }
        defer { value += 1 }
        return value
    }
}
