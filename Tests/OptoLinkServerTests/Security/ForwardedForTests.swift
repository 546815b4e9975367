import Foundation
import Testing

@testable import OptoLinkHTTP
@testable import OptoLinkServer

/// `X-Forwarded-For` behind proxies that append: the right-most entry that is not a trusted proxy.
@Suite struct ForwardedForTests {
    static func backend(trustAll: Bool = false, proxies: [String] = []) throws -> Backend {
        let store = try Store(path: nil)
        return Backend(
            store: store, clock: ManualServerClock(),
            options: .init(trustForwardedFor: trustAll, trustedProxies: proxies.map { AddressRange($0)! }))
    }

    static func request(_ values: String...) throws -> HTTPRequest {
        try HTTPRequest(method: "GET", target: "/", headers: values.map { (name: "X-Forwarded-For", value: $0) })
    }

    @Test func aClientCannotPickItsAddressBehindAnAppendingProxy() throws {
        // Given a proxy at 10.0.0.1 that appends the address it saw (198.51.100.7) to what the client sent.
        let backend = try Self.backend(proxies: ["10.0.0.0/24"])
        let spoofed = try Self.request("1.2.3.4, 198.51.100.7")
        // Then the client is the address the proxy saw, not the one it claimed.
        #expect(try backend.clientIP(spoofed, peer: "10.0.0.1") == "198.51.100.7")
    }

    @Test func trustedProxyEntriesAreSkippedRightToLeft() throws {
        let backend = try Self.backend(proxies: ["10.0.0.0/8", "2001:db8::/32", "127.0.0.1"])
        #expect(
            try backend.clientIP(Self.request("203.0.113.9, 10.1.2.3, 10.0.0.1"), peer: "127.0.0.1") == "203.0.113.9")
        #expect(try backend.clientIP(Self.request("203.0.113.9, 2001:db8::1"), peer: "10.0.0.2") == "203.0.113.9")
        // Two fields count as one list, in order.
        #expect(
            try backend.clientIP(Self.request("198.51.100.1", "2001:db8:1::5, 10.0.0.7"), peer: "10.0.0.2")
                == "198.51.100.1")
        // Every entry a proxy: the furthest one.
        #expect(try backend.clientIP(Self.request("10.9.9.9, 10.0.0.1"), peer: "10.0.0.2") == "10.9.9.9")
        // Nothing forwarded: the peer.
        #expect(try backend.clientIP(Self.request(" , "), peer: "10.0.0.2") == "10.0.0.2")
        #expect(try backend.clientIP(HTTPRequest(method: "GET", target: "/"), peer: "10.0.0.2") == "10.0.0.2")
    }

    @Test func anUntrustedPeerIsTheClientWhateverItForwards() throws {
        let backend = try Self.backend(proxies: ["10.0.0.0/8"])
        #expect(try backend.clientIP(Self.request("10.0.0.1"), peer: "198.51.100.7") == "198.51.100.7")
        #expect(try Self.backend().clientIP(Self.request("10.0.0.1"), peer: "198.51.100.7") == "198.51.100.7")
    }

    @Test func trustingEveryPeerTakesTheRightMostEntry() throws {
        // The dashboard's embedded server: every simulated device sends one entry, which is taken.
        let backend = try Self.backend(trustAll: true)
        #expect(try backend.clientIP(Self.request("203.0.113.7"), peer: "127.0.0.1") == "203.0.113.7")
        #expect(try backend.clientIP(Self.request("lab-wifi"), peer: "127.0.0.1") == "lab-wifi")
        #expect(try backend.clientIP(Self.request("1.2.3.4, 203.0.113.7"), peer: "127.0.0.1") == "203.0.113.7")
        // With proxies named too, their entries are skipped.
        let both = try Self.backend(trustAll: true, proxies: ["192.0.2.0/24"])
        #expect(try both.clientIP(Self.request("203.0.113.7, 192.0.2.10"), peer: "127.0.0.1") == "203.0.113.7")
    }

    @Test func anEntryThatIsNoAddressIs400() throws {
        let backend = try Self.backend(trustAll: true)
        for value in ["a b", "10.0.0.1\u{1}", "caf\u{e9}", "\u{FFFD}", ",\u{301}1.2.3.4"] {
            #expect(throws: OptoLinkServerError.self) { try backend.clientIP(Self.request(value), peer: "127.0.0.1") }
        }
        // Not looked at when the peer is not trusted.
        #expect(try Self.backend().clientIP(Self.request("caf\u{e9}"), peer: "127.0.0.1") == "127.0.0.1")
    }

    @Test func addressRangesParseIPv4AndIPv6() throws {
        #expect(AddressRange("10.0.0.0/8")?.contains("10.255.0.1") == true)
        #expect(AddressRange("10.0.0.0/8")?.contains("11.0.0.1") == false)
        #expect(AddressRange("10.1.2.3")?.contains("10.1.2.3") == true)
        #expect(AddressRange("10.1.2.3")?.contains("10.1.2.4") == false)
        #expect(AddressRange("192.168.1.77/26")?.description == "192.168.1.64/26")
        #expect(AddressRange("0.0.0.0/0")?.contains("203.0.113.1") == true)
        #expect(AddressRange("2001:db8::/32")?.contains("2001:db8:ffff::1") == true)
        #expect(AddressRange("2001:db8::/32")?.contains("2001:db9::1") == false)
        #expect(AddressRange("::1")?.contains("::1") == true)
        #expect(AddressRange("::ffff:10.0.0.0/104") == nil)  // mapped addresses are IPv4: /104 is out of range
        #expect(AddressRange("::ffff:10.0.0.1")?.contains("10.0.0.1") == true)
        #expect(AddressRange("10.0.0.0/8")?.contains("::1") == false)
        #expect(AddressRange("10.0.0.0/8")?.contains("not-an-address") == false)
        for bad in [
            "", "/8", "10.0.0.0/", "10.0.0.0/33", "10.0.0.0/-1", "10.0.0.0/+8", "::/129", "10.0.0", "host",
            "10.0.0.0/8/8", "10.0.0.0/0008",
        ] {
            #expect(AddressRange(bad) == nil, "\(bad)")
        }
    }

    @Test func aBadTrustedProxyStopsTheServerFromStarting() {
        #expect(throws: OptoLinkServerError.self) {
            try OptoLinkServer(configuration: .init(port: 0, trustedProxies: ["10.0.0.0/33"]))
        }
    }
}
