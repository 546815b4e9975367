import Foundation
import OptoLink
import OptoLinkDashboard

/// The doctor's lines for QubeRoute (seed 001): the API over HTTPS, the key is a publishable key, and the
/// link resolves through `POST /api/v1/sdk/resolve`.
///
/// One request reads both the key and the link, as the SDK sends it: `POST /api/v1/sdk/resolve {"url": <link>,
/// "installToken": <token>}` with `Authorization: Bearer <key>` (a wrong key answers 401, a refused one 403). The
/// token is a fresh throwaway one in the SDK's form, never an app's: the page's sample code sends one on every
/// call, and a deployment may require it. A key whose form is not a publishable key's (a secret `qr_sk_…` key, an
/// AppsFlyer DevKey, anything the SDK refuses) is named and never sent.
struct QubeRouteDoctor: LinkServiceDoctor {
    /// The resolve endpoint under the API origin.
    static let resolvePath = "/api/v1/sdk/resolve"

    static let apiLine = (id: "api.https", title: "API HTTPS")
    static let keyLine = (id: "key.kind", title: "publishable key")
    static let resolveLine = (id: "link.resolve", title: "link resolves")

    var serviceLines: [(id: String, title: String)] { [Self.apiLine, Self.keyLine, Self.resolveLine] }

    var aasaAdvice: AASAAdvice {
        AASAAdvice(
            noAnswer:
                "QubeRoute serves \(AASAChecks.path) on each of the project's link domains: check the link's domain is set up in the project and its DNS points at QubeRoute",
            notFound:
                "QubeRoute serves the file on the project's link domains only: check the link's domain is one of them, and that no proxy or CDN in front keeps /.well-known/ from it",
            appIDMissing:
                "set the app's Team ID and bundle ID in the QubeRoute project's iOS settings (the file lists the app from them), and check them against the app's signing: Team ID from the developer account, bundle id from the target"
        )
    }

    func coverageFix(_ link: URL) -> String {
        "QubeRoute writes the file's paths for the project's links (\(AASACoverage.siblingsPattern(link))): check the link is a short link of this project on one of its link domains, and the app ID's entry is the project's"
    }

    /// The probe: `POST <base>/api/v1/sdk/resolve {"url": <link>, "installToken": <token>}` with the key; the
    /// token is fresh for each doctor run (a UUID without hyphens, as the SDK makes one).
    static func resolveRequest(
        baseURL: URL, apiKey: String, link: URL, timeout: TimeInterval,
        installToken: String = UUID().uuidString.replacingOccurrences(of: "-", with: "")
    ) -> HTTPRequest {
        DoctorRunner.jsonPost(
            DoctorRunner.url(baseURL, resolvePath), body: ["url": link.absoluteString, "installToken": installToken],
            headers: ["Authorization": "Bearer \(apiKey)"], timeout: timeout)
    }

    /// The SDK's refusal of `key` as a QubeRoute key (its configuration's message), nil for a publishable key.
    static func refusal(_ key: String) -> String? {
        do {
            _ = try OptoLinkConfiguration.quberoute(publishableKey: key)
            return nil
        } catch {
            return error.message
        }
    }

    func serviceChecks(_ runner: DoctorRunner, link: URL) async -> (checks: [DoctorCheck], exchanges: [DoctorExchange])
    {
        let options = runner.options
        let request = options.apiKey.flatMap { key in
            Self.refusal(key) == nil
                ? Self.resolveRequest(baseURL: options.baseURL, apiKey: key, link: link, timeout: runner.timeout) : nil
        }
        return await resolveLines(
            runner, request: request, apiLine: Self.apiLine,
            plainHTTPFix:
                "the SDK calls QubeRoute's API over HTTPS (App Transport Security refuses plain HTTP): give its https:// origin in --base-url (default https://app.quberoute.com)",
            notContacted: "not contacted: give --api-key, a publishable key, to send the resolve request",
            key: { Self.key(options.apiKey, probe: $0) },
            resolve: { Self.resolve($0, apiKey: options.apiKey, link: link) })
    }

