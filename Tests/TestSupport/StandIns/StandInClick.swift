import Foundation

/// One click on a stand-in's short link, as the service recorded it from the browser's request.
public struct StandInClick: Sendable, Hashable {
    /// The client's address: the first `X-Forwarded-For` entry when the service trusts it, else the
    /// socket's peer address.
    public var address: String
    /// The request's `User-Agent` (nil when it sent none).
    public var userAgent: String?
    /// The first language of the request's `Accept-Language`, hyphenated (`en-US`); nil when it sent none.
    public var language: String?
    /// The short link that was clicked (on the host the browser asked for).
    public var link: URL
    /// When the service recorded the click.
    public var time: Date
    /// Every page of the click's way through the service, in order: the short link first, then the pages
    /// it led to (a landing page, a continue page).
    public var hops: [URL]
    /// Where the service sent the browser last: the App Store page (not followed by a test's browser).
    public var destination: URL?

    /// A click as recorded.
    public init(
        address: String, userAgent: String?, language: String?, link: URL, time: Date, hops: [URL],
        destination: URL?
    ) {
        self.address = address
        self.userAgent = userAgent
        self.language = language
        self.link = link
        self.time = time
        self.hops = hops
        self.destination = destination
    }
}
