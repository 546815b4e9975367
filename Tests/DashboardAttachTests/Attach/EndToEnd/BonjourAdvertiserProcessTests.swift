import Foundation
import OptoLinkToolSupport
import TestSupport
import Testing

@testable import DashboardAttach
@testable import DashboardCore

/// The advertisement's publisher as a real child process: a stand-in `avahi-publish-service` on `PATH`
/// that records its arguments (nothing is published, no multicast is sent).
@Suite("Attach: the Bonjour publisher process", .serialized, .tags(.processes), .skippable(.processes))
struct BonjourAdvertiserProcessTests {
    final class Lines: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: [String] = []
        func add(_ line: String) {
            lock.lock()
            stored.append(line)
            lock.unlock()
        }
        var all: [String] {
            lock.lock()
            defer { lock.unlock() }
            return stored
        }
    }

    /// A directory holding an executable `avahi-publish-service` with `body` as its script.
    ///
    /// A child shell writes the script, never this process: a test running beside this one that starts a
    /// child while this process holds the script open for writing hands the child that descriptor, and
    /// executing the script then fails with "Text file busy" (ETXTBSY) for as long as that child lives.
    static func fakePublisher(_ body: String) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("avahi-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let script = directory.appendingPathComponent("avahi-publish-service")
        let writer = try ChildProcess.run([
            "/bin/sh", "-c", "printf '%s\\n' \"$2\" > \"$1\" && chmod 755 \"$1\"", "sh", script.path,
            "#!/bin/sh\n\(body)",
        ])
        #expect(writer.status == 0, "\(writer.output)")
        return directory
    }

    static func waitUntil(_ seconds: Double = 10, _ condition: () -> Bool) async -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return true }
            try? await Task.sleep(nanoseconds: 20_000_000)
        }
        return condition()
    }

    @Test func thePublisherRunsWithTheServiceAndStopsWithTheDashboard() async throws {
        // Given a publisher that records its arguments and stays up, as avahi-publish-service does
        let directory = try Self.fakePublisher("echo \"$@\" > \"$(dirname \"$0\")/args\"\nexec sleep 30")
        defer { try? FileManager.default.removeItem(at: directory) }
        let lines = Lines()
        // When the dashboard listens on every interface
        let started = BonjourAdvertiser.start(
            listening: AttachListenAddress(host: "0.0.0.0", port: 7431),
            environment: ["PATH": directory.path + ":/usr/bin:/bin"], log: { _, line in lines.add(line) })
        let advertiser = try #require(started, "\(lines.all)")
        // Then it runs with the instance name, the service type and the port, and says so
        let args = directory.appendingPathComponent("args")
        #expect(await Self.waitUntil { FileManager.default.fileExists(atPath: args.path) })
        #expect(try String(contentsOf: args, encoding: .utf8) == "optolink-dash _optolink._tcp 7431\n")
        #expect(advertiser.isRunning)
        #expect(lines.all.contains { $0.contains("advertising optolink-dash as _optolink._tcp on port 7431") })
        // When the dashboard stops, the publisher ends, with no warning
        advertiser.stop()
        #expect(!advertiser.isRunning)
        #expect(!lines.all.contains { $0.contains("ended") })
    }

    @Test func aPublisherThatFailsIsReportedWithWhatItSaid() async throws {
        // Given avahi-utils without a running avahi-daemon
        let directory = try Self.fakePublisher(
            "echo 'Failed to create client object: Daemon not running' >&2\nexit 1")
        defer { try? FileManager.default.removeItem(at: directory) }
        let lines = Lines()
        // When the dashboard advertises
        let advertiser = BonjourAdvertiser.start(
            listening: AttachListenAddress(host: "0.0.0.0", port: 7432),
            environment: ["PATH": directory.path + ":/usr/bin:/bin"], log: { _, line in lines.add(line) })
        // Then the log says it ended, why, and that apps attach by address
        #expect(await Self.waitUntil { lines.all.contains { $0.contains("ended") } }, "\(lines.all)")
        let line = lines.all.first { $0.contains("ended") } ?? ""
        #expect(line.contains("exit 1") && line.contains("Daemon not running") && line.contains("attach by address"))
        advertiser?.stop()
    }
}
