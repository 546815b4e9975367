import Testing

@testable import OptoLink
@testable import OptoLinkInspector
@testable import OptoLinkInspectorWire

/// The Info.plist check the inspector runs at attach on Apple platforms (pure: the plist is a dictionary here).
@Suite("Inspector Info.plist check")
struct LocalNetworkCheckTests {
    static func problems(_ dashboard: InspectorDashboard, _ plist: [String: Any]) -> [String] {
        LocalNetworkCheck.problems(for: dashboard, infoValue: { plist[$0] }, applies: true)
    }

    @Test func bonjourWithoutEitherKeyNamesBoth() {
        let problems = Self.problems(.bonjour, [:])
        #expect(problems.count == 2)
        #expect(problems[0].contains("NSLocalNetworkUsageDescription"))
        #expect(problems[1].contains("NSBonjourServices") && problems[1].contains("_optolink._tcp"))
    }

    @Test func bonjourWithBothKeysIsFineWhateverTheServiceTypesCase() {
        #expect(
            Self.problems(
                .bonjour,
                [
                    "NSLocalNetworkUsageDescription": "Debug deep links",
                    "NSBonjourServices": ["_http._tcp", "_OptoLink._tcp"],
                ]
            ).isEmpty)
        #expect(
            Self.problems(.bonjour, ["NSLocalNetworkUsageDescription": "  ", "NSBonjourServices": ["_optolink._tcp"]])
                .count == 1)
    }

    @Test func aLocalAddressNeedsTheUsageDescriptionAndLoopbackDoesNot() {
        #expect(Self.problems(.address(host: "192.168.1.20", port: 7420), [:]).count == 1)
        #expect(
            Self.problems(.address(host: "192.168.1.20", port: 7420), ["NSLocalNetworkUsageDescription": "Debug"])
                .isEmpty)
        #expect(Self.problems(.address(host: "127.0.0.1", port: 7420), [:]).isEmpty)
        #expect(Self.problems(.address(host: "localhost", port: 7420), [:]).isEmpty)
    }

    @Test func nothingIsCheckedWhereThePlatformHasNoSuchRule() {
        #expect(LocalNetworkCheck.problems(for: .bonjour, infoValue: { _ in nil }, applies: false).isEmpty)
    }

    @Test func localNetworkAddressesAreRecognised() {
        for host in [
            "10.0.0.2", "172.16.4.1", "172.31.255.1", "192.168.0.10", "169.254.3.3", "my-mac.local", "my-mac",
            "fe80::1", "fd00::2",
        ] {
            #expect(LocalNetworkCheck.isLocalNetwork(host), "\(host)")
        }
        for host in ["127.0.0.1", "::1", "localhost", "8.8.8.8", "172.32.0.1", "dash.example.com"] {
            #expect(!LocalNetworkCheck.isLocalNetwork(host), "\(host)")
        }
    }

    @Test func dashboardAddressesParse() {
        #expect(InspectorDashboard.parse("192.168.1.20:7421") == .address(host: "192.168.1.20", port: 7421))
        #expect(InspectorDashboard.parse("my-mac.local") == .address(host: "my-mac.local", port: 7420))
        #expect(InspectorDashboard.parse("[fe80::1]:99") == .address(host: "fe80::1", port: 99))
        #expect(InspectorDashboard.parse("fe80::1") == .address(host: "fe80::1", port: 7420))
        for bad in ["", ":7420", "host:0", "host:70000", "host:x", "[::1"] {
            #expect(InspectorDashboard.parse(bad) == nil, "\(bad)")
        }
    }
}
