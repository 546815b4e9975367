import OptoLink

/// The open request inspector's document, kept with what it was built from, so a frame only draws its
/// visible lines instead of re-indenting and wrapping up to two 16 KiB bodies per attempt on
/// every frame. The reducer refreshes it after every action; the renderer and the inspector's scroll
/// use it when it was built from what they would build it from, else build the same document themselves.
struct InspectorCache: Sendable, Hashable {
    /// What a document is built from.
    struct Key: Sendable, Hashable {
        var requestID: Int
        var width: Int
        var row: TimelineRow
        var exchanges: [HTTPExchange]
        /// The clock, only while the document shows times that run (a countdown, an attempt in flight).
        var now: Double?
        /// The service whose retry rule the decisions quote.
        var service: OptoLinkService = .optoLink
    }

    var key: Key
    var document: InspectorDocument

    /// The key of request `requestID`'s document at `size`; nil when the timeline no longer has the row.
    static func key(_ state: DashboardState, requestID: Int, size: ScreenSize) -> Key? {
        guard let row = state.timeline.last(where: { $0.requestID == requestID }) else { return nil }
        let runs = row.outcome == .pending || row.attempts.contains(where: \.isRunning)
        return Key(
            requestID: requestID, width: InspectorDocument.textWidth(for: size), row: row,
            exchanges: state.exchanges(of: requestID), now: runs ? state.now : nil, service: state.header.provider)
    }

    /// Request `requestID`'s document at `size`: the cached one when built from the same, else a new one.
    static func document(_ state: DashboardState, requestID: Int, size: ScreenSize) -> InspectorDocument? {
        guard let key = key(state, requestID: requestID, size: size) else { return nil }
        if let cache = state.inspectorCache, cache.key == key { return cache.document }
        return build(key)
    }

    /// Rebuilds the cache when the inspector is open and what its document is built from changed (at the
    /// state's size); drops it when the inspector is closed.
    static func refresh(_ state: inout DashboardState) {
        guard case .inspector(let id, _) = state.overlay, let key = key(state, requestID: id, size: state.size) else {
            if state.inspectorCache != nil { state.inspectorCache = nil }
            return
        }
        if state.inspectorCache?.key != key { state.inspectorCache = InspectorCache(key: key, document: build(key)) }
    }

    private static func build(_ key: Key) -> InspectorDocument {
        InspectorDocument(
            row: key.row, exchanges: key.exchanges, now: key.now ?? 0, width: key.width, service: key.service)
    }
}
