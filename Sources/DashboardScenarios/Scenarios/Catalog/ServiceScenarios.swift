import DashboardCore
import Foundation
import OptoLink

/// The scenarios about one service each (a SKIP under the others): QubeRoute's event deduplication and
/// its once-per-install match, Deep Blue's "not a short link" 404 and its URL scheme, AppsFlyer's signature.
enum ServiceScenarios {
    // MARK: QubeRoute

    static let eventsIdempotent = Scenario(
        name: "events-idempotent", onlyFor: .quberoute,
        because: "it checks QubeRoute's eventId deduplication (a retried batch counts once)",
        needsDevEndpoints: true,
        withoutDevEndpoints: .skip("needs /dev/quberoute/installs to count the install's events"),
        plan: { _ in
            (
                [
                    "first launch", "fault: /api/v1/sdk/events answers after the SDK's 1 s timeout, once",
                    "track purchase", "attempt 1 times out, the retry → 200", "both attempts carry one eventId",
                    "the server counts the event once",
                ],
                "a batch the server read but whose answer was lost is retried with the same eventId: "
                    + "/dev/quberoute/installs counts the event once"
            )
        },
        body: { ctx in
            let device = await ctx.makeDevice(timeout: 1)
            ctx.step("first launch")
            _ = try await ctx.firstLaunch(device)
            ctx.step("fault: /api/v1/sdk/events answers after the SDK's 1 s timeout, once")
            // The server reads the batch, waits 2 s, then records it and answers: the SDK has given up on that
            // attempt after 1 s and sends the same batch again.
            try await ctx.fault(.events, .delay(2), count: 1)
            ctx.step("track purchase")
            try check(
                try await device.trackEvent("purchase", properties: ["sku": .string("spring-box")]),
                "the event was refused")
            try await ctx.waitFor(device, "the event to be sent", unlessRefused: [.events]) { recorder in
                recorder.diagnostics.contains {
                    if case .eventSent(name: "purchase", _) = $0.kind { return true }
                    return false
                }
            }
            ctx.step("attempt 1 times out, the retry → 200")
            let trace = try requireTrace(device.recorder.requests(to: .events).last)
            try check(
                trace.attempts.count == 2 && trace.attempts[0].status == nil && trace.attempts[1].status == 200,
                "expected a timeout then 200, got \(describe(trace))")
            ctx.step("both attempts carry one eventId")
            let bodies = device.recorder.diagnostics.compactMap { record -> String? in
                guard let exchange = record.exchange, exchange.endpoint.contains("events") else { return nil }
                return exchange.requestBody?.text
            }
            let ids = Set(bodies.flatMap(eventIDs))
            try check(
                bodies.count >= 2 && ids.count == 1,
                "expected 2 attempts with one eventId, got \(bodies.count) with \(ids)"
            )
            ctx.step("the server counts the event once")
            // The delayed first attempt is recorded 2 s after it arrived, after the retry: the server refuses
            // it then as a duplicate. Until that refusal shows, the batch has not been read twice yet.
            let install = try await refusedOnce(device, ctx: ctx)
            let events = install["events"] as? [[String: Any]] ?? []
            let counted = events.filter { $0["eventId"] as? String == ids.first }.count
            try check(
                counted == 1 && (install["eventCount"] as? NSNumber)?.intValue == 1
                    && (install["duplicateEvents"] as? NSNumber)?.intValue == 1,
                "expected the event counted once and refused once, /dev/quberoute/installs has \(counted) "
                    + "(eventCount \(install["eventCount"] ?? "?"), duplicateEvents "
                    + "\(install["duplicateEvents"] ?? "?"))"
            )
            return "\(describe(trace)); eventId \(ids.first ?? "?") sent twice, counted once, the resent one refused"
        })

    /// The device's install on `/dev/quberoute/installs` once it shows a refused event (`duplicateEvents`),
    /// polled every 100 ms for at most 10 s (the delayed attempt is read 2 s after it arrived).
    private static func refusedOnce(_ device: SimulatedDevice, ctx: ScenarioContext) async throws -> [String: Any] {
        let deadline = Date().addingTimeInterval(10)
        while true {
            let install = try await ctx.environment.backend.quberouteInstall(installToken: device.deviceId)
            if let install, ((install["duplicateEvents"] as? NSNumber)?.intValue ?? 0) >= 1 { return install }
            guard Date() < deadline else {
                throw DashboardError.scenario(
                    "the resent batch was never refused in 10 s: /dev/quberoute/installs shows "
                        + "duplicateEvents \(install?["duplicateEvents"] ?? "?") (a server without the field is older)")
            }
            try await Task.sleep(nanoseconds: 100_000_000)
        }
    }

