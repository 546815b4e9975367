/// How far a request already got through the router: a request is asked again after a delay fault and
/// when it moves from its event loop to a storage worker, and must not be faulted or counted twice.
package struct HandlingStage: Sendable, Hashable {
    /// An injected fault was already looked for (and applied).
    package var faultsApplied = false
    /// The request was already counted by the rate limiter.
    package var rateCounted = false
    /// It runs on a storage worker thread (it may wait for the database), not on its event loop.
    package var onWorker = false

    /// A stage (by default a fresh request on its event loop).
    package init(faultsApplied: Bool = false, rateCounted: Bool = false, onWorker: Bool = false) {
        self.faultsApplied = faultsApplied
        self.rateCounted = rateCounted
        self.onWorker = onWorker
    }
}
