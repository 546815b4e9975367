/// How one attempt of a client's request ended, as the retry decision sees it.
package enum AttemptOutcome: Sendable {
    /// An HTTP answer with this status.
    case status(Int)
    /// No HTTP answer: the transport threw this, or the attempt's deadline passed.
    case noAnswer(any Error)
}
