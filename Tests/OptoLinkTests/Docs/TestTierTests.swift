import Foundation
import Testing

/// The test tiers (`TestTiers`, docs/testing.md): the fast inner loop reads `OPTOLINK_SKIP_TAGS`, and every
/// tagged test or suite can be left out by the tags it carries.
@Suite("Test tiers: what OPTOLINK_SKIP_TAGS leaves out")
struct TestTierTests {
    @Test func theSkipListNamesTagsSeparatedByCommasOrAll() {
        // Given the values a developer may set, when they are read, then each names the tiers it lists
        #expect(TestTiers.skipped(by: nil).isEmpty)
        #expect(TestTiers.skipped(by: "").isEmpty)
        #expect(TestTiers.skipped(by: "terminal") == [.terminal])
        #expect(TestTiers.skipped(by: "terminal, load") == [.terminal, .load])
        #expect(TestTiers.skipped(by: "all") == [.terminal, .realTime, .processes, .load])
        #expect(TestTiers.skipped(by: "realTime,processes,") == [.realTime, .processes])
    }

    @Test func everyTaggedTestOrSuiteIsSkippableByTheSameTags() throws {
        // Given every test source of the package
        let root = ScriptRun.packageRoot.appendingPathComponent("Tests")
        let files = try #require(FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil))
            .compactMap { $0 as? URL }
            .filter { $0.pathExtension == "swift" && !$0.path.contains("/AppleStubs/") }
        #expect(files.count > 100)

        // When each @Suite(…) and @Test(…) attribute is read
        var tagged = 0
        for file in files {
            let source = try String(contentsOf: file, encoding: .utf8)
            for attribute in Self.attributes(in: source) {
                let tags = Self.tierNames(after: ".tags(", in: attribute)
                let skippable = Self.tierNames(after: ".skippable(", in: attribute)
                if !tags.isEmpty { tagged += 1 }
                // Then the tiers it is tagged with are the ones it can be skipped by
                #expect(
                    tags == skippable,
                    """
                    \(file.lastPathComponent): .tags \(tags.sorted()) \
                    but .skippable \(skippable.sorted()) in \(attribute)
                    """
                )
            }
        }
        #expect(tagged >= 40, "only \(tagged) tagged tests or suites were found: is the scan still reading them?")
    }

    /// The text of every `@Suite(…)` and `@Test(…)` attribute, parentheses balanced, string literals skipped.
    static func attributes(in source: String) -> [String] {
        let text = Array(source.utf8)
        var found: [String] = []
        for marker in ["@Suite(", "@Test("] {
            let bytes = Array(marker.utf8)
            var index = 0
            while index + bytes.count <= text.count {
                guard text[index..<index + bytes.count].elementsEqual(bytes) else {
                    index += 1
                    continue
                }
                var depth = 0
                var end = index + bytes.count - 1
                var inString = false
                while end < text.count {
                    let byte = text[end]
                    if inString {
                        if byte == UInt8(ascii: "\\") {
                            end += 1
                        } else if byte == UInt8(ascii: "\"") {
                            inString = false
                        }
                    } else if byte == UInt8(ascii: "\"") {
                        inString = true
                    } else if byte == UInt8(ascii: "(") {
                        depth += 1
                    } else if byte == UInt8(ascii: ")") {
                        depth -= 1
                        if depth == 0 { break }
                    }
                    end += 1
                }
                found.append(String(decoding: text[index...min(end, text.count - 1)], as: UTF8.self))
                index = end + 1
            }
        }
        return found
    }

    /// The tier tag names inside the first `call` (`.tags(` or `.skippable(`) of `attribute`, e.g. `["terminal"]`.
    static func tierNames(after call: String, in attribute: String) -> Set<String> {
        guard let start = attribute.range(of: call) else { return [] }
        let arguments = attribute[start.upperBound...].prefix { $0 != ")" }
        return Set(
            arguments.split(separator: ",").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
                .filter { $0.hasPrefix(".") }.map { String($0.dropFirst()) }
                .filter { TestTiers.tags[$0] != nil })
    }
}
