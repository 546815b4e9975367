import DashboardCore
import Foundation
import OptoLink

/// The doctor's lines for Deep Blue Links (seed 004): the API over HTTPS, the key is accepted, and the link
/// resolves through `POST /api/links/resolve` (200 with `longUrl`; 404 means "not a short link").
///
/// One request reads both the key and the link: `POST /api/links/resolve {"url": <link>}` with `Api-Key`,
/// which looks the link up and changes nothing the guide mentions (a wrong key answers 401, a revoked one
/// 403). A key that Deep Blue refuses and that has an AppsFlyer DevKey's form is named as one.
struct DeepBlueDoctor: LinkServiceDoctor {
    /// The resolve endpoint under the API origin.
    static let resolvePath = "/api/links/resolve"

    static let apiLine = DoctorLine.apiHTTPS
    static let keyLine = DoctorLine("key.kind", "API key")
    static let resolveLine = DoctorLine.linkResolves

    var serviceLines: [DoctorLine] { [Self.apiLine, Self.keyLine, Self.resolveLine] }

    var aasaAdvice: AASAAdvice {
        AASAAdvice(
            noAnswer:
                "Deep Blue Links serves \(AASAChecks.path) on the app's domain (<app>.dev.thedbl.ink) and "
                + "on each custom domain added to the app: check the link's domain is one of them and "
                + "its DNS points at Deep Blue",
            notFound:
                "Deep Blue Links serves the file on the app's own domains only: add the link's domain to "
                + "the app in Deep Blue Links, and make sure no proxy or CDN in front keeps "
                + "/.well-known/ from it",
            appIDMissing:
                "set the Team ID and bundle ID in the app's settings on Deep Blue Links (the file lists the "
                + "app from them; they must match the app's signing). Apple's CDN can lag behind a "
                + "change: while testing, applinks:<domain>?mode=developer fetches the file directly"
        )
    }

    func coverageFix(_ link: URL) -> String {
        "Deep Blue writes the file's paths for the app's short links "
            + "(\(AASACoverage.siblingsPattern(link))): check the link is a short link of this app, on the "
            + "app's domain or one of its custom domains"
    }

    /// The probe: `POST <base>/api/links/resolve {"url": <link>}` with `Api-Key`.
    static func resolveRequest(baseURL: URL, apiKey: String, link: URL, timeout: TimeInterval) -> HTTPRequest {
        DoctorRunner.jsonPost(
            DoctorRunner.url(baseURL, resolvePath), body: ["url": link.absoluteString], headers: ["Api-Key": apiKey],
            timeout: timeout)
    }

    func serviceChecks(_ runner: DoctorRunner, link: URL) async -> (checks: [DoctorCheck], exchanges: [DoctorExchange])
    {
        await resolveLines(
            runner, link: link, key: Self.keyTable, apiLine: Self.apiLine,
            plainHTTPFix:
                "the app calls Deep Blue's API over HTTPS (App Transport Security refuses plain HTTP): give "
                + "its https:// origin in --base-url (default https://dev.thedbl.ink)",
            notContacted: "not contacted: give --api-key to send the resolve request",
            resolve: { Self.resolve($0, link: link) })
    }

    /// Whether `response` is Deep Blue's own JSON answer (`{status, message}` or a link), not another server's page.
    static func isDeepBlueAnswer(_ response: HTTPResponse) -> Bool {
        (try? JSONDecoder().decode(JSONValue.self, from: response.body))?.objectValue != nil
    }

