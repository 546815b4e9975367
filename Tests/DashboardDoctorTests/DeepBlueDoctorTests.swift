import Foundation
import Testing

@testable import DashboardCore
@testable import DashboardDoctor

@Suite("Doctor: Deep Blue's key and resolve")
struct DeepBlueDoctorTests {
    let key = "dbl_live_7c3f0a9e25b4d1"
    let link = URL(string: "https://demo.dev.thedbl.ink/spring")!

    func probe(_ status: Int, _ body: String) -> DoctorExchange {
        DoctorFixtures.answered("POST", "/api/links/resolve", status: status, body: body)
    }

    @Test func theProbeSendsTheLinkWithTheApiKeyHeader() throws {
        let request = DeepBlueDoctor.resolveRequest(
            baseURL: URL(string: "https://dev.thedbl.ink")!, apiKey: key, link: link, timeout: 10)
        #expect(request.url.absoluteString == "https://dev.thedbl.ink/api/links/resolve")
        #expect(request.header("Api-Key") == key && request.header("Authorization") == nil)
        #expect(try #require(request.jsonBody).keys.sorted() == ["url"])
    }

    @Test func aKeyIsAcceptedWhenResolveAnswersRatherThanRefuses() {
        // Given resolve's 200 for a sandbox key and its 404 for a URL that is no short link
        let sandbox = DeepBlueDoctor.key(
            key,
            probe: probe(200, #"{"id":1,"longUrl":"https://example.com/a","shortUrl":"x","isSandbox":true}"#))
        let notALink = DeepBlueDoctor.key(key, probe: probe(404, #"{"status":404,"message":"Not a short link"}"#))
        // Then both prove the key (a wrong one answers 401 before any lookup)
        #expect(sandbox.status == .pass && sandbox.detail.contains("a sandbox key"))
        #expect(notALink.status == .pass)
        // But the guide documents no 404 body: a 404 without Deep Blue's JSON is still "not a short link",
        // and says nothing of the key either way (no ✔, no ✘ blaming --base-url)
        for body in ["Not a short link", "", "<html><title>Not Found</title></html>"] {
            let plain = DeepBlueDoctor.key(key, probe: probe(404, body))
            #expect(plain.status == .skip && plain.fix == nil)
            #expect(plain.detail.contains("does not show the key was read"))
            #expect(plain.detail.hasPrefix(body.isEmpty ? "404 (no body): " : "404 \(body): "), "\(plain.detail)")
        }
    }

    @Test func aRefusedKeyFailsAndADevKeysFormIsNamed() {
        let wrong = DeepBlueDoctor.key(key, probe: probe(401, #"{"status":401,"message":"Invalid API key"}"#))
        #expect(wrong.status == .fail && wrong.detail == "401 Invalid API key")
        let devKey = DeepBlueDoctor.key(
            "w8sZzy8EaPaxFKfaoTqUi6", probe: probe(401, #"{"status":401,"message":"Invalid API key"}"#))
        #expect(
            devKey.detail
                == "401 Invalid API key: w8sZ… is an AppsFlyer DevKey by its "
                + "form (22 letters and digits), not the app's Deep Blue key"
        )
        #expect(devKey.fix?.contains("belongs on the app's backend") == true)
        let revoked = DeepBlueDoctor.key(
            key, probe: probe(403, #"{"status":403,"message":"This API key has been revoked"}"#))
        #expect(revoked.status == .fail && revoked.fix?.contains("revoked") == true)
        #expect(DeepBlueDoctor.key(nil, probe: nil).status == .skip)
    }

    @Test func theLinkResolvesToItsLongURLAnd404IsNotAShortLink() {
        let resolved = DeepBlueDoctor.resolve(
            probe(200, #"{"id":4101,"longUrl":"https://store.acme.test/catalog/fall?src=dbl","shortUrl":"x"}"#),
            link: link)
        #expect(resolved.status == .pass)
        #expect(
            resolved.detail.hasSuffix(
                "→ https://store.acme.test/catalog/fall?src=dbl (id 4101); the app routes to /catalog/fall"))
        let missing = DeepBlueDoctor.resolve(probe(404, #"{"status":404,"message":"Link not found"}"#), link: link)
        #expect(missing.status == .fail && missing.detail == "404 Link not found: not a short link")
        #expect(missing.fix?.contains("demo.dev.thedbl.ink") == true)
        // A 404 without a body, or with plain text, is the guide's "not a short link" too; the fix adds what
        // else answers every URL so
        let plain = DeepBlueDoctor.resolve(probe(404, "Not a short link"), link: link)
        #expect(plain.status == .fail && plain.detail == "404 Not a short link")
        #expect(
            plain.fix?.hasSuffix(
                "if --base-url is not Deep Blue's API origin (default https://dev.thedbl.ink), every URL gets this 404")
                == true)
        let empty = DeepBlueDoctor.resolve(probe(404, ""), link: link)
        #expect(empty.status == .fail && empty.detail == "404 (no body): not a short link")
        #expect(missing.fix?.contains("--base-url") == false)
        #expect(DeepBlueDoctor.resolve(probe(200, #"{"id":1}"#), link: link).status == .fail)
        #expect(DeepBlueDoctor.resolve(probe(401, #"{"message":"no"}"#), link: link).status == .skip)
        #expect(DeepBlueDoctor.resolve(nil, link: link).status == .skip)
    }
}
