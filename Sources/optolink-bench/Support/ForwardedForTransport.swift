import Foundation
import OptoLink

/// Wraps a transport and adds `X-Forwarded-For`, as the dashboard does for simulated devices: the bench
/// server trusts that header, so each simulated device (or each request) comes from its own address and
/// the per-address rate limits (`/match` 30/min, `/data` 500/min) measure nothing but the bench itself.
/// Addresses are in 127.0.0.0/8 and are only header values: every packet goes to 127.0.0.1.
struct ForwardedForTransport: HTTPTransport {
    /// How the address is chosen.
    enum Addressing: Sendable {
        /// Always this address (one simulated device).
        case fixed(String)
        /// A new address for every request (`127.<block>.x.y`, counting up).
        case rotating(block: Int)
    }

    let base: any HTTPTransport
    let addressing: Addressing
    private let counter = Counter()

    init(base: any HTTPTransport, addressing: Addressing) {
        self.base = base
        self.addressing = addressing
    }

    /// The address for the next request.
    func nextAddress() -> String {
        switch addressing {
        case .fixed(let address):
            return address
        case .rotating(let block):
            return Self.address(block: block, index: counter.next())
        }
    }

    /// `127.<block>.<index / 256 % 256>.<index % 256>`, the `index`-th address of a block.
    static func address(block: Int, index: Int) -> String {
        "127.\(block & 255).\(index >> 8 & 255).\(index & 255)"
    }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try await send(request, onAnswer: { _ in })
    }

    /// Forwards the early answer of the wrapped transport (see `HTTPTransport.send(_:onAnswer:)`).
    func send(_ request: HTTPRequest, onAnswer: @escaping @Sendable (HTTPResponse) -> Void) async throws -> HTTPResponse
    {
        var request = request
        request.headers["X-Forwarded-For"] = nextAddress()
        return try await base.send(request, onAnswer: onAnswer)
    }

    /// Forwards the wrapped transport's start (see `HTTPTransport.start(_:onAnswer:completion:)`), so the
    /// SDK's attempts go as they do on a bare `URLSessionTransport`.
    func start(
        _ request: HTTPRequest, onAnswer: @escaping @Sendable (HTTPResponse) -> Void,
        completion: @escaping @Sendable (Result<HTTPResponse, any Error>) -> Void
    ) -> @Sendable () -> Void {
        var request = request
        request.headers["X-Forwarded-For"] = nextAddress()
        return base.start(request, onAnswer: onAnswer, completion: completion)
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
