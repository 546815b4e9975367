import Foundation
import OptoLink
import OptoLinkFaults
import OptoLinkTesting
import Testing

@testable import DashboardCore

@Suite("BackendClient and the simulated network")
struct BackendClientTests {
    let target = BackendTarget.demo(.optoLink, baseURL: URL(string: "http://127.0.0.1:9")!)
    var summer: ScenarioLink { target.link(.main)! }

    /// A client whose JSON calls and browser both go through `transport`.
    func client(_ transport: any HTTPTransport) -> BackendClient {
        BackendClient(target: target, transport: transport, browser: SimulatedBrowser(transport: transport))
    }

    @Test func clickThroughTheDevEndpointSendsTheBrowserTraitsFromTheBrowserAddress() async throws {
        let transport = ScriptedTransport([
            .response(
                status: 200, json: #"{"clipboardToken":"opl_AbCdEfGhIjKlMnOpQrSt-_","recordedAt":"x","expiresAt":"y"}"#)
        ])
        let client = client(transport)
        var browser = FingerprintValues.demoPhone
        browser.networkAddress = "198.51.100.23"
        let click = try await client.click(summer, browser: browser, ageSeconds: 600, useDevEndpoint: true)
        #expect(click.token == "opl_AbCdEfGhIjKlMnOpQrSt-_" && click.via == "dev")
        let request = try #require(await transport.requests.first)
        #expect(request.url.path == "/dev/deferred/simulate")
        #expect(request.headers["X-Forwarded-For"] == "198.51.100.23")
        let body = try #require(request.body.flatMap { try JSONSerialization.jsonObject(with: $0) as? [String: Any] })
        #expect(body["deviceModel"] as? String == "iPhone15,2" && body["timezone"] as? String == "Europe/Berlin")
        #expect(body["ageSeconds"] as? Double == 600)
    }

    @Test func clickWithoutDevEndpointsReadsTheTokenFromTheRedirectPage() async throws {
        let page =
            #"<html><input id="token" type="hidden" value="opl_ZT2pX5570WBwvVkAeBEMjQ"><script>var "#
            + #"token = "opl_ZT2pX5570WBwvVkAeBEMjQ";</script></html>"#
        let transport = ScriptedTransport([
            .response(status: 200, body: Data(page.utf8), headers: ["Content-Type": "text/html"])
        ])
        let client = client(transport)
        let click = try await client.click(summer, browser: .demoPhone, useDevEndpoint: false)
        #expect(click.token == "opl_ZT2pX5570WBwvVkAeBEMjQ" && click.via == "page")
        let request = try #require(await transport.requests.first)
        #expect(request.url.path == "/demo/summer")
        #expect(request.headers["User-Agent"]?.contains("CPU iPhone OS 17_4 like Mac OS X") == true)
        #expect(request.headers["Accept-Language"] == "en-US")
        #expect(request.headers["X-Forwarded-For"] == FingerprintValues.demoPhone.networkAddress)
    }

    #if os(Linux)
    @Test func behindTheFaultProxyAClickNamesItsNetworkByItsLoopbackSourceAddress() async throws {
        // Given the redirect page of a loopback backend, reached directly and as the scenarios reach it
        // while the fault proxy stands in front of it
        let page = #"<html><script>var token = "opl_ZT2pX5570WBwvVkAeBEMjQ";</script></html>"#
        func clickedForwardedFor(_ client: (BackendClient) -> BackendClient) async throws -> String? {
            let transport = ScriptedTransport([
                .response(status: 200, body: Data(page.utf8), headers: ["Content-Type": "text/html"])
            ])
            var browser = FingerprintValues.demoPhone
            browser.networkAddress = "198.51.100.23"
            _ = try await client(self.client(transport)).click(summer, browser: browser, useDevEndpoint: false)
            return await transport.requests.first?.headers["X-Forwarded-For"]
        }
        // Then directly the click names the simulated network; behind the proxy, the loopback address it is
        // sent from (what the proxy names the devices' requests by)
        #expect(try await clickedForwardedFor { $0 } == "198.51.100.23")
        #expect(try await clickedForwardedFor { $0.reachedThroughFaultProxy() } == "127.51.100.23")
    }

    @Test func behindTheFaultProxyTheSignedAddressIsTheOneTheBackendSees() {
        // Given a device that talks to the fault proxy in front of a loopback backend, and one that does not
        let proxied = DeviceSettings(target: target, upstream: URL(string: "http://localhost:8787")!)
        let direct = DeviceSettings(target: target)
        // Then the address AppsFlyer's signing backend puts in the body is the one the backend sees
        #expect(proxied.addressSeenByBackend("203.0.113.14") == "127.0.113.14")
        #expect(direct.addressSeenByBackend("203.0.113.14") == "203.0.113.14")
        // and a remote backend, which no loopback source reaches, sees what it is told
        let remote = DeviceSettings(target: target, upstream: URL(string: "https://links.example.com")!)
        #expect(remote.addressSeenByBackend("203.0.113.14") == "203.0.113.14")
    }
    #endif

    @Test func theHealthIndicatorCountsAnyAnswerOfAServiceWithoutAHealthRoute() async {
        // Given a /health that answers 404 (a QubeRoute, Deep Blue or AppsFlyer API has no such route)
        func reachable(_ service: OptoLinkService, _ step: ScriptedTransport.Answer) async -> Bool {
            let target = BackendTarget(baseURL: URL(string: "http://127.0.0.1:9")!, service: service)
            return await BackendClient(target: target, transport: ScriptedTransport([step])).isReachable()
        }
        let notFound = ScriptedTransport.Answer.response(status: 404, json: #"{"error":"not found"}"#)
        // Then the other services' deployments are up, OptoLink's contract route is not answering
        #expect(await reachable(.quberoute, notFound))
        #expect(await reachable(.deepBlue, notFound))
        #expect(await reachable(.appsFlyer, notFound))
        #expect(await reachable(.optoLink, notFound) == false)
        #expect(await reachable(.optoLink, .response(status: 200, json: #"{"ok":true}"#)))
        // and no answer is down for all
        #expect(await reachable(.quberoute, .failure(URLError(.cannotConnectToHost))) == false)
    }

    @Test func aTransportThatGaveNoAnswerIsNamedInWords() async {
        // Given a backend that does not answer in time (URLSession on Linux describes that only as
        // "The operation could not be completed. (NSURLErrorDomain error -1001.)")
        let client = client(ScriptedTransport([.failure(URLError(.timedOut))]))
        // When the browser clicks
        var message: String?
        do {
            _ = try await client.click(summer, browser: .demoPhone, useDevEndpoint: false)
        } catch {
            message = error.message
        }
        // Then the failure says what happened
        #expect(
            message
                == "the click on http://127.0.0.1:9/demo/summer failed: GET /demo/summer got no answer: timed out")
    }

    @Test func requestsThatAreNotForALoopbackBackendGoToTheBaseTransport() async throws {
        // Given the loopback-source transport over a scripted one
        let scripted = ScriptedTransport([.response(status: 200, json: "{}"), .response(status: 200, json: "{}")])
        let transport = LoopbackSourceTransport(base: scripted)
        // When a request to a remote backend names a client, and a loopback one names none
        _ = try await transport.send(
            HTTPRequest(
                method: "GET", url: URL(string: "https://links.example.com/demo/summer")!,
                headers: ["X-Forwarded-For": "198.51.100.23"], timeout: 1))
        _ = try await transport.send(
            HTTPRequest(method: "GET", url: URL(string: "http://127.0.0.1:9/health")!, headers: [:], timeout: 1))
        // Then both went to the base transport unchanged
        #expect(await scripted.requests.map(\.url.host) == ["links.example.com", "127.0.0.1"])
        #expect(await scripted.requests.first?.headers["X-Forwarded-For"] == "198.51.100.23")
    }

    @Test func aTransportErrorOfTheDashboardKeepsItsOwnMessage() async {
        // Given a transport that fails with the dashboard's own error, as LoopbackSourceTransport does
        let transport = ScriptedTransport { request in
            throw DashboardError.backend(
                "\(request.method) \(request.url.path) from 127.51.100.23 got no answer: refused")
        }
        let client = client(transport)
        // When a click cannot reach the redirect page
        let message: String
        do {
            _ = try await client.click(summer, browser: .demoPhone, useDevEndpoint: false)
            message = "no error"
        } catch {
            message = error.message
        }
        // Then the error is the transport's own, not "The operation could not be completed", nor said twice
        #expect(
            message
                == "the click on http://127.0.0.1:9/demo/summer failed: "
                + "GET /demo/summer from 127.51.100.23 got no answer: refused")
    }

