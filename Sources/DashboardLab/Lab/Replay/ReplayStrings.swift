/// Many short strings in one byte buffer (the click and open ids of a replay): about their length plus 8 bytes
/// each, where an array of `String` takes 16 and an allocation for anything over 15 bytes.
package struct ReplayStrings: Sendable {
    private var bytes: [UInt8] = []
    private var ends: [Int] = []

    /// None.
    package init() {}

    /// How many there are.
    package var count: Int { ends.count }

    /// Adds one.
    package mutating func append(_ text: some Collection<UInt8>) {
        bytes.append(contentsOf: text)
        ends.append(bytes.count)
    }

    /// String `index`.
    package subscript(index: Int) -> String {
        String(decoding: bytes[(index == 0 ? 0 : ends[index - 1])..<ends[index]], as: UTF8.self)
    }
}
