import DashboardCore
import Foundation
import OptoLink

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

    static let apiLine = DoctorLine.apiHTTPS
    static let keyLine = DoctorLine("key.kind", "publishable key")
    static let resolveLine = DoctorLine.linkResolves

    var serviceLines: [DoctorLine] { [Self.apiLine, Self.keyLine, Self.resolveLine] }

    var aasaAdvice: AASAAdvice {
        AASAAdvice(
            noAnswer:
                "QubeRoute serves \(AASAChecks.path) on each of the project's link domains: check the "
                + "link's domain is set up in the project and its DNS points at QubeRoute",
            notFound:
                "QubeRoute serves the file on the project's link domains only: check the link's domain is "
                + "one of them, and that no proxy or CDN in front keeps /.well-known/ from it",
            appIDMissing:
                "set the app's Team ID and bundle ID in the QubeRoute project's iOS settings (the file "
                + "lists the app from them), and check them against the app's signing: Team ID from the "
                + "developer account, bundle id from the target"
        )
    }

    func coverageFix(_ link: URL) -> String {
        "QubeRoute writes the file's paths for the project's links (\(AASACoverage.siblingsPattern(link))): "
            + "check the link is a short link of this project on one of its link domains, and the app ID's "
            + "entry is the project's"
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
        await resolveLines(
            runner, link: link, key: Self.keyTable, apiLine: Self.apiLine,
            plainHTTPFix:
                "the SDK calls QubeRoute's API over HTTPS (App Transport Security refuses plain HTTP): give "
                + "its https:// origin in --base-url (default https://app.quberoute.com)",
            notContacted: "not contacted: give --api-key, a publishable key, to send the resolve request",
            resolve: { Self.resolve($0, apiKey: runner.options.apiKey?.rawValue, link: link) })
    }

    /// How QubeRoute's answers to the resolve request read for the key; a key whose form is not a publishable
    /// key's is named and never sent.
    static let keyTable = KeyProbeTable(
        line: keyLine, noKey: "give --api-key to check the key the app ships (qr_live_… or qr_test_…)",
        notSent: "the resolve request was not sent",
        noAnswerFix:
            "the API did not answer: check --base-url (default https://app.quberoute.com) and that it is "
            + "reachable from here",
        masked: AppKeyKind.masked, message: BodyExcerpt.message,
        preflight: { key in
            let kind = AppKeyKind.of(key)
            if let name = kind.secretName, let fix = kind.secretFix {
                return ("\(name), where the app's publishable key belongs: not sent", fix)
            }
            return refusal(key).map {
                (
                    "\(AppKeyKind.masked(key)) is not a publishable key: not sent",
                    "\($0) (the SDK refuses any other key)"
                )
            }
        },
        request: { key, runner, link in
            resolveRequest(baseURL: runner.options.baseURL, apiKey: key, link: link, timeout: runner.timeout)
        },
        rows: [
            .pass(200...200) { answer in
                let environment =
                    AppKeyKind.of(answer.key) == .quberoutePublishable(test: true)
                    ? "a test key (it reaches test links only: a release build ships qr_live_…)" : "a live key"
                return "\(answer.masked) is accepted, \(environment): \(answer.summary)"
            },
            .fail(401) {
                "QubeRoute does not know \($0.masked) (a typo, or a key rotated since): copy the project's "
                    + "publishable key into the app and into --api-key"
            },
            .fail(403) {
                "QubeRoute refuses \($0.masked) on its SDK endpoints (revoked, or another project's): copy the "
                    + "project's current publishable key (qr_live_… or qr_test_…) into the app and into --api-key"
            },
            .pass(404...404, when: { isResolveAnswer($0.object) }) {
                "\($0.masked) is accepted: resolve answered 404 with QubeRoute's answer about the link (see the "
                    + "link line)"
            },
            .fail(404) { _ in
                "no \(resolvePath) at this base URL: --base-url is QubeRoute's API origin (default "
                    + "https://app.quberoute.com), not the link domain"
            },
            .rateLimited(),
        ],
        otherwise: "unexpected answer to \(resolvePath): check --base-url and QubeRoute's status")

    /// `key.kind`: the key's form is a publishable key's, and the resolve request with it is answered.
    static func key(_ apiKey: String?, probe: DoctorExchange?) -> DoctorCheck {
        keyTable.check(probe, apiKey: apiKey)
    }

    /// Whether `object` is QubeRoute's answer to resolve: a `link` member (null when none) or a `reason`. The
    /// guide's sample decodes `link: ResolvedLink?`, so a member left out reads as null.
    static func isResolveAnswer(_ object: [String: JSONValue]?) -> Bool {
        object?["link"] != nil || object?["reason"]?.stringValue != nil
    }

    /// `link.resolve`: resolve answers 200 with a link object for `link`; a 200 or 404 whose answer has no
    /// link (null, or left out beside its `reason`) means QubeRoute does not know it.
    static func resolve(_ probe: DoctorExchange?, apiKey: String?, link: URL) -> DoctorCheck {
        guard let probe else {
            return resolveLine.skip(
                apiKey == nil
                    ? "needs --api-key (QubeRoute's API answers 401 without one)"
                    : "needs a publishable key (the key line says why this one was not sent)")
        }
        let object = probe.response.flatMap { (try? JSONDecoder().decode(JSONValue.self, from: $0.body))?.objectValue }
        guard let response = probe.response,
            response.status == 200 || (response.status == 404 && isResolveAnswer(object))
        else {
            return resolveLine.skip("needs the API to accept the key (see the key line)")
        }
        guard let object, isResolveAnswer(object) else {
            return resolveLine.fail(
                "200 without a \"link\" member: \(BodyExcerpt.line(response.body))",
                fix: "the answer is not QubeRoute's: check --base-url is its API origin")
        }
        let reason = object["reason"]?.stringValue
        guard let resolved = object["link"]?.objectValue else {
            return resolveLine.fail(
                "no link for \(link.absoluteString) (reason \(reason ?? "none given"))",
                fix:
                    "QubeRoute does not know this URL as one of the project's links: check the link is live "
                    + "and on one of the project's link domains; a test key (qr_test_…) reaches test "
                    + "links only, a live key live ones"
            )
        }
        let target = resolved["url"]?.stringValue ?? "?"
        var notes = [String]()
        if let alias = resolved["alias"]?.stringValue { notes.append("alias \(alias)") }
        if let reason { notes.append("reason \(reason)") }
        return resolveLine.pass(
            "\(probe.summary): → \(target)" + (notes.isEmpty ? "" : " (\(notes.joined(separator: ", ")))")
                + "; sent as the SDK sends it, with a throwaway install token")
    }
}
