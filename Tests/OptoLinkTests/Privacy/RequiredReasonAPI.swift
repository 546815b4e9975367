import Foundation

/// Apple's required-reason API families: the calls that must be declared in `PrivacyInfo.xcprivacy`
/// (`NSPrivacyAccessedAPITypes`) with one of the approved reasons.
///
/// From "Describing use of required reason API"
/// (https://developer.apple.com/documentation/bundleresources/describing-use-of-required-reason-api),
/// read through the search tool. A few entries go beyond Apple's list on purpose, so a change that
/// reaches the same information another way is caught too: `clock_gettime` with a boot-time clock and
/// `KERN_BOOTTIME` (system boot time).
struct RequiredReasonAPI: Sendable {
    /// The `NSPrivacyAccessedAPIType` value.
    let category: String
    /// Symbols that use the family, matched as whole words in code (comments and strings removed).
    let symbols: [String]
    /// The reasons Apple accepts for this family.
    let reasons: Set<String>

    static let all: [RequiredReasonAPI] = [
        RequiredReasonAPI(
            category: "NSPrivacyAccessedAPICategoryFileTimestamp",
            symbols: [
                "creationDate", "modificationDate", "fileModificationDate", "contentModificationDateKey",
                "creationDateKey", "NSFileCreationDate", "NSFileModificationDate", "getattrlist",
                "getattrlistbulk", "fgetattrlist", "getattrlistat", "stat", "fstat", "fstatat", "lstat",
            ],
            reasons: ["DDA9.1", "C617.1", "3B52.1", "0A2A.1"]),
        RequiredReasonAPI(
            category: "NSPrivacyAccessedAPICategorySystemBootTime",
            symbols: ["systemUptime", "mach_absolute_time", "clock_gettime", "clock_gettime_nsec_np", "KERN_BOOTTIME"],
            reasons: ["35F9.1", "8FFB.1", "3D61.1"]),
        RequiredReasonAPI(
            category: "NSPrivacyAccessedAPICategoryDiskSpace",
            symbols: [
                "volumeAvailableCapacityKey", "volumeAvailableCapacityForImportantUsageKey",
                "volumeAvailableCapacityForOpportunisticUsageKey", "volumeTotalCapacityKey", "systemFreeSize",
                "systemSize", "statfs", "statvfs", "fstatfs", "fstatvfs",
            ],
            reasons: ["85F4.1", "E174.1", "7D9E.1", "B728.1"]),
        RequiredReasonAPI(
            category: "NSPrivacyAccessedAPICategoryActiveKeyboards",
            symbols: ["activeInputModes"],
            reasons: ["3EC4.1", "54BD.1"]),
        RequiredReasonAPI(
            category: "NSPrivacyAccessedAPICategoryUserDefaults",
            symbols: ["UserDefaults", "NSUserDefaults"],
            reasons: ["CA92.1", "1C8F.1", "C56D.1", "AC6B.1"]),
    ]

    /// Where `code` uses this family: (line, symbol) pairs, in order.
    func uses(in code: String) -> [(line: Int, symbol: String)] {
        var found: [(Int, String)] = []
        for (index, line) in code.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            for symbol in symbols where Self.containsWord(symbol, in: line) { found.append((index + 1, symbol)) }
        }
        return found
    }

    private static func containsWord(_ word: String, in line: Substring) -> Bool {
        var rest = line[...]
        while let range = rest.range(of: word) {
            let before = range.lowerBound == line.startIndex ? nil : line[line.index(before: range.lowerBound)]
            let after = range.upperBound == line.endIndex ? nil : line[range.upperBound]
            let isWordCharacter: (Character?) -> Bool = { $0.map { $0.isLetter || $0.isNumber || $0 == "_" } ?? false }
            if !isWordCharacter(before) && !isWordCharacter(after) { return true }
            rest = line[range.upperBound...]
        }
        return false
    }
}

/// Swift source with comments and string literals blanked (line breaks kept), so a doc comment that
/// names `UserDefaults` is not a use.
func codeOnly(_ source: String) -> String {
    var out = ""
    var index = source.startIndex
    func blank(_ text: Substring) -> String { String(text.map { $0 == "\n" ? "\n" : " " }) }
    while index < source.endIndex {
        let rest = source[index...]
        if rest.hasPrefix("//") {
            let end = rest.firstIndex(of: "\n") ?? source.endIndex
            out += blank(source[index..<end])
            index = end
        } else if rest.hasPrefix("/*") {
            var depth = 0
            var cursor = index
            repeat {
                if source[cursor...].hasPrefix("/*") {
                    depth += 1
                    cursor = source.index(cursor, offsetBy: 2)
                } else if source[cursor...].hasPrefix("*/") {
                    depth -= 1
                    cursor = source.index(cursor, offsetBy: 2)
                } else {
                    cursor = source.index(after: cursor)
                }
            } while depth > 0 && cursor < source.endIndex
            out += blank(source[index..<cursor])
            index = cursor
        } else if rest.hasPrefix("\"") || rest.hasPrefix("#\"") {
            let hashes = rest.prefix { $0 == "#" }.count
            let opener = rest.dropFirst(hashes).hasPrefix("\"\"\"") ? "\"\"\"" : "\""
            let closer = opener + String(repeating: "#", count: hashes)
            var cursor = source.index(index, offsetBy: hashes + opener.count)
            while cursor < source.endIndex {
                if hashes == 0 && source[cursor] == "\\" {
                    cursor = source.index(cursor, offsetBy: 2, limitedBy: source.endIndex) ?? source.endIndex
                    continue
                }
                if source[cursor...].hasPrefix(closer) {
                    cursor = source.index(cursor, offsetBy: closer.count)
                    break
                }
                if opener == "\"" && source[cursor] == "\n" { break }
                cursor = source.index(after: cursor)
            }
            out += blank(source[index..<cursor])
            index = cursor
        } else {
            out.append(source[index])
            index = source.index(after: index)
        }
    }
    return out
}
