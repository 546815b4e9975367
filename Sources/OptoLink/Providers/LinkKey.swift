/// An incoming URL that a provider recognized as one of the app's links (``LinkProvider/linkKey(in:)``),
/// read once per open: what the open sends, and whether it sends anything.
struct LinkKey: Sendable, Hashable {
    /// The provider's key: OptoLink's short code, else the URL's absolute string.
    let text: String
    /// Whether the open asks the backend; false for one of the app's URL schemes, read without a request.
    let sendsRequest: Bool
}
