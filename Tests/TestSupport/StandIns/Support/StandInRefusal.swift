internal import OptoLinkHTTP

/// A request a stand-in refuses, thrown from a route with the answer that says why (a 4xx in the
/// service's own error shape); the route's caller writes ``response``.
struct StandInRefusal: Error {
    /// The refusing answer.
    let response: HTTPResponse

    /// A refusal answered with `response`.
    init(_ response: HTTPResponse) {
        self.response = response
    }
}
