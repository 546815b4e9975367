import Foundation
import OptoLink

/// An ``HTTPTransport`` that adds `X-Forwarded-For: <simulated network address>` to every request, so one
/// machine can play devices and browsers on different networks (the embedded server trusts the header).
///
/// The address is read per request from an ``AddressBox``: moving the device to another network changes
/// the address of the next request.
public struct ForwardedForTransport: HTTPTransport {
    private let base: any HTTPTransport
    private let address: AddressBox

    /// Wraps `base`; requests carry `address`'s current value.
    public init(base: any HTTPTransport, address: AddressBox) {
        self.base = base
        self.address = address
    }

    /// Sends `request` through the wrapped transport with the `X-Forwarded-For` header set.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try await send(request, onAnswer: { _ in })
    }

    /// Same, forwarding the wrapped transport's early answer (see `HTTPTransport.send(_:onAnswer:)`), so a
    /// direct open reaches the app from URLSession's callback here too.
    public func send(_ request: HTTPRequest, onAnswer: @escaping @Sendable (HTTPResponse) -> Void) async throws
        -> HTTPResponse
    {
        var request = request
        request.headers["X-Forwarded-For"] = address.value
        return try await base.send(request, onAnswer: onAnswer)
    }
}
