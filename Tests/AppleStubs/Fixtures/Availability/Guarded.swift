// Fixture for Scripts/apple-availability.py: every use here is guarded; nothing may be reported.
// (Never compiled: the checker is lexical.)
import Foundation
import SwiftUI

@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
struct Guarded: View {
    var body: some View {
        Text("x").onOpenURL { _ in }
    }
}

@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
extension View {
    func loads() -> some View {
        task {}
    }
}

func write(_ handle: FileHandle, _ data: Data) throws {
    if #available(iOS 13.4, macOS 10.15.4, tvOS 13.4, watchOS 6.2, *) {
        try handle.write(contentsOf: data)
    } else {
        handle.write(data)
    }
}

func sleepy() async throws {
    guard #available(iOS 16.0, macOS 13.0, *) else { return }
    try await Task.sleep(for: .seconds(1))
    _ = Date.now
}

@available(iOS 16.0, macOS 13.0, *)
public func multiLine(
    first: Int,
    second: Int
) -> URL {
    URL(filePath: "/tmp")
}

@available(iOS 15, *)
@MainActor
final class Attributed {
    func now() -> Date { Date.now }
}

func conditions(_ value: Int?) {
    if #available(iOS 15.0, *), let value, value > 0 {
        _ = Date.now
    }
}

@available(iOS, unavailable)
func neverOnIOS() { _ = Date.now }
