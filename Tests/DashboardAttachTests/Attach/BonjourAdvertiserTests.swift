import Foundation
import OptoLinkToolSupport
import Testing

@testable import DashboardAttach
@testable import DashboardCore

@Suite("Attach: the Bonjour advertisement's plan")
struct BonjourAdvertiserTests {
    static let installed: @Sendable (String) -> String? = { "/usr/bin/\($0)" }

    @Test(arguments: ["127.0.0.1", "localhost", "::1", "127.0.0.2"])
    func aLoopbackListenerIsNotAdvertised(host: String) {
        let plan = BonjourAdvertiser.plan(
            for: AttachListenAddress(host: host, port: 7420), darwin: false, publisherPath: Self.installed)
        guard case .skip(let reason) = plan else {
            Issue.record("expected a skip, got \(plan)")
            return
        }
        #expect(reason.contains("this machine only") && reason.contains("--listen 0.0.0.0:7420"), "\(reason)")
    }

    @Test func onLinuxAvahiPublishesTheServiceOnTheListenersPort() {
        let plan = BonjourAdvertiser.plan(
            for: AttachListenAddress(host: "0.0.0.0", port: 7421), darwin: false, publisherPath: Self.installed)
        #expect(
            plan
                == .publish(
                    executable: "/usr/bin/avahi-publish-service",
                    arguments: ["optolink-dash", "_optolink._tcp", "7421"]))
    }

    @Test func onMacOSDnsSdRegistersItInTheLocalDomain() {
        let plan = BonjourAdvertiser.plan(
            for: AttachListenAddress(host: "192.168.1.20", port: 7420), darwin: true, publisherPath: Self.installed)
        #expect(
            plan
                == .publish(
                    executable: "/usr/bin/dns-sd",
                    arguments: ["-R", "optolink-dash", "_optolink._tcp", "local", "7420"]))
    }

    @Test func withoutAPublisherTheLogSaysWhatToInstall() {
        let plan = BonjourAdvertiser.plan(
            for: AttachListenAddress(host: "0.0.0.0", port: 7420), darwin: false, publisherPath: { _ in nil })
        guard case .skip(let reason) = plan else {
            Issue.record("expected a skip, got \(plan)")
            return
        }
        #expect(reason.contains("avahi-publish-service not found") && reason.contains("apt-get install avahi-utils"))
        #expect(reason.contains("attach by address (0.0.0.0:7420)"))
    }

    @Test func findLooksForAnExecutableFileAlongThePath() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bonjour-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let plain = directory.appendingPathComponent("dns-sd")
        try Data("#!/bin/sh\n".utf8).write(to: plain)
        // Not executable: not found; executable: found, the first directory of the path winning
        #expect(ChildProcess.find("dns-sd", searchPath: "/nonexistent:\(directory.path)") == nil)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: plain.path)
        #expect(ChildProcess.find("dns-sd", searchPath: "/nonexistent:\(directory.path)") == plain.path)
    }
}
