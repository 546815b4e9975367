/// What an incoming URL that is ours leads to (``LinkURLMatcher/target(for:)``).
enum LinkTarget: Sendable, Hashable {
    /// One of the org's short links: resolved with `GET /<orgKey>/<shortCode>/data`.
    case shortCode(String)
    /// One of the app's own URL schemes: the link is the URL itself, read without a request.
    case customScheme(OptoLinkData)
}
