/// One record of a CSV file as ``ReplayCSVParser`` gives it: its fields, unquoted, and the line it began on.
package struct ReplayCSVRecord: Sendable {
    /// The line (from 1) the record began on.
    package let line: Int
    private let bytes: [UInt8]
    private let ends: [Int]

    /// A record of the fields whose bytes end at `ends` in `bytes`.
    init(line: Int, bytes: [UInt8], ends: [Int]) {
        self.line = line
        self.bytes = bytes
        self.ends = ends
    }

    /// How many fields it has.
    package var count: Int { ends.count }

    /// Field `index`'s bytes (empty past the last field).
    package func field(_ index: Int) -> ArraySlice<UInt8> {
        guard index < ends.count else { return [] }
        return bytes[(index == 0 ? 0 : ends[index - 1])..<ends[index]]
    }

    /// Field `index` as text (empty past the last field; bytes that are not UTF-8 are replaced).
    package func string(_ index: Int) -> String { String(decoding: field(index), as: UTF8.self) }

    /// Every field as text.
    package var strings: [String] { (0..<count).map(string) }
}