    @Test func everyDeviceRequestCarriesTheCurrentNetworkAddress() async throws {
        let scripted = ScriptedTransport([.response(status: 200, json: "{}"), .response(status: 200, json: "{}")])
        let address = AddressBox("203.0.113.7")
        let transport = ForwardedForTransport(base: scripted, address: { address.value })
        let url = URL(string: "http://127.0.0.1:9/health")!
        _ = try await transport.send(HTTPRequest(method: "GET", url: url, headers: [:], timeout: 1))
        address.value = "198.51.100.23"
        _ = try await transport.send(HTTPRequest(method: "GET", url: url, headers: [:], timeout: 1))
        #expect(await scripted.requests.map { $0.headers["X-Forwarded-For"] } == ["203.0.113.7", "198.51.100.23"])
    }

    @Test func faultMenuChoicesMapToDevFaults() {
        let rule = { (kind: FaultKind, count: Int) in FaultRequest(kind: kind, count: count).rule(sdkTimeout: 10) }
        #expect(rule(.status503, 2) == FaultRule(route: "any", fault: .status(503, retryAfter: nil), count: 2))
        #expect(rule(.status503, 2).wireBody?["status"] as? Int == 503)
        #expect(rule(.status429, 1).fault.wire?.status == 429)
        #expect(rule(.drop, 3) == FaultRule(route: "any", fault: .dropBeforeUpstream, count: 3))
        #expect(rule(.drop, 3).wireBody?["kind"] as? String == "drop")
        #expect(rule(.timeout, 1).fault.wire?.delaySeconds == 11)
    }

    @Test func aBrowserOnAnIPadSaysIPadInItsUserAgent() {
        // AppsFlyer's click page reads the device family from the User-Agent: an iPad must not pass for an iPhone
        var browser = FingerprintValues.demoPhone
        browser.deviceModel = "iPad13,1"
        let agent = SafariUserAgent.string(for: browser)
        #expect(agent.contains("(iPad; CPU OS 17_4 like Mac OS X)") && !agent.contains("iPhone"), "\(agent)")
        #expect(SafariUserAgent.string(for: .demoPhone).contains("(iPhone; CPU iPhone OS 17_4 like Mac OS X)"))
    }
}
