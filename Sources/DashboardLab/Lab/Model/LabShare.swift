/// One entry of a weighted list in a lab file: a value and its share of the population
/// (`iPhone16,1 5.5%`).
package struct LabShare: Sendable, Hashable {
    /// The value (a model identifier, an iOS version, a language tag, a time zone).
    package var value: String
    /// Its share, 0–1.
    package var share: Double

    /// An entry.
    package init(_ value: String, _ share: Double) {
        self.value = value
        self.share = share
    }
}
