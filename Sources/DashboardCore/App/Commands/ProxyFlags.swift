import DashboardCommandLine
import Foundation

extension DashCommands {
    /// `optolink-dash proxy`.
    static let proxyCommand = CommandSpec(
        proxy,
        summary: """
            the fault proxy alone: optolink-dash proxy --upstream URL [--listen HOST:PORT]
            [--fault RULE]... (see optolink-dash proxy --help and docs/proxy.md)
            """,
        overview: """
            optolink-dash proxy: the dashboard's fault proxy alone, between an app (or the SDK) and any OptoLink
            backend.

            USAGE: optolink-dash proxy --upstream URL [--listen HOST:PORT] [--fault RULE]... [--link [ROLE=]URL]...
                                       [--upstream-timeout SECONDS] [--log]
            """,
        footer: """
            On a terminal it has a screen of its own: every request (the injected ones marked), the pending
            faults, f the fault menu (as in the dashboard, for every route), c clear, b click the main --link,
            ↑↓ scroll, q quit. Without a terminal (or with --log), each line on stdin is a RULE, or `list` (pending
            rules), `clear`, or `click [ROLE]` (the simulated browser clicks that --link, main by default).
            Every answer the proxy wrote or changed carries X-OptoLink-Injected: proxy.
            EXIT CODES: 0 stopped, 2 bad arguments, 3 cannot listen.
            """)

    /// The flags of `proxy`.
    static let proxyFlags: [FlagSpec] = [
        FlagSpec(
            ["--upstream"], .url("the backend's URL, e.g. http://127.0.0.1:8787"), value: "URL",
            help: "the backend (http:// or https://); requests keep their path and query.", commands: [proxy]),
        FlagSpec(
            ["--listen"], .string("HOST:PORT, e.g. 127.0.0.1:8790"), value: "HOST:PORT",
            help: "where the proxy listens (default 127.0.0.1:8788; port 0 picks a free one).", commands: [proxy]),
        FlagSpec(
            ["--fault"], .string("a fault rule (see --help)"), value: "RULE",
            help: """
                a fault for the next requests, e.g. route=match,status=503,count=2
                (keys: route, count, status, retry-after, delay, drop=before|after,
                trickle=BYTES/SECONDS, pass; see docs/proxy.md). Repeatable.
                """, commands: [proxy], repeats: true),
        FlagSpec(
            ["--link"], .string(linkValue), value: "[ROLE=]URL",
            help: """
                a short link the dashboard's simulated Safari clicks on request (b on the screen,
                `click [ROLE]` on stdin): every hop (redirects, meta refreshes, the stop before the
                App Store) is printed. Roles as optolink-dash --help says; repeatable.
                """, commands: [proxy], repeats: true),
        FlagSpec(
            ["--upstream-timeout"], .number("seconds", NumberRange(from: 1)), value: "S",
            help: "seconds a forwarded request may take (default 30).", commands: [proxy]),
        FlagSpec(["--log"], help: "a log line per request on stdout even on a terminal.", commands: [proxy]),
    ]
}
