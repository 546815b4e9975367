/// An error of a client's own that knows whether it means "no HTTP answer" (worth another attempt) or
/// something final; ``RetryRule`` asks it before looking at `URLError` codes.
package protocol RetryClassifiedError: Error {
    /// Whether the attempt got no answer (connection failure, timeout): the kind that is retried.
    var isNoAnswer: Bool { get }
}
