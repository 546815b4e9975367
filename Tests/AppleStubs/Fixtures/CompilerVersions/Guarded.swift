// Fixture for Scripts/swift-compiler-versions.py: every feature here is guarded, or is no feature (Swift 6.0
// has it); nothing may be reported. (Never compiled: the checker is lexical.)
import Foundation

#if compiler(>=6.2)
func startsAtOnce() {
    if #available(iOS 26.0, macOS 26.0, *) {
        Task.immediate {}
    }
}
#else
func startsAtOnce() { Task {} }
#endif

#if compiler(>=6.3) && canImport(Foundation)
final class Session: Sendable { weak let owner: Owner? }
#elseif compiler(>=6.2)
let inline: InlineArray<2, Int> = [1, 2]
#endif

#if (compiler(>=6.2))
#if compiler(>=6.1)
#if os(iOS)
func nested() { Task.immediate {} }  // the outer 6.2 still holds
#endif
#endif
#endif

// What Swift 6.0 already has.
let list = [
    1,
    2,
]
let table = [
    "a": 1,
    "b": 2,
]
func counts(_ words: [String]) -> [String: Int] {
    var counts: [String: Int] = [:]
    for word in words { counts[word, default: 0] += 1 }
    return counts
}
func group() async { await withTaskGroup(of: Int.self) { _ in } }
nonisolated func helper() {}
nonisolated(unsafe) var shared = 0
enum Keyword { case `default`, `class` }
let text = "Task.immediate, weak let, InlineArray, f(a, b,)"
// Task.immediate, weak let and InlineArray in a comment
let callback: @convention(c) (CInt) -> CInt = { $0 }
final class Node {
    unowned let parent: Node
    init(parent: Node) { self.parent = parent }
}
func compare(_ a: Int, _ b: Int) -> Bool {
    if a < b, let c: Int = Optional(a) { return c > 0 }
    return false
}
let interpolated = "\(list.count) items, \(table["a", default: 0]) a, \(f(1, "x"))"
func firstPair(_ values: [Int]) -> (offset: Int, element: Int)? { values.enumerated().first(where: { $0.offset > 0 }) }
