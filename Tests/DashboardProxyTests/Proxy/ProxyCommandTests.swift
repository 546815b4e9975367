import Foundation
import OptoLinkFaults
import Testing

@testable import DashboardCore
@testable import DashboardProxy

/// The fault rules' text form and `optolink-dash proxy`'s arguments (no socket).
@Suite struct ProxyCommandTests {
    @Test(arguments: [
        (
            "route=match,status=503,count=2",
            FaultRule(route: "match", fault: .status(503, retryAfter: nil), count: 2)
        ),
        (
            "route=sdk,status=503,retry-after=5",
            FaultRule(route: "sdk", fault: .status(503, retryAfter: 5), count: 1)
        ),
        ("status=429,retry-after=3", FaultRule(route: "any", fault: .rateLimited(retryAfter: 3), count: 1)),
        ("status=429", FaultRule(route: "any", fault: .rateLimited(retryAfter: 1), count: 1)),
        ("route=match,delay=12", FaultRule(route: "match", fault: .delay(12), count: 1)),
        ("route=events,drop=after", FaultRule(route: "events", fault: .dropAfterUpstream, count: 1)),
        ("drop=before, count=4", FaultRule(route: "any", fault: .dropBeforeUpstream, count: 4)),
        (
            "route=data,trickle=16/0.5",
            FaultRule(route: "data", fault: .trickle(bytes: 16, interval: 0.5), count: 1)
        ),
        ("route=/links,pass,count=3", FaultRule(route: "/links", fault: .pass, count: 3)),
    ])
    func rulesParse(text: String, rule: FaultRule) throws {
        #expect(try ProxyFaultSyntax.parse(text) == rule)
    }

    @Test(arguments: [
        "", "route=match", "status=503,delay=1", "status=200", "route=nowhere,status=500", "drop=sideways",
        "trickle=16", "delay=-1", "count=0,status=500", "retry-after=2,delay=1", "colour=red,pass",
    ])
    func badRulesAreUsageErrorsThatSayWhy(text: String) {
        #expect(throws: DashboardError.self) { try ProxyFaultSyntax.parse(text) }
    }

    @Test func optionsParse() throws {
        let options = try ProxyCommand.parse([
            "--listen", "127.0.0.1:0", "--upstream", "https://links.example.com",
            "--fault", "route=match,status=503,count=2", "--upstream-timeout", "12",
        ])
        #expect(options.host == "127.0.0.1" && options.port == 0)
        #expect(options.upstream?.absoluteString == "https://links.example.com")
        #expect(options.rules == [FaultRule(route: "match", fault: .status(503, retryAfter: nil), count: 2)])
        #expect(options.upstreamTimeout == 12)
        #expect(try ProxyCommand.parse(["--upstream", "http://127.0.0.1:8787"]).port == 8788)
    }

    @Test(arguments: [
        [String](), ["--upstream", "ftp://x"], ["--upstream", "http://x", "--listen", "nohost"], ["--bogus"],
        ["--upstream", "http://x", "--fault", "status=42"],
    ])
    func badArgumentsAreUsageErrors(arguments: [String]) {
        #expect(throws: DashboardError.self) { try ProxyCommand.parse(arguments) }
    }

    @Test func stdinLinesAddListAndClearRules() {
        let proxy = FaultProxy(upstream: URL(string: "http://127.0.0.1:9")!)
        #expect(ProxyCommand.answer("route=match,status=503,count=2", proxy: proxy) == ["added: 503 on match ×2"])
        #expect(ProxyCommand.answer("list", proxy: proxy) == ["pending: 503 on match ×2"])
        #expect(ProxyCommand.answer("status=9000", proxy: proxy).first?.contains("status must be 400…599") == true)
        #expect(ProxyCommand.answer("clear", proxy: proxy) == ["faults cleared"])
        #expect(proxy.pending.isEmpty)
    }

    @Test func theHelpNamesEveryFlagAndTheDashboardsHelpNamesTheCommand() {
        for flag in ["--upstream", "--listen", "--fault", "--upstream-timeout", "EXIT CODES", "X-OptoLink-Injected"] {
            #expect(ProxyCommand.usage.contains(flag), "\(flag) is not in proxy --help")
        }
        #expect(DashboardOptions.usage.contains("optolink-dash proxy --upstream URL"))
        #expect(DashboardOptions.usage.contains("proxy injects the faults (docs/proxy.md)"))
    }
}
