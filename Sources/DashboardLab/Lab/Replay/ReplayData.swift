import OptoLinkLabEngine

/// Recorded clicks and first opens, read from the two CSV files (``ReplayLoader``), compact: a time, an address
/// and a fingerprint index per row, the ids in one buffer, and for each open the click its clipboard token
/// names (its ground truth), if any.
package struct ReplayData: Sendable {
    /// One side's rows (clicks, or first opens), in file order.
    package struct Rows: Sendable {
        /// Seconds since 1970.
        package var times: [Double] = []
        /// Indices into ``ReplayData/addresses``.
        package var addresses: [UInt32] = []
        /// Indices into ``ReplayData/signals``.
        package var signals: [UInt32] = []
        /// The `click_id` or `open_id` of each row.
        package var ids = ReplayStrings()
        /// How many rows.
        package var count: Int { times.count }

        /// Appends `source`'s row `row`.
        mutating func copy(row: Int, of source: Rows) {
            times.append(source.times[row])
            addresses.append(source.addresses[row])
            signals.append(source.signals[row])
            ids.append(source.ids[row].utf8)
        }
    }

    /// The clicks.
    package var clicks = Rows()
    /// The first opens.
    package var opens = Rows()
    /// For each open, the click (index into ``clicks``) whose token equals the open's, -1 for none.
    package var labels: [Int32] = []
    /// Opens that carried a token no click has (another data set's, or a click outside the files).
    package var unknownTokens = 0
    /// For each open, whether it carried a token no click has.
    package var unknown: [Bool] = []
    /// Every distinct address.
    package var addresses: [String] = []
    /// Every distinct fingerprint (clicks' and opens' alike).
    package var signals: [DirectMatcher.Signals] = []

    /// None.
    package init() {}

    /// How many opens carry a click's token.
    package var labeledCount: Int { labels.reduce(0) { $0 + ($1 >= 0 ? 1 : 0) } }
}
