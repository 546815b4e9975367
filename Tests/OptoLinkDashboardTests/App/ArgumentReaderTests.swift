import Foundation
import OptoLink
import Testing

@testable import OptoLinkDashboard

/// The one reader behind every command's options: values, services, URLs and links read and refused alike
/// by the dashboard, `doctor`, `lab` and `proxy`.
@Suite("ArgumentReader: every command reads its flags alike")
struct ArgumentReaderTests {
    /// The usage message `body` throws, or nil.
    static func message(_ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch {
            return (error as? DashboardError)?.description ?? "not a usage error: \(error)"
        }
    }

    @Test func aValueIsTheOneAfterTheEqualsSignOrTheNextArgument() throws {
        // Given a flag with its value after `=`, one with it next, and a bare argument
        var reader = ArgumentReader(["--theme=dark", "--scenario", "all", "lab.json"])
        // Then each reads as given, and the reader says what it read
        #expect(reader.next() == "--theme")
        #expect(reader.current == "--theme=dark")
        #expect(try reader.value("--theme", "a theme") == "dark")
        #expect(reader.next() == "--scenario")
        #expect(try reader.value("--scenario", "a scenario") == "all")
        #expect(reader.next() == "lab.json")
        #expect(reader.next() == nil)
    }

    @Test func aMissingValueNamesWhatTheFlagNeeds() {
        // A flag at the end, and a flag followed by another flag
        for arguments in [["--junit"], ["--junit", "--headless"]] {
            var reader = ArgumentReader(arguments)
            _ = reader.next()
            #expect(Self.message { _ = try reader.value("--junit", "a file") } == "--junit needs a file")
        }
    }

    @Test func aServiceIsReadInAnyCaseAndAnUnknownOneListsTheFour() {
        var reader = ArgumentReader(["--provider", "DeepBlue", "--provider", "branch"])
        _ = reader.next()
        #expect((try? reader.service("--provider")) == .deepBlue)
        _ = reader.next()
        #expect(
            Self.message { _ = try reader.service("--provider") }
                == "--provider must be optolink, quberoute, deepblue or appsflyer, not 'branch'")
    }

    @Test func aURLMustBeHTTPOrHTTPSWithAHost() {
        for text in ["ftp://a.test", "a.test/x", "http://"] {
            var reader = ArgumentReader(["--base-url", text])
            _ = reader.next()
            #expect(
                Self.message { _ = try reader.httpURL("--base-url", "a URL") }
                    == "--base-url must be an http(s) URL with a host, not '\(text)'")
        }
        var reader = ArgumentReader(["--base-url=HTTPS://api.example.com/v1"])
        _ = reader.next()
        #expect((try? reader.httpURL("--base-url", "a URL"))?.host == "api.example.com")
    }

    @Test func aLinkRoleGivenTwiceIsRefused() throws {
        var links: [LinkRole: URL] = [:]
        var reader = ArgumentReader(["--link", "https://go.a.test/x", "--link", "cold-start=https://go.a.test/y"])
        _ = reader.next()
        try reader.link("--link", into: &links)
        _ = reader.next()
        try reader.link("--link", into: &links)
        #expect(links == [.main: URL(string: "https://go.a.test/x")!, .coldStart: URL(string: "https://go.a.test/y")!])
        var again = ArgumentReader(["--link", "https://go.a.test/z"])
        _ = again.next()
        #expect(Self.message { try again.link("--link", into: &links) } == "--link main is given twice")
    }

    @Test func everyCommandTakesAValueAfterAnEqualsSign() throws {
        // The proxy read `--flag value` only: `--upstream=URL` was an unknown option.
        let proxy = try ProxyCommand.parse(["--upstream=http://127.0.0.1:8787", "--link=https://go.a.test/x"])
        #expect(proxy.upstream == URL(string: "http://127.0.0.1:8787")!)
        #expect(proxy.links[.main] == URL(string: "https://go.a.test/x")!)
        // and every command words a bad service alike (the lab took only lower case)
        #expect(try DashboardOptions.parse(["--provider=AppsFlyer"]).provider == .appsFlyer)
        guard case .run(let lab) = try LabOptions.parse(["--provider=QubeRoute"]) else {
            Issue.record("lab --provider did not parse to a run")
            return
        }
        #expect(lab.services == [.quberoute])
    }
}
