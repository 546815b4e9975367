import Foundation

/// One short link as the scenarios and the browser use it: its URL, and what is known of it in advance.
package struct ScenarioLink: Sendable, Hashable {
    /// The link as a browser opens it and the app receives it.
    package var url: URL
    /// Where the service routes the app for it (`/promo/summer`), when known in advance: the embedded seed's
    /// links. Nil for a link given with `--link`: the scenarios then check the path the service answers.
    package var path: String?
    /// The code the reference server's `/dev` click routes take for it (`summer`), when known: the embedded
    /// seed's links. Nil for a link given with `--link`, whose code the dashboard reads from its URL only when
    /// the URL has the reference server's shape (``ServiceProfile/devCode(of:target:)``).
    package var code: String?
    /// Its match window in seconds, when known (the embedded seed's links).
    package var window: Double?

    /// Creates a link.
    package init(url: URL, path: String? = nil, code: String? = nil, window: Double? = nil) {
        self.url = url
        self.path = path
        self.code = code
        self.window = window
    }
}