    /// How Deep Blue's answers to the resolve request read for the key: a 404 in Deep Blue's own JSON is its
    /// answer about the link, so the key was accepted. The guide documents no 404 body, so a 404 without JSON
    /// is still "not a short link" for the link line, and says nothing of the key.
    static let keyTable: KeyProbeTable = {
        let accepted: @Sendable (KeyProbeTable.Answer) -> String = { answer in
            let sandbox =
                answer.object?["isSandbox"]?.boolValue == true
                ? ", a sandbox key (isSandbox: for debug builds; a release build ships the live key)" : ""
            return "\(answer.masked) is accepted\(sandbox): \(answer.summary)"
        }
        return KeyProbeTable(
            line: keyLine,
            noKey:
                "give --api-key to check the key the app ships (the sandbox key in debug builds, the live "
                + "key in release builds)",
            noAnswerFix:
                "the API did not answer: check --base-url (default https://dev.thedbl.ink) and that it is "
                + "reachable from here",
            masked: AppKeyKind.masked, message: BodyExcerpt.message,
            request: { key, runner, link in
                resolveRequest(baseURL: runner.options.baseURL, apiKey: key, link: link, timeout: runner.timeout)
            },
            rows: [
                .pass(200...200, accepted), .pass(404...404, when: { $0.object != nil }, accepted),
                .skip(404) {
                    "404 \($0.message): the guide's answer for a URL that is "
                        + "not a short link, but without Deep Blue's JSON it does not show the key was read (see "
                        + "the link line)"
                },
                .fail(
                    401, when: { AppKeyKind.of($0.key).isSecret },
                    detail: {
                        "401 \($0.message): \($0.masked) is \(AppKeyKind.of($0.key).secretName ?? ""), not "
                            + "the app's Deep Blue key"
                    },
                    fix: {
                        (AppKeyKind.of($0.key).secretFix ?? "")
                            + ". The app ships its Deep Blue API key (Deep Blue Links › the app's settings)"
                    }),
                .fail(401) {
                    "Deep Blue does not accept \($0.masked): copy the app's API key from Deep Blue Links "
                        + "into the app and into --api-key"
                },
                .fail(403) {
                    "Deep Blue refuses \($0.masked) (revoked, or not this app's): create a new key for the "
                        + "app and ship it"
                },
                .rateLimited(),
            ],
            otherwise: "unexpected answer to \(resolvePath): check --base-url and Deep Blue's status")
    }()

    /// `key.kind`: the resolve request with the key is answered, not refused.
    static func key(_ apiKey: String?, probe: DoctorExchange?) -> DoctorCheck {
        keyTable.check(probe, apiKey: apiKey)
    }

    /// `404 <message>`, and what it means when the message does not say it.
    private static func notAShortLink(_ message: String) -> String {
        if message.isEmpty { return "404 (no body): not a short link" }
        return message.lowercased().contains("short link") ? "404 \(message)" : "404 \(message): not a short link"
    }

    /// `link.resolve`: resolve answers 200 with the link's `longUrl`; a 404 means Deep Blue does not know it as
    /// a short link (an app then routes by the URL itself, which is not the link's destination).
    static func resolve(_ probe: DoctorExchange?, link: URL) -> DoctorCheck {
        guard let probe else {
            return resolveLine.skip("needs --api-key (the guide sends the app's key as Api-Key on every call)")
        }
        guard let response = probe.response, response.status == 200 || response.status == 404 else {
            return resolveLine.skip("needs the API to accept the key (see the key line)")
        }
        guard response.status == 200 else {
            let elsewhere =
                isDeepBlueAnswer(response)
                ? ""
                : "; if --base-url is not Deep Blue's API origin (default https://dev.thedbl.ink), every URL "
                    + "gets this 404"
            return resolveLine.fail(
                notAShortLink(BodyExcerpt.message(response.body)),
                fix:
                    "Deep Blue does not know \(link.absoluteString) as one of the app's short links (the "
                    + "app would route by the URL itself): check the link's code, and that "
                    + "\(link.host ?? "its domain") is the app's domain or one of its custom domains" + elsewhere
            )
        }
        let object = (try? JSONDecoder().decode(JSONValue.self, from: response.body))?.objectValue
        guard let longUrl = object?["longUrl"]?.stringValue, let destination = URL(string: longUrl) else {
            return resolveLine.fail(
                "200 without a longUrl: \(BodyExcerpt.line(response.body))",
                fix: "the app routes by longUrl: check the link has a destination in Deep Blue Links")
        }
        let linkID =
            object?["id"].map { value in
                " (id \(value.numberValue.map { String(Int($0)) } ?? value.stringValue ?? "?"))"
            } ?? ""
        let path = destination.path.isEmpty ? "/" : destination.path
        return resolveLine.pass("\(probe.summary): → \(longUrl)\(linkID); the app routes to \(path)")
    }
}
