/// `--shard I/N`: the part of a replay that keeps only the addresses whose stable hash
/// (``ReplayHash/shard(ofAddress:count:)``) is `index`, addresses tied by a clipboard token going together
/// (``ReplayLoader/done()``). Matching crosses no other line, so the shards' counts add up to the whole run's.
package struct ReplayShard: Sendable, Hashable, Codable {
    /// Which shard, from 1.
    package var index: Int
    /// How many shards.
    package var count: Int

    /// Shard `index` (from 1) of `count`.
    package init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    /// `I/N` with 1 ≤ I ≤ N, nil for anything else.
    package init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1,
            (1...count).contains(index)
        else { return nil }
        self.init(index: index, count: count)
    }

    /// Whether `address` belongs to this shard.
    package func keeps(address: some Sequence<UInt8>) -> Bool {
        count == 1 || ReplayHash.shard(ofAddress: address, count: count) == index - 1
    }

    /// `I/N`.
    package var description: String { "\(index)/\(count)" }
}
