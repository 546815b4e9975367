import Testing

@testable import DashboardCore

/// The dashboard's flags that were ignored or misread are refused as usage errors (exit 2).
@Suite("Dashboard flags: used or refused, never ignored")
struct DashboardFlagBadInputTests {
    /// The usage error `arguments` give (nil when they parse).
    static func usage(_ arguments: [String]) -> String? {
        do {
            _ = try DashboardOptions.parse(arguments)
            return nil
        } catch {
            return error.isUsage ? error.message : "not a usage error: \(error)"
        }
    }

    @Test func headlessDataDirIsRefusedNotIgnored() {
        // Given --headless with --data-dir, when parsed, then it is refused naming --data-dir
        let message = Self.usage(["--headless", "--scenario", "direct-open", "--data-dir", "/tmp/x"])
        #expect(message?.contains("--data-dir") == true && message?.contains("headless") == true, "\(message ?? "-")")
    }

    @Test func anEmptyDataDirIsAUsageError() {
        // Given --data-dir '', when parsed, then it is a usage error
        #expect(Self.usage(["--data-dir", ""]) == "--data-dir needs a directory, not an empty path")
    }

    @Test func aBaseURLWithAPortPast65535IsAUsageErrorNamingThePort() {
        // Given --base-url with port 99999, when parsed, then the port is named
        #expect(
            Self.usage(["--base-url", "http://127.0.0.1:99999", "--api-key", "k", "--org-key", "demo"])?
                .contains("port 99999 is not 1–65535") == true)
    }
}
