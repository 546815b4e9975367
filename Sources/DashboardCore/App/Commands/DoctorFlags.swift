import DashboardCommandLine
import Foundation

extension DashCommands {
    /// `optolink-dash doctor`.
    static let doctorCommand = CommandSpec(
        doctor,
        summary: """
            check a real deployment, line by line: optolink-dash doctor --base-url URL --org-key KEY
            [--api-key KEY] [--team-id ID --bundle-id ID] [--link CODE] [--json]
            (see optolink-dash doctor --help and docs/doctor.md)
            """,
        overview: """
            optolink-dash doctor: checks a real deployment, line by line, and says what to fix.

            USAGE: optolink-dash doctor --base-url URL --org-key KEY [--api-key KEY] [--team-id ID --bundle-id ID]
                                        [--link CODE|URL] [--json] [--timeout SECONDS]
                   optolink-dash doctor --provider quberoute|deepblue --link URL [--base-url URL] [--api-key KEY]
                                        [--team-id ID --bundle-id ID] [--json] [--timeout SECONDS]
                   optolink-dash doctor --provider appsflyer --link URL --app-id ID [--dev-key KEY] [--base-url URL]
                                        [--team-id ID --bundle-id ID] [--json] [--timeout SECONDS]

            CHECKS (OptoLink, the default --provider): the host answers, over HTTPS (plain HTTP only for a loopback
                    test server); /health; /.well-known/apple-app-site-association (200 without a redirect,
                    Content-Type application/json, at most 128 KB, valid JSON, your app ID, a component covering
                    /<org>/*, Cache-Control); the key is a CLIENT key (a call that changes nothing); the link's /data,
                    a click on it in a simulated Safari (its page's click token) and that token on /match; the clock
                    skew from the Date header (warns past 60 s).
            CHECKS (QubeRoute, Deep Blue Links, AppsFlyer): the link's host answers, over HTTPS; the association file
                    on the link's host (the same lines, covering the link's path); the API over HTTPS; the key's kind
                    (a QubeRoute secret key qr_sk_… or an AppsFlyer DevKey where an app's key belongs is named); the
                    link through the service's API (QubeRoute and Deep Blue resolve it; AppsFlyer has no resolve API:
                    a simulated Safari clicks it and the click must get through, and with --dev-key a request signed
                    as the app's backend must find that click); the clock skew.
                    What each line means, what it sends and what it leaves behind: docs/doctor.md.
            """,
        groups: [
            CommandSpec.Group("", "OPTIONS (every service)"), CommandSpec.Group("optolink", "OPTIONS (OptoLink)"),
            CommandSpec.Group("appsflyer", "OPTIONS (AppsFlyer)"),
        ],
        footer: """
            EXIT CODES: 0 every check passed (warnings and skips allowed), 1 a check failed, 2 bad arguments,
                        4 the host did not answer at all (refused, DNS, TLS, timeout): OptoLink's --base-url, the
                        other services' link host.
            Output is coloured only on a terminal, and never when NO_COLOR is set (non-empty, as for the dashboard).
            """, column: 22)

    /// The flags of `doctor`.
    static let doctorFlags: [FlagSpec] = [
        FlagSpec(
            ["--provider"], .choice(serviceNames), value: "NAME",
            help: "optolink (default), quberoute, deepblue or appsflyer", commands: [doctor]),
        FlagSpec(
            ["--base-url"], .url("a URL such as https://links.example.com"), value: "URL",
            help: """
                OptoLink: the link domain, e.g. https://links.example.com (required). The others: the
                API origin (default https://app.quberoute.com for QubeRoute, https://dev.thedbl.ink for
                Deep Blue Links, the S2S API https://dls2s.appsflyer.com/v1.0 for AppsFlyer)
                """, commands: [doctor]),
        FlagSpec(
            ["--link"], .string("a short link (OptoLink: its short code, e.g. summer, or its URL)"),
            value: "CODE|URL",
            help: """
                OptoLink: a short code of the org (or its URL, https://<base-url host>/<org>/<code>):
                checks /data, clicks it and matches the page's token on /match. This counts two clicks;
                the doctor's own click is claimed so no phone matches it.
                QubeRoute, Deep Blue Links (e.g. https://<app>.dev.thedbl.ink/<code>), AppsFlyer (a
                OneLink): the short link (required); the association file is read on its host.
                """, commands: [doctor]),
        FlagSpec(
            ["--api-key"], .string("the key the app ships (opl_sdk_…, qr_live_…, a Deep Blue key)"), value: "KEY",
            help: """
                the key the app ships, checked to be of the right kind. OptoLink: proven a CLIENT key by
                POST /sdk/identity/clear for a random device (404 = valid CLIENT key, 401 = wrong key,
                403 = a SERVER key); nothing is stored. QubeRoute (qr_live_… or qr_test_…): POST
                /api/v1/sdk/resolve of --link with a throwaway install token (401 = wrong key, 403 = refused).
                Deep Blue Links (Api-Key): POST /api/links/resolve of --link (200 = resolved, 404 = not
                a short link, 401 = wrong key, 403 = refused). A secret key (qr_sk_…) or an AppsFlyer
                DevKey is named and never sent; AppsFlyer's app ships no key.
                """, commands: [doctor]),
        FlagSpec(
            ["--team-id"], .string("the Apple Team ID (10 characters, e.g. ABCDE12345)"), value: "ID",
            help: "with --bundle-id: the app ID <teamId>.<bundleId> the AASA must list", commands: [doctor]),
        FlagSpec(
            ["--bundle-id"], .string("the app's bundle id (e.g. com.example.app)"), value: "ID", help: "",
            commands: [doctor]),
        FlagSpec(
            ["--json"], help: "one JSON document on stdout (schema in docs/doctor.md) instead of the checklist",
            commands: [doctor]),
        FlagSpec(
            ["--timeout"], .integer("whole seconds", NumberRange(from: 1, through: 120)), value: "SECONDS",
            help: "per request, whole seconds 1–120 (default 10)", commands: [doctor]),
        FlagSpec(
            ["--org-key"], .string("an org key (4 letters or digits)"), value: "KEY",
            help: "the org's 4-character key (required)", commands: [doctor], group: "optolink"),
        FlagSpec(
            ["--app-id"], .string("the AppsFlyer app id (id and the app's Apple ID, e.g. id123456789)"), value: "ID",
            help: "the app id, id and the app's Apple ID (required)", commands: [doctor], group: "appsflyer"),
        FlagSpec(
            ["--dev-key"], .string("the AppsFlyer DevKey (Configuration › App Settings)"), value: "KEY",
            help: """
                the DevKey: the doctor signs one S2S request as the app's backend, for its own click
                (only when the link's host is 127.0.0.1: elsewhere it cannot know the address
                AppsFlyer saw the click from). Never put the DevKey in an app.
                """, commands: [doctor], group: "appsflyer"),
    ]
}
