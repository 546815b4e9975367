import Foundation
import OptoLink

/// An ``HTTPTransport`` that adds `X-Forwarded-For: <simulated network address>` to every request, so one
/// machine can play devices and browsers on different networks (the embedded server trusts the header).
///
/// The address is read per request from an ``AddressBox``: moving the device to another network changes
/// the address of the next request.
///
/// With a `language`, it also adds what iOS's URLSession adds to an app's requests when the app sets
/// none: an app-style `User-Agent` (`… CFNetwork/… Darwin/…`, which names no platform) and
/// `Accept-Language` (the services that match on headers, QubeRoute and Deep Blue, read them).
public struct ForwardedForTransport: HTTPTransport {
    private let base: any HTTPTransport
    private let address: AddressBox
    private let language: AddressBox?

    /// The User-Agent iOS's URLSession gives the simulated app.
    public static let appUserAgent = "OptoLinkDemo/1.0 CFNetwork/1494.0.7 Darwin/23.4.0"

    /// Wraps `base`; requests carry `address`'s current value (and `language`'s, when given).
    public init(base: any HTTPTransport, address: AddressBox, language: AddressBox? = nil) {
        self.base = base
        self.address = address
        self.language = language
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
        try await base.send(addressed(request), onAnswer: onAnswer)
    }

    /// Starts `request` on the wrapped transport with the headers set (see
    /// `HTTPTransport.start(_:onAnswer:completion:)`), so the simulated device's attempts go as an app's do on
    /// a bare `URLSessionTransport`, without a task of their own.
    public func start(
        _ request: HTTPRequest, onAnswer: @escaping @Sendable (HTTPResponse) -> Void,
        completion: @escaping @Sendable (Result<HTTPResponse, any Error>) -> Void
    ) -> @Sendable () -> Void {
        base.start(addressed(request), onAnswer: onAnswer, completion: completion)
    }

    /// `request` with `X-Forwarded-For` (and, with a language, the app-style headers it lacks).
    private func addressed(_ request: HTTPRequest) -> HTTPRequest {
        var request = request
        request.headers["X-Forwarded-For"] = address.value
        if let language {
            if request.headers["User-Agent"] == nil { request.headers["User-Agent"] = Self.appUserAgent }
            if request.headers["Accept-Language"] == nil { request.headers["Accept-Language"] = language.value }
        }
        return request
    }
}