    /// `key.kind`: the key's form is a publishable key's, and the resolve request with it is answered.
    static func key(_ apiKey: String?, probe: DoctorExchange?) -> DoctorCheck {
        let (id, title) = keyLine
        guard let apiKey else {
            return .skip(id, title, "give --api-key to check the key the app ships (qr_live_… or qr_test_…)")
        }
        let kind = AppKeyKind.of(apiKey)
        if let name = kind.secretName, let fix = kind.secretFix {
            return .fail(id, title, "\(name), where the app's publishable key belongs: not sent", fix: fix)
        }
        if let refusal = refusal(apiKey) {
            return .fail(
                id, title, "\(AppKeyKind.masked(apiKey)) is not a publishable key: not sent",
                fix: "\(refusal) (the SDK refuses any other key)")
        }
        let masked = AppKeyKind.masked(apiKey)
        guard let probe else { return .skip(id, title, "the resolve request was not sent") }
        guard let response = probe.response else {
            return .fail(
                id, title, probe.summary,
                fix:
                    "the API did not answer: check --base-url (default https://app.quberoute.com) and that it is reachable from here"
            )
        }
        let message = BodyExcerpt.message(response.body)
        switch response.status {
        case 200:
            let environment =
                kind == .quberoutePublishable(test: true)
                ? "a test key (it reaches test links only: a release build ships qr_live_…)" : "a live key"
            return .pass(id, title, "\(masked) is accepted, \(environment): \(probe.summary)")
        case 401:
            return .fail(
                id, title, "401 \(message)",
                fix:
                    "QubeRoute does not know \(masked) (a typo, or a key rotated since): copy the project's publishable key into the app and into --api-key"
            )
        case 403:
            return .fail(
                id, title, "403 \(message)",
                fix:
                    "QubeRoute refuses \(masked) on its SDK endpoints: ship the project's publishable key (qr_live_… or qr_test_…), never a secret key"
            )
        case 404:
            return .fail(
                id, title, "404 \(message)",
                fix:
                    "no \(resolvePath) at this base URL: --base-url is QubeRoute's API origin (default https://app.quberoute.com), not the link domain"
            )
        case 429:
            return .fail(id, title, "429 \(message)", fix: "rate limited: wait a minute and run again")
        default:
            return .fail(
                id, title, "\(response.status) \(message)",
                fix: "unexpected answer to \(resolvePath): check --base-url and QubeRoute's status")
        }
    }

    /// `link.resolve`: resolve answers 200 with a link object for `link`.
    static func resolve(_ probe: DoctorExchange?, apiKey: String?, link: URL) -> DoctorCheck {
        let (id, title) = resolveLine
        guard let probe else {
            return .skip(
                id, title,
                apiKey == nil
                    ? "needs --api-key (QubeRoute's API answers 401 without one)"
                    : "needs a publishable key (the key line says why this one was not sent)")
        }
        guard let response = probe.response, response.status == 200 else {
            return .skip(id, title, "needs the API to accept the key (see the key line)")
        }
        guard let object = (try? JSONDecoder().decode(JSONValue.self, from: response.body))?.objectValue,
            let answer = object["link"]
        else {
            return .fail(
                id, title, "200 without a \"link\" member: \(BodyExcerpt.line(response.body))",
                fix: "the answer is not QubeRoute's: check --base-url is its API origin")
        }
        let reason = object["reason"]?.stringValue
        guard let resolved = answer.objectValue else {
            return .fail(
                id, title, "no link for \(link.absoluteString) (reason \(reason ?? "none given"))",
                fix:
                    "QubeRoute does not know this URL as one of the project's links: check the link is live and on one of the project's link domains; a test key (qr_test_…) reaches test links only, a live key live ones"
            )
        }
        let target = resolved["url"]?.stringValue ?? "?"
        var notes = [String]()
        if let alias = resolved["alias"]?.stringValue { notes.append("alias \(alias)") }
        if let reason { notes.append("reason \(reason)") }
        return .pass(
            id, title,
            "\(probe.summary): → \(target)" + (notes.isEmpty ? "" : " (\(notes.joined(separator: ", ")))")
                + "; sent as the SDK sends it, with a throwaway install token")
    }
}
