import Foundation
import OptoLink
import OptoLinkTesting
import Testing

@testable import DashboardCore
@testable import DashboardDoctor

@Suite("Doctor: the key probe table and its runner")
struct KeyProbeTableTests {
    /// A small table: 200 passes, 404 passes only with a JSON body, 401 fails with its own detail, 429 is the
    /// shared rate-limit row, a key starting with `secret_` is refused before sending.
    static let table = KeyProbeTable(
        line: DoctorLine("key.test", "test key"), noKey: "give --api-key", notSent: "not sent",
        noAnswerFix: "no answer fix", masked: { "masked(\($0.prefix(3)))" }, message: BodyExcerpt.message,
        preflight: { $0.hasPrefix("secret_") ? ("a secret: not sent", "ship the public key") : nil },
        request: { key, runner, link in
            DoctorRunner.jsonPost(
                DoctorRunner.url(runner.options.baseURL, "/probe"), body: ["url": link.absoluteString],
                headers: ["Key": key], timeout: runner.timeout)
        },
        rows: [
            .pass(200...200) { "\($0.masked) accepted: \($0.summary)" },
            .pass(404...404, when: { $0.object != nil }) { "\($0.masked) accepted (404 in JSON)" },
            .fail(401, detail: { "refused: \($0.message)" }, fix: { "replace \($0.masked)" }),
            .rateLimited(),
        ],
        otherwise: "unexpected answer")

    func answer(_ status: Int, _ body: String) -> DoctorExchange {
        DoctorFixtures.answered(
            "POST", "/probe", status: status, headers: ["Content-Type": "application/json"], body: body)
    }

