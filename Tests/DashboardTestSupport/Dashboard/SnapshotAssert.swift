import Foundation
import Testing

/// Compares `lines` with `Snapshots/<name>.txt`; records the file when it is missing or when
/// `RECORD_SNAPSHOTS=1`, and fails with a readable line diff otherwise.
package func assertSnapshot(_ lines: [String], named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let url = snapshotDirectory().appendingPathComponent(name + ".txt")
    let actual = lines.joined(separator: "\n") + "\n"
    let record = ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1"
    guard !record, let data = FileManager.default.contents(atPath: url.path) else {
        try? FileManager.default.createDirectory(at: snapshotDirectory(), withIntermediateDirectories: true)
        if FileManager.default.createFile(atPath: url.path, contents: Data(actual.utf8)) {
            print("snapshot recorded: \(url.path)")
        } else {
            Issue.record("could not record snapshot \(url.path)", sourceLocation: sourceLocation)
        }
        return
    }
    let expected = String(decoding: data, as: UTF8.self)
    if expected != actual {
        let message: String =
            "snapshot \(name) differs (RECORD_SNAPSHOTS=1 re-records):\n" + lineDiff(expected: expected, actual: actual)
        Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    }
}

/// `Snapshots/` beside this test target (from this file's path: Support/ → target folder).
package func snapshotDirectory() -> URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
        "Snapshots")
}

/// A line diff: `-` expected, `+` actual, with line numbers; only differing lines.
func lineDiff(expected: String, actual: String) -> String {
    let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
    var out: [String] = []
    for index in 0..<max(e.count, a.count) {
        let left = index < e.count ? String(e[index]) : nil
        let right = index < a.count ? String(a[index]) : nil
        if left != right {
            out.append(String(format: "%3d - %@", index + 1, left.map { "|\($0)|" } ?? "(missing)"))
            out.append(String(format: "%3d + %@", index + 1, right.map { "|\($0)|" } ?? "(missing)"))
        }
    }
    return out.joined(separator: "\n")
}
