import Foundation
import OptoLink
import Testing

@testable import DashboardCore
@testable import DashboardDoctor

@Suite("Doctor: host, HTTPS and /health")
struct HostChecksTests {
    @Test func anyHTTPAnswerMeansTheHostAnswers() {
        // Given /health answered 404 (the host is there, the route is not)
        let exchange = DoctorFixtures.answered("GET", "/health", status: 404)
        // When the host line is read, Then it passes and names the answer
        let check = HostChecks.answers(exchange)
        #expect(check.status == .pass)
        #expect(check.detail == "GET /health → 404 in 20 ms")
    }

    @Test func noAnswerFailsWithAFixForTheCause() {
        let refused = HostChecks.answers(DoctorFixtures.failed("GET", "/health", code: .cannotConnectToHost))
        #expect(refused.status == .fail)
        #expect(refused.detail.contains("connection refused"))
        #expect(refused.fix?.contains("--base-url") == true)

        let dns = HostChecks.answers(DoctorFixtures.failed("GET", "/health", code: .cannotFindHost))
        #expect(dns.detail.contains("DNS") && dns.fix?.contains("DNS records") == true)

        let timeout = HostChecks.answers(DoctorFixtures.failed("GET", "/health", code: .timedOut))
        #expect(timeout.detail.contains("timed out") && timeout.fix?.contains("--timeout") == true)

        let tls = HostChecks.answers(DoctorFixtures.failed("GET", "/health", code: .serverCertificateUntrusted))
        #expect(tls.detail.contains("TLS") && tls.fix?.contains("certificate") == true)
    }

    /// FoundationNetworking (libcurl) reports a certificate it does not trust as URLError -1 with libcurl's
    /// words, where Apple's URLSession gives -1202: both are TLS failures.
    @Test(arguments: [
        ("SSL certificate problem: self-signed certificate", "the certificate is not trusted"),
        ("SSL: no alternative certificate subject name matches target host name 'x'", "the certificate is not trusted"),
        ("OpenSSL SSL_connect: SSL_ERROR_SYSCALL in connection to x:443", "the secure connection failed"),
    ])
    func libcurlsTLSFailuresAreTLSFailures(message: String, explanation: String) {
        let failure = DoctorExchange.Failure(
            URLError(.unknown, userInfo: [NSLocalizedDescriptionKey: message]))
        #expect(failure.isTLS)
        #expect(failure.explanation == "TLS: \(explanation) (\(message))")
        let check = HostChecks.answers(
            DoctorExchange(
                request: HTTPRequest(
                    method: "GET", url: DoctorFixtures.base.appendingPathComponent("health"), timeout: 1),
                outcome: .failed(failure), sentAt: Date(), receivedAt: Date()))
        #expect(check.fix?.contains("with a certificate from a public CA") == true, "\(check.fix ?? "")")
    }

    @Test func httpsThatAnsweredPasses() {
        let check = HostChecks.https(
            baseURL: DoctorFixtures.base, health: DoctorFixtures.answered("GET", "/health", status: 200))
        #expect(check.status == .pass)
        #expect(check.detail.contains("certificate is trusted"))
    }

    @Test func httpsWithAnUntrustedCertificateFails() {
        let check = HostChecks.https(
            baseURL: DoctorFixtures.base,
            health: DoctorFixtures.failed("GET", "/health", code: .serverCertificateHasUnknownRoot))
        #expect(check.status == .fail)
        #expect(check.fix?.contains("public CA") == true)
    }

    @Test func httpsWithAnotherFailureCannotBeJudged() {
        let check = HostChecks.https(
            baseURL: DoctorFixtures.base, health: DoctorFixtures.failed("GET", "/health", code: .cannotConnectToHost))
        #expect(check.status == .skip)
    }

    @Test func plainHTTPIsFineOnlyForALoopbackServer() {
        let health = DoctorFixtures.answered("GET", "/health", status: 200)
        for loopback in ["http://127.0.0.1:8787", "http://localhost:8787", "http://[::1]:8787", "http://127.1.2.3"] {
            let check = HostChecks.https(baseURL: URL(string: loopback)!, health: health)
            #expect(check.status == .pass, "\(loopback)")
            #expect(check.detail.contains("loopback test server only"), "\(loopback)")
        }
        for remote in [
            "http://links.example.com", "http://10.0.0.7:8787", "http://127.example.com",
            "http://localhost.example.com",
        ] {
            let check = HostChecks.https(baseURL: URL(string: remote)!, health: health)
            #expect(check.status == .fail, "\(remote)")
            #expect(check.fix?.contains("only over HTTPS") == true, "\(remote)")
        }
    }

    @Test func aHostNobodyContactedIsNotPassedOnItsSchemeAlone() {
        // Given an API line whose request was never sent (no key, no DevKey)
        let line = DoctorLine("api.https", "API HTTPS")
        let loopback = HostChecks.https(
            URL(string: "http://127.0.0.1:8787/v1.0")!, exchange: nil, line: line, plainHTTPFix: "use https",
            notContacted: "not contacted: give --dev-key")
        // Then a loopback URL is skipped (nothing answered), a remote http:// URL still fails by its scheme
        #expect(loopback.status == .skip && loopback.detail == "not contacted: give --dev-key")
        let remote = HostChecks.https(
            URL(string: "http://api.example.com")!, exchange: nil, line: line, plainHTTPFix: "use https")
        #expect(remote.status == .fail && remote.fix == "use https")
    }

    @Test func healthPassesOn200AndFailsOtherwise() {
        #expect(
            HostChecks.health(DoctorFixtures.answered("GET", "/health", status: 200, body: #"{"ok":true}"#)).status
                == .pass)
        let down = HostChecks.health(
            DoctorFixtures.answered("GET", "/health", status: 503, body: #"{"message":"down"}"#))
        #expect(down.status == .fail)
        #expect(down.detail.hasPrefix("503"))
        #expect(HostChecks.health(DoctorFixtures.answered("GET", "/health", status: 404)).status == .fail)
        #expect(
            HostChecks.health(DoctorFixtures.answered("GET", "/health", status: 200, body: #"{"ok":false}"#)).status
                == .fail)
    }

    /// The contract names the route, not its answer: any 2xx passes, so the fix asks for one, not for the
    /// reference server's body.
    @Test func healthAsksForWhatItChecks() {
        #expect(HostChecks.health(DoctorFixtures.answered("GET", "/health", status: 204)).status == .pass)
        let down = HostChecks.health(DoctorFixtures.answered("GET", "/health", status: 503))
        #expect(down.fix?.hasPrefix("GET /health must answer 2xx (and not \"ok\": false)") == true, "\(down.fix ?? "")")
        #expect(down.fix?.contains("{\"ok\":true}") == false, "\(down.fix ?? "")")
    }

    @Test func aMultiLineBodyIsQuotedOnOneLine() {
        // Given /health answered by `python3 -m http.server`: its 404 page, on 13 lines
        let check = HostChecks.health(
            DoctorFixtures.answered("GET", "/health", status: 404, body: DoctorFixtures.pythonErrorPage(404)))
        // Then the line quotes the page's start on one line, whitespace folded, cut with …
        #expect(
            check.detail
                == #"404 <!DOCTYPE HTML> <html lang="en"> <head> <meta "#
                + #"charset="utf-8"> <title>Error response</title> </head…"#
        )
    }
}