    @Test func theFirstRowNamingTheStatusAndWhosePredicateHoldsGivesTheLine() {
        // Given answers the rows name
        let accepted = Self.table.check(answer(200, "{}"), apiKey: "public_key")
        let jsonNotFound = Self.table.check(answer(404, #"{"message":"no link"}"#), apiKey: "public_key")
        let refused = Self.table.check(answer(401, #"{"message":"Unknown key"}"#), apiKey: "public_key")
        let limited = Self.table.check(answer(429, #"{"message":"slow down"}"#), apiKey: "public_key")
        // Then each reads its row: a pass has no fix, a failure its row's detail and fix
        #expect(accepted.id == "key.test" && accepted.title == "test key")
        #expect(accepted.status == .pass && accepted.detail.hasPrefix("masked(pub) accepted: ") && accepted.fix == nil)
        #expect(jsonNotFound.status == .pass && jsonNotFound.detail == "masked(pub) accepted (404 in JSON)")
        #expect(refused.status == .fail && refused.detail == "refused: Unknown key")
        #expect(refused.fix == "replace masked(pub)")
        #expect(limited.status == .fail && limited.detail == "429 slow down")
        #expect(limited.fix == "rate limited: wait a minute and run again")
        // and an answer without a body says so rather than ending on a bare status
        #expect(Self.table.check(answer(401, ""), apiKey: "public_key").detail == "refused: (no body)")
    }

    @Test func aStatusNoRowNamesGetsTheDefaultLine() {
        // Given a status no row names, and a 404 whose row's predicate does not hold (not JSON)
        let serverError = Self.table.check(answer(503, #"{"message":"down for maintenance"}"#), apiKey: "public_key")
        let pageNotFound = Self.table.check(answer(404, "<html>Not Found</html>"), apiKey: "public_key")
        // Then both fail with `<status> <message>` and the table's default fix
        #expect(serverError.status == .fail && serverError.detail == "503 down for maintenance")
        #expect(serverError.fix == "unexpected answer")
        #expect(pageNotFound.status == .fail && pageNotFound.detail == "404 <html>Not Found</html>")
        #expect(pageNotFound.fix == "unexpected answer")
    }

    @Test func noKeyARefusedKeyNoProbeAndNoAnswerEachHaveTheirLine() {
        let noKey = Self.table.check(nil, apiKey: nil)
        #expect(noKey.status == .skip && noKey.detail == "give --api-key")
        let secret = Self.table.check(answer(200, "{}"), apiKey: "secret_key")
        #expect(secret.status == .fail && secret.detail == "a secret: not sent" && secret.fix == "ship the public key")
        let notSent = Self.table.check(nil, apiKey: "public_key")
        #expect(notSent.status == .skip && notSent.detail == "not sent")
        let down = Self.table.check(DoctorFixtures.failed("POST", "/probe", code: .timedOut), apiKey: "public_key")
        #expect(down.status == .fail && down.fix == "no answer fix")
    }

    @Test func theRunnerSendsTheTablesRequestOnlyForAKeyItDoesNotRefuse() async throws {
        // Given a runner whose transport answers every request 200
        let transport = ScriptedTransport(handler: { _ in
            HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: Data("{}".utf8))
        })
        let link = URL(string: "https://go.example.com/spring")!
        func runner(_ key: String?) -> DoctorRunner {
            DoctorRunner(
                options: DoctorOptions(
                    baseURL: URL(string: "https://api.example.com")!, orgKey: .demo,
                    apiKey: key.map(APIKey.init(rawValue:))),
                transport: transport)
        }
        // When the probe runs with a public key, a refused one and none
        let (sent, exchanges) = await runner("public_key").probeKey(Self.table, link: link)
        let (refused, none) = await runner("secret_key").probeKey(Self.table, link: link)
        let (skipped, nothing) = await runner(nil).probeKey(Self.table, link: link)
        // Then only the public key's request went out, as the table builds it, and each line reads the table
        let requests = await transport.requests
        #expect(requests.count == 1)
        #expect(requests.first?.url.absoluteString == "https://api.example.com/probe")
        #expect(requests.first?.headers["Key"] == "public_key")
        #expect(try #require(requests.first?.jsonBody)["url"]?.stringValue == link.absoluteString)
        #expect(sent.status == .pass && exchanges.count == 1)
        #expect(refused.status == .fail && none.isEmpty)
        #expect(skipped.status == .skip && nothing.isEmpty)
    }

    @Test func anOptoLink404ThatDoesNotNameTheDeviceIsSettledByAMadeUpKey() async throws {
        // Given a backend answering the probe's unknown device with NestJS's bare 404, and one that has no route
        func report(madeUpKey status: Int) async -> (DoctorCheck, [DoctorExchange]) {
            let transport = ScriptedTransport(handler: { request in
                let refused = request.headers["Authorization"]?.contains("made_up") == true
                let body = refused ? #"{"message":"Invalid API key"}"# : #"{"message":"Not Found"}"#
                return HTTPResponse(status: refused ? status : 404, body: Data(body.utf8))
            })
            let runner = DoctorRunner(
                options: DoctorOptions(
                    baseURL: URL(string: "https://links.example.com")!, orgKey: .demo,
                    apiKey: APIKey(rawValue: "opl_sdk_k3v9QmT2xW8pLr5nZb7cYh4dFj6gAs1e")),
                transport: transport)
            return await runner.probeKey(KeyCheck.table, link: URL(string: "https://links.example.com")!)
        }
        // When the doctor probes the key
        let (served, sent) = await report(madeUpKey: 401)
        let (missing, _) = await report(madeUpKey: 404)
        // Then a second probe with a made-up key tells them apart: refused there, the route is served and the
        // key valid; answered alike, the route is not there
        #expect(sent.count == 2)
        #expect(served.status == .pass && served.detail.contains("while a made-up key is refused (401)"))
        #expect(
            missing.status == .fail && missing.detail == "404 Not Found, and 404 for a made-up key too: no such route")
        // And a 404 naming the device needs no second probe
        let named = KeyCheck.table.check(
            DoctorFixtures.answered(
                "POST", "/sdk/identity/clear", status: 404, body: #"{"message":"Device not found"}"#),
            apiKey: "opl_sdk_k3v9QmT2xW8pLr5nZb7cYh4dFj6gAs1e")
        #expect(named.status == .pass)
    }
}
