/// How far a request already got through the router: a request is asked again after a delay fault and
/// when it moves from its event loop to a storage worker, and must not be faulted or counted twice.
struct HandlingStage: Sendable, Hashable {
    /// An injected fault was already looked for (and applied).
    var faultsApplied = false
    /// The request was already counted by the rate limiter.
    var rateCounted = false
    /// It runs on a storage worker thread (it may wait for the database), not on its event loop.
    var onWorker = false
}