    /// The `eventId`s in a QubeRoute events body.
    private static func eventIDs(_ body: String) -> [String] {
        guard let object = try? JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any],
            let events = object["events"] as? [[String: Any]]
        else { return [] }
        return events.compactMap { $0["eventId"] as? String }
    }

    static let matchOnce = Scenario(
        name: "match-once", onlyFor: .quberoute,
        because: "it checks QubeRoute's once-per-install match (already_attributed)", links: [.main],
        needsDevEndpoints: false,
        plan: { _ in
            (
                [
                    "click on the same Wi-Fi, first launch → a probabilistic match", "relaunch: no second match",
                    "the first-launch flag is lost, launch again", "/api/v1/sdk/match → already_attributed, no link",
                    "one match per launch sequence, none on its own",
                ],
                "a second first-launch sequence on the same install gets already_attributed (no link); "
                    + "the SDK never sends a second match on its own"
            )
        },
        body: { ctx in
            let device = await ctx.makeDevice()
            ctx.step("click on the same Wi-Fi, first launch → a probabilistic match")
            try await ctx.standardClick(onto: device)
            let first = try await ctx.firstLaunch(device)
            try ctx.checkDeferred(first, .ipFuzzy)
            ctx.step("relaunch: no second match")
            try await device.relaunch()
            _ = await device.resolveDeferredLink()
            try check(
                device.recorder.requests(to: .match).count == 1,
                "the relaunch sent another match (\(device.recorder.requests(to: .match).count))")
            ctx.step("the first-launch flag is lost, launch again")
            await device.forgetFirstLaunch()
            try await device.relaunch()
            let launch = await device.launchCount
            let second = await device.resolveDeferredLink()
            try await ctx.waitFor(device, "the second match's result") { recorder in
                recorder.diagnostics.contains { record in
                    if case .matchResult = record.kind { return record.launch == launch }
                    return false
                }
            }
            ctx.step("/api/v1/sdk/match → already_attributed, no link")
            try check(second == nil, "expected no link from the second match, got \(describe(second))")
            let answers = device.recorder.diagnostics.compactMap { record -> String? in
                guard let exchange = record.exchange, record.launch == launch, exchange.endpoint.contains("match")
                else {
                    return nil
                }
                return exchange.responseBody?.text
            }
            // The answer the SDK ended on (an attempt before it, a 429 say, may have been retried); the guide names
            // the reason and no status for it. Read as JSON: any character of it may be written escaped.
            let reason = answers.last.flatMap { text in
                (try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])?["reason"] as? String
            }
            try check(
                reason == "already_attributed",
                "expected the second match's answer to carry reason already_attributed, got \(answers)")
            ctx.step("one match per launch sequence, none on its own")
            let matches = device.recorder.requests(to: .match)
            try check(
                matches.count == 2,
                "expected exactly 2 matches (one per first-launch sequence), got \(matches.count): "
                    + "\(matches.map(describe))")
            return
                "install token \(await device.deviceId.prefix(8))…: first match \(describe(first)), second "
                + "already_attributed"
        })

    // MARK: Deep Blue Links

    static let notAShortLink = Scenario(
        name: "not-a-short-link", onlyFor: .deepBlue,
        because: "it checks Deep Blue's 404 from resolve (route by the URL itself)", links: [.notALink],
        needsDevEndpoints: false,
        plan: { t in
            let url = t.link(.notALink)?.url.absoluteString ?? "a URL on the link domain that is no short link"
            let path = t.pathLabel(.notALink)
            return (
                [
                    "first launch", "open \(url)", "/api/links/resolve → 404, not retried",
                    "routed by the URL itself: \(path)",
                ],
                "a URL on the link domain that is no short link: resolve answers 404 and the SDK delivers "
                    + "\(path) (notShortLink) instead of an error"
            )
        },
        body: { ctx in
            let device = await ctx.makeDevice()
            ctx.step("first launch")
            _ = try await ctx.firstLaunch(device)
            let notALink = try ctx.link(.notALink)
            ctx.step("open \(notALink.url.absoluteString)")
            // Only the request's body names the link domain: it goes to the backend, never to that host.
            let returned = try await device.open(url: notALink.url)
            try await ctx.waitFor(device, "the resolve request to finish") { recorder in
                let data = recorder.requests(to: .linkData)
                return !data.isEmpty && data.allSatisfy(\.isFinished)
            }
            ctx.step("/api/links/resolve → 404, not retried")
            let trace = try requireTrace(device.recorder.requests(to: .linkData).last)
            try check(trace.statuses == [404] && trace.waits.isEmpty, "expected one 404, got \(describe(trace))")
            let path = ctx.target.pathLabel(.notALink)
            ctx.step("routed by the URL itself: \(path)")
            // Routed by the URL itself: its path, and its query as the link's parameters.
            let query = URLComponents(url: notALink.url, resolvingAgainstBaseURL: false)?.queryItems ?? []
            let params = query.map { "\($0.name) \($0.value ?? "")" }.joined(separator: ", ")
            try check(
                returned?.path == notALink.url.path
                    && query.allSatisfy { returned?.params[$0.name] == .string($0.value ?? "") }
                    && returned?.providerFields["notShortLink"] == .bool(true),
                "expected \(path) (\(params.isEmpty ? "" : params + ", ")notShortLink), got \(describe(returned))")
            return "resolve → 404; delivered \(describe(returned)) with notShortLink"
        })

    static let customScheme = Scenario(
        name: "custom-scheme", onlyFor: .deepBlue, because: "it checks Deep Blue's URL schemes (myapp://)",
        needsDevEndpoints: false,
        plan: { _ in
            (
                [
                    "first launch", "open myapp://products/1234", "CUSTOM_SCHEME /products/1234 delivered",
                    "no request sent",
                ],
                "myapp://products/1234 routes to /products/1234 (CUSTOM_SCHEME) without a request"
            )
        },
        body: { ctx in
            let device = await ctx.makeDevice()
            ctx.step("first launch")
            _ = try await ctx.firstLaunch(device)
            let before = device.recorder.requests.count
            ctx.step("open myapp://products/1234")
            let returned = try await device.open(url: URL(string: "myapp://products/1234")!)
            try await ctx.waitFor(device, "the link on the link stream") {
                $0.links.contains { $0.matchType == .customScheme }
            }
            ctx.step("CUSTOM_SCHEME /products/1234 delivered")
            try check(
                returned?.matchType == .customScheme && returned?.path == "/products/1234",
                "expected CUSTOM_SCHEME /products/1234, got \(describe(returned))")
            ctx.step("no request sent")
            let after = device.recorder.requests.count
            try check(after == before, "opening the scheme URL sent \(after - before) request(s)")
            return "\(describe(returned)), no request"
        })

    // MARK: AppsFlyer

    static let signature = Scenario(
        name: "signature", onlyFor: .appsFlyer, because: "it checks AppsFlyer's af_sig", links: [.main],
        needsDevEndpoints: false,
        plan: { _ in
            (
                [
                    "click on the same Wi-Fi", "first launch, the backend signs with the DevKey",
                    "signed request → 200, found", "another install's backend signs with a wrong DevKey",
                    "refused (4xx), not retried, shown in the log",
                ],
                "the request the app's backend signs is accepted (found); one signed with a wrong DevKey is "
                    + "refused with a 4xx, not retried"
            )
        },
        body: { ctx in
            let good = await ctx.makeDevice(clipboardEnabled: false)
            ctx.step("click on the same Wi-Fi")
            try await ctx.standardClick(onto: good)
            ctx.step("first launch, the backend signs with the DevKey")
            let link = try await ctx.firstLaunch(good)
            ctx.step("signed request → 200, found")
            let signed = try requireTrace(good.recorder.requests(to: .match).last)
            try check(signed.statuses == [200], "expected the signed request answered 200, got \(describe(signed))")
            // The request the SDK sent: af_sig in the query, the device's address (as the backend sees it)
            // as ip in the body
            let sent = good.recorder.diagnostics.compactMap(\.exchange).first { $0.url.contains("af_sig=") }
            let ip = "\"ip\":\"\(await good.settings.addressSeenByBackend(good.networkAddress))\""
            let appID = ctx.target.appID ?? ""
            try check(
                sent?.url.contains("/ios/\(appID)?af_sig=") == true
                    && sent?.requestBody?.text.contains(ip) == true,
                "expected POST /ios/\(appID)?af_sig=… with \(ip), got \(sent?.url ?? "no request")")
            try ctx.checkDeferred(link, .fingerprintExact)
            ctx.step("another install's backend signs with a wrong DevKey")
            let bad = await ctx.makeDevice(clipboardEnabled: false, devKey: DevKey(rawValue: "wrongDevKey0000000000"))
            let none = try await ctx.firstLaunch(bad)
            ctx.step("refused (4xx), not retried, shown in the log")
            let refused = try requireTrace(bad.recorder.requests(to: .match).last)
            try check(none == nil, "a link came through a refused signature: \(describe(none))")
            let status = (refused.statuses.first ?? nil) ?? 0
            let answer =
                bad.recorder.diagnostics.compactMap { $0.exchange }.last { $0.status == status }?
                .responseBody?.text ?? ""
            if ctx.environment.engineKnown {
                // The reference emulation's answer: seed 003 documents a 400 with a code.
                try check(refused.statuses == [400], "expected one attempt answered 400, got \(describe(refused))")
                try check(answer.contains("invalid_signature"), "no answer carried the code invalid_signature")
            } else {
                try check(
                    refused.statuses.count == 1 && (400..<500).contains(status) && status != 429,
                    "expected one attempt refused with a 4xx (seed 003 documents 400), got \(describe(refused))")
            }
            ctx.note(
                level: .error, "AppsFlyer refused the wrong DevKey's signature: \(status) \(BodyExcerpt.line(answer))")
            return
                "signed with the DevKey → 200 \(describe(link)); wrong DevKey → \(status) \(BodyExcerpt.line(answer))"
        })
}
