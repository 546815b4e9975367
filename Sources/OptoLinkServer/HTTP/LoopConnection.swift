/// One client connection served by an ``EventLoop``: what has been read, what is still to be
/// written, and where the connection is in its life. Touched only by its loop's thread.
final class LoopConnection {
    /// What happens once the pending output is written.
    enum AfterWrite {
        /// Keep-alive: go on with the next request.
        case keepServing
        /// Close.
        case close
        /// Stop writing, read and discard what the client still sends for a moment, then close.
        case linger
        /// A 408: shut the socket down both ways, then close.
        case timedOut
    }

    /// Where the connection is.
    enum Phase {
        /// Waiting for (more of) a request.
        case reading
        /// Writing an answer (waiting for `POLLOUT`).
        case writing(then: AfterWrite)
        /// A delay fault: the request is answered again (faults applied) at the deadline.
        case delayed(HTTPRequest)
        /// On a storage worker: the loop neither reads nor polls it until the worker's outcome comes back.
        case handling(HTTPRequest)
        /// Lingering after an error answer: discarding input until `until` (or a quiet `quietUntil`).
        case draining(until: UInt64, total: Int)
    }

    let fd: Int32
    let peer: String
    /// Unique within its loop: a worker's outcome finds its connection by it (or finds it gone).
    let id: UInt64
    /// Bytes read; those from `inputStart` on are not yet part of an answered request.
    var input: [UInt8] = []
    /// Where the current request starts in `input` (answered requests before it are dropped on the next read).
    var inputStart = 0
    /// The current request's parser (it remembers how far it got, so no byte is scanned twice).
    var parser: HTTPParser
    /// The answer being written, from `outputOffset` on.
    var output: [UInt8] = []
    var outputOffset = 0
    /// When the current request's first byte arrived (monotonic ns); nil between requests.
    var requestStarted: UInt64?
    /// Whether `100 Continue` was sent for the current request.
    var continueSent = false
    var phase = Phase.reading
    /// When the connection's current wait ends (monotonic ns): idle or request timeout, stalled
    /// write, end of a delay, end of lingering.
    var deadline = UInt64.max
    /// The connection's index in its loop's poll set.
    var slot = 0

    init(fd: Int32, peer: String, id: UInt64, limits: HTTPParser.Limits) {
        self.fd = fd
        self.peer = peer
        self.id = id
        parser = HTTPParser(limits: limits)
    }

    /// Whether bytes of a request that is not answered yet are waiting.
    var hasPendingInput: Bool { inputStart < input.count }
}
