import Foundation

/// One HTTP request, exactly as it goes on the wire: what an ``S2STransport`` sends.
///
/// ``AppsFlyerS2SClient/signedRequest(for:)`` returns one without sending it, for a backend that hands
/// the signed call to someone else (the app) to make.
public struct S2SHTTPRequest: Sendable, Hashable {
    /// The method (`"POST"`).
    public var method: String
    /// The full URL, query included (`…/ios/{app_id}?af_sig=…`).
    public var url: URL
    /// The header fields, names unique ignoring case (`Content-Type`, `Accept`).
    public var headers: [String: String]
    /// The body bytes (the JSON document).
    public var body: Data
    /// The longest this attempt may take, in seconds. The client enforces it on its clock whatever the
    /// transport does; a transport should also apply it (``S2SURLSessionTransport`` does), so an attempt
    /// the client gave up on does not linger.
    public var timeout: TimeInterval

    /// Creates a request.
    public init(method: String, url: URL, headers: [String: String] = [:], body: Data = Data(), timeout: TimeInterval) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
    }
}
