import Foundation

extension KeyedDecodingContainer {
    /// A JSON number that is a whole number of at most 2⁵³ in magnitude, as an `Int`.
    ///
    /// `JSONDecoder` reports `1.5` or `1e300` for an `Int` as "not valid JSON" without naming the field;
    /// this names it, so a refusal says which field was wrong.
    func wholeNumber(forKey key: Key) throws -> Int {
        let value = try decode(Double.self, forKey: key)
        guard value.rounded() == value, abs(value) <= 9_007_199_254_740_992 else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self, debugDescription: "expected a whole number, got \(value)")
        }
        return Int(value)
    }

    /// ``wholeNumber(forKey:)`` for an optional field: nil when absent or null.
    func wholeNumberIfPresent(forKey key: Key) throws -> Int? {
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        return try wholeNumber(forKey: key)
    }
}
