// Fixture for Scripts/apple-availability.py: every line marked `flagged` must be reported, and nothing else.
// (Never compiled: the checker is lexical.)
import Foundation
import SwiftUI

struct Unguarded: View {
    var body: some View {
        Text("x")
            .onOpenURL { _ in }  // flagged
            .task {}  // flagged
    }
}

func write(_ handle: FileHandle, _ data: Data) throws {
    try handle.write(contentsOf: data)  // flagged
    let text = "handle.write(contentsOf: data) in a string is not a use"
    // handle.write(contentsOf: data) in a comment is not a use either
    _ = text
    let stamp = "sent \(1) at \("\(Date.now)")"  // flagged: an interpolation is code, in a string in one too
    _ = stamp
}

func sleepy() async throws {
    if #available(iOS 14.0, *) {
        try await Task.sleep(for: .seconds(1))  // flagged: needs iOS 16, guard says 14
    } else {
        _ = Date.now  // flagged: the else branch is not guarded
    }
}

@available(iOS 15.0, *)
var stored: Int = 0
func afterAStoredProperty() { _ = Date.now }  // flagged: the attribute was the property's

@available(macOS 13.0, *)
func onlyMacGuarded() { _ = URL(filePath: "/tmp") }  // flagged: iOS not guarded

func startsAtOnce() { Task.immediate {} }  // flagged: needs iOS 26
