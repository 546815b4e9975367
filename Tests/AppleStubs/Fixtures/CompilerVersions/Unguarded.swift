// Fixture for Scripts/swift-compiler-versions.py: every line marked `flagged` must be reported once, and
// nothing else. Each row of Scripts/swift-compiler-versions.tsv has a line here. (Never compiled: the
// checker is lexical.)
import Foundation
import Runtime  // flagged: SE-0419

func trailingComma(
    _ a: Int,  // flagged: SE-0439
) {}
func inferredGroup() async { await withTaskGroup { group in group.addTask {} } }  // flagged: SE-0442
nonisolated struct NotIsolated {}  // flagged: SE-0449
let metatypePath = \Config.Type.shared  // flagged: SE-0438
@objc @implementation extension Legacy {}  // flagged: SE-0436
func startsAtOnce() { Task.immediate {} }  // flagged: SE-0472
nonisolated(nonsending) func onTheCaller() async {}  // flagged: SE-0461
@MainActor final class Screen { isolated deinit {} }  // flagged: SE-0371
let inline: InlineArray<3, Int> = [1, 2, 3]  // flagged: SE-0453
let sugar: [3 of Int] = [1, 2, 3]  // flagged: SE-0483
struct Vector<let count: Int> {}  // flagged: SE-0452
func sum(_ bytes: Span<UInt8>) {}  // flagged: SE-0447
func view(_ array: [Int]) { _ = array.span }  // flagged: SE-0456
struct Borrowed: ~Escapable {}  // flagged: SE-0446
func peek(_ pointer: UnsafePointer<Int>) -> Int { unsafe pointer.pointee }  // flagged: SE-0458
func named() { Task(name: "fetch") {} }  // flagged: SE-0469
func escalates() async {
    await withTaskPriorityEscalationHandler {  // flagged: SE-0462
    } onPriorityEscalated: { _, _ in
    }
}
final class Model: @MainActor Equatable {}  // flagged: SE-0470
func watch(_ model: Model) { _ = Observations { model.value } }  // flagged: SE-0475
func greet(_ name: String?) -> String { "hello \(name, default: "you")" }  // flagged: SE-0477
func pairs(_ values: [Int]) -> Int { values.enumerated().count }  // flagged: SE-0459
func fine(_ duration: Duration) -> Int128 { duration.attoseconds }  // flagged: SE-0457
@abi(func oldName()) func newName() {}  // flagged: SE-0476
func `adds two numbers`() {}  // flagged: SE-0451
func checks() -> Bool? { isIsolatingCurrentContext() }  // flagged: SE-0471
final class Session: Sendable { weak let owner: Owner? }  // flagged: SE-0481
@c func checksum(_ value: CInt) -> CInt { value }  // flagged: SE-0495
let three = Swift::Int(3)  // flagged: SE-0491
@specialized(where T == Int) func identity<T>(_ value: T) -> T { value }  // flagged: SE-0460
@inline(always) func hot() {}  // flagged: SE-0496
@export(implementation) public func inlined() {}  // flagged: SE-0497
@section("__DATA,plugins") let plugin = 1  // flagged: SE-0492
func uptime() -> Duration { ContinuousClock().now - ContinuousClock().systemEpoch }  // flagged: SE-0473

// Guards that do not cover a 6.2 feature.
#if compiler(>=6.1)
func tooOld() { Task.immediate {} }  // flagged: 6.1 is not enough
#endif
#if compiler(>=6.2)
#else
func fallback() { Task.immediate {} }  // flagged: the #else branch is for the older compilers
#endif
#if swift(>=6.2)
func languageMode() { Task.immediate {} }  // flagged: swift() tests the language mode, not the compiler
#endif
#if compiler(>=6.2) || os(Linux)
func either() { Task.immediate {} }  // flagged: on Linux the compiler may be older
#endif
func runtimeOnly() {
    if #available(iOS 26.0, macOS 26.0, *) {
        Task.immediate {}  // flagged: #available guards the OS at run time, not the compiler
    }
}
