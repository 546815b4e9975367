import Foundation
import OptoLink

/// An `HTTPTransport` that names the network a request comes from in `X-Forwarded-For`, so one machine can
/// play devices on different networks against a backend that trusts the header (the reference server
/// started with `--trust-forwarded-for`, as the dashboard's embedded one is).
///
/// ```swift
/// let wifi = ForwardedForTransport(address: "203.0.113.7")             // one device on one network
/// let moving = ForwardedForTransport(base: scripted, address: { box.value })  // read per request
/// ```
///
/// The address is read for every request, so a device can move to another network between two requests.
/// With `appLanguage`, it also adds what iOS's URLSession adds to an app's requests when the app sets none:
/// an app-style `User-Agent` (`… CFNetwork/… Darwin/…`, which names no platform) and `Accept-Language`
/// (services that match on headers read them). Forwards `start` and the early answer of the wrapped
/// transport, so the SDK's attempts go as they do on a bare `URLSessionTransport`.
public struct ForwardedForTransport: HTTPTransport {
    private let base: any HTTPTransport
    private let address: @Sendable () -> String
    private let appLanguage: (@Sendable () -> String)?

    /// The User-Agent iOS's URLSession gives a simulated app (`appLanguage`).
    public static let appUserAgent = "OptoLinkDemo/1.0 CFNetwork/1494.0.7 Darwin/23.4.0"

    /// Wraps `base`; each request names `address()` (and, with `appLanguage`, carries the app-style headers).
    public init(
        base: any HTTPTransport = URLSessionTransport(), address: @escaping @Sendable () -> String,
        appLanguage: (@Sendable () -> String)? = nil
    ) {
        self.base = base
        self.address = address
        self.appLanguage = appLanguage
    }

    /// Wraps `base`; every request names `address`.
    public init(base: any HTTPTransport = URLSessionTransport(), address: String) {
        self.init(base: base, address: { address })
    }

    /// Sends `request` through the wrapped transport with the header set.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try await send(request, onAnswer: { _ in })
    }

    /// Same, forwarding the wrapped transport's early answer (see `HTTPTransport.send(_:onAnswer:)`).
    public func send(_ request: HTTPRequest, onAnswer: @escaping @Sendable (HTTPResponse) -> Void) async throws
        -> HTTPResponse
    {
        try await base.send(addressed(request), onAnswer: onAnswer)
    }

    /// Starts `request` on the wrapped transport with the header set (see
    /// `HTTPTransport.start(_:onAnswer:completion:)`).
    public func start(
        _ request: HTTPRequest, onAnswer: @escaping @Sendable (HTTPResponse) -> Void,
        completion: @escaping @Sendable (Result<HTTPResponse, any Error>) -> Void
    ) -> @Sendable () -> Void {
        base.start(addressed(request), onAnswer: onAnswer, completion: completion)
    }

    /// `request` with `X-Forwarded-For` (and, with an app language, the app-style headers it lacks).
    private func addressed(_ request: HTTPRequest) -> HTTPRequest {
        var request = request
        request.headers["X-Forwarded-For"] = address()
        if let appLanguage {
            if request.headers["User-Agent"] == nil { request.headers["User-Agent"] = Self.appUserAgent }
            if request.headers["Accept-Language"] == nil { request.headers["Accept-Language"] = appLanguage() }
        }
        return request
    }
}
