import Foundation
import OptoLinkToolSupport

extension KeyedDecodingContainer {
    /// An optional whole-number field of a file, read through ``FileNumber/whole(_:)``: `1.5` or `1e30` is
    /// "out of range" naming the field, where `JSONDecoder` would say "not valid JSON" about valid JSON.
    /// - Parameter range: the values the field takes, said in the error (a whole number outside it is returned:
    ///   the caller's validation names the range as it does for every field).
    func fileWholeNumberIfPresent(forKey key: Key, in range: ClosedRange<Int>) throws -> Int? {
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        let value = try decode(Double.self, forKey: key)
        guard let whole = FileNumber.whole(value) else {
            let shown = value.isFinite && abs(value) < 1e15 ? "\(value)" : String(describing: value)
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self,
                debugDescription: "out of range: a whole number \(range.lowerBound)–\(range.upperBound), not \(shown)")
        }
        return whole
    }
}
