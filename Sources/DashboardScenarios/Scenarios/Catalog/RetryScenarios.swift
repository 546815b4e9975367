import DashboardCore
import DashboardProxy
import Foundation
import OptoLink

/// Retries and failures: 503s, a server down, a 429, a timeout.
enum RetryScenarios {
    static let flakyServer = Scenario(
        name: "flaky-server", links: [.main], needsDevEndpoints: true, withoutDevEndpoints: .proxyFaults,
        plan: { t in
            let p = t.profile
            let outcome = p.outcomeLabel(p.standardDeferred.decision)
            return (
                [
                    p.standardDeferred.sameNetwork ? "click on the same Wi-Fi" : "click from another network",
                    "fault: \(p.label(.match)) answers 503 twice", "first launch", "\(p.label(.match)) → 503, 503, 200",
                    "waits base, then 2×base", "the SDK waited them out", "\(outcome) after the retries",
                ],
                "\(p.label(.match)) answers 503 twice then succeeds: waits base then 2×base (1 s, 2 s by "
                    + "default), then \(outcome)"
            )
        },
        body: { ctx in
            let p = ctx.profile
            let device = await ctx.makeDevice()
            ctx.step(p.standardDeferred.sameNetwork ? "click on the same Wi-Fi" : "click from another network")
            try await ctx.standardClick(onto: device)
            ctx.step("fault: \(p.label(.match)) answers 503 twice")
            try await ctx.fault(.match, .status(503, retryAfter: nil), count: 2)
            ctx.step("first launch")
            let link = try await ctx.firstLaunch(device)
            ctx.step("\(p.label(.match)) → 503, 503, 200")
            let trace = try requireTrace(device.recorder.requests(to: .match).last)
            try check(trace.statuses == [503, 503, 200], "expected 503, 503, 200; got \(describe(trace))")
            ctx.step("waits base, then 2×base")
            let base = ctx.backoffBase
            let delays = trace.waits.map(\.delay)
            try check(
                delays.count == 2 && abs(delays[0] - base) < 1e-9 && abs(delays[1] - 2 * base) < 1e-9,
                "expected waits \(formatSeconds(base)), \(formatSeconds(2 * base)); got \(delays.map(formatSeconds))")
            ctx.step("the SDK waited them out")
            let elapsed = trace.elapsedWaits.compactMap { $0 }
            try check(
                elapsed.count == 2 && zip(elapsed, delays).allSatisfy { $0 >= $1 - 0.005 },
                "the SDK did not wait the scheduled delays: waited \(elapsed.map(formatSeconds))")
            ctx.step("\(p.outcomeLabel(p.standardDeferred.decision)) after the retries")
            try ctx.checkDeferred(link, p.standardDeferred.decision)
            return
                "\(describe(trace)) (waited \(elapsed.map(formatSeconds).joined(separator: ", "))) → \(describe(link))"
        })

    static let serverDown = Scenario(
        name: "server-down", needsDevEndpoints: false,
        plan: { t in
            let p = t.profile
            return (
                [
                    "first launch, nothing listening", "no link",
                    "\(p.label(.match)) gives up after 1 + maxRetries attempts", "waits base, then 2×base",
                    "first launch marked done",
                ],
                "nothing listens at the base URL: \(p.label(.match)) gives up after 1 + maxRetries "
                    + "attempts; the first launch is still marked done"
            )
        },
        body: { ctx in
            let p = ctx.profile
            let absent = UnusedPort()  // held bound (never listening) until the scenario ends
            defer { withExtendedLifetime(absent) {} }
            let device = await ctx.makeDevice(baseURL: absent.url)
            ctx.step("first launch, nothing listening")
            let link = try await ctx.firstLaunch(device)
            ctx.step("no link")
            try check(link == nil, "expected no link, got \(describe(link))")
            ctx.step("\(p.label(.match)) gives up after 1 + maxRetries attempts")
            let trace = try requireTrace(device.recorder.requests(to: .match).last)
            try check(
                trace.attempts.count == 1 + ctx.maxRetries,
                "expected \(1 + ctx.maxRetries) attempts, got \(describe(trace))")
            try check(trace.attempts.allSatisfy { $0.status == nil }, "expected no HTTP answer, got \(describe(trace))")
            try check(trace.gaveUpReason != nil, "the SDK did not report giving up: \(describe(trace))")
            ctx.step("waits base, then 2×base")
            let base = ctx.backoffBase
            try check(
                trace.waits.map(\.delay) == [base, 2 * base],
                "expected waits \(formatSeconds(base)), \(formatSeconds(2 * base)); got \(describe(trace))")
            ctx.step("first launch marked done")
            try check(await device.isFirstLaunchDone, "the first launch is not marked done after the failure")
            return "\(describe(trace)); first launch marked done"
        })

    static let rateLimited = Scenario(
        name: "rate-limited", needsDevEndpoints: true, withoutDevEndpoints: .proxyFaults,
        plan: { t in
            let p = t.profile
            let match = p.label(.match)
            return p.retriesRateLimited
                ? (
                    [
                        "fault: \(match) answers 429 once", "first launch",
                        "429, retried after max(base, Retry-After) → answered",
                        "no link",
                        "first launch marked done",
                    ],
                    "\(match) answers 429 once: the SDK retries it, as \(p.name)'s guide asks (one wait of "
                        + "max(base, Retry-After)), the retry answers no match (or a click already waiting from the "
                        + "address); first launch marked done"
                )
                : (
                    [
                        "fault: \(match) answers 429 once", "first launch", "one attempt → 429, not retried", "no link",
                        "first launch marked done",
                    ],
                    "\(match) answers 429: the SDK does not retry it (exactly one attempt), no link; "
                        + "first launch marked done"
                )
        },
        body: { ctx in
            let p = ctx.profile
            let device = await ctx.makeDevice()
            ctx.step("fault: \(p.label(.match)) answers 429 once")
            try await ctx.fault(.match, .rateLimited(retryAfter: 1), count: 1)
            ctx.step("first launch")
            let link = try await ctx.firstLaunch(device)
            let trace = try requireTrace(device.recorder.requests(to: .match).last)
            if p.retriesRateLimited {
                ctx.step("429, retried after max(base, Retry-After) → answered")
                // The retry's answer is the service's to choose (QubeRoute names no status for "no match").
                let retried = trace.statuses.count == 2 && trace.statuses[0] == 429
                try check(
                    retried && trace.statuses[1].map { $0 != 429 } == true,
                    "expected 429 then an answer, got \(describe(trace))")
                // The SDK waits the longer of its backoff and the answer's Retry-After (the server sends 1 s).
                let retryAfter = device.recorder.diagnostics.lazy.compactMap { record -> Double? in
                    guard let exchange = record.exchange, exchange.status == 429 else { return nil }
                    return exchange.responseHeaders.first { $0.name.lowercased() == "retry-after" }.flatMap {
                        Double($0.value)
                    }
                }.first
                let wait = max(ctx.backoffBase, retryAfter ?? 0)
                try check(
                    trace.waits.map(\.delay) == [wait],
                    "expected one wait of \(formatSeconds(wait)) (base \(formatSeconds(ctx.backoffBase)), Retry-After "
                        + "\(retryAfter.map(formatSeconds) ?? "none")), got \(describe(trace))")
            } else {
                ctx.step("one attempt → 429, not retried")
                try check(trace.statuses == [429], "expected exactly one attempt answered 429, got \(describe(trace))")
                try check(trace.waits.isEmpty && trace.gaveUpReason == nil, "a 429 was retried: \(describe(trace))")
            }
            ctx.step("no link")
            let outcome = try ctx.checkNoLink(link, expected: "no link (this run made no click)", ownPath: nil)
            ctx.step("first launch marked done")
            try check(await device.isFirstLaunchDone, "the first launch is not marked done")
            return "\(describe(trace))\(p.retriesRateLimited ? "" : ", not retried"); \(outcome); "
                + "first launch marked done"
        })

    /// Throws ``DashboardError/cannotCheck(_:)`` when the attempts after the first, which the fault did not
    /// delay, timed out at the scenario's 1 s too: the backend itself answers slower than that, so the retry
    /// cannot succeed here whatever the SDK does. `steps` (the open one and those to come) are left unchecked.
    static func slowBackend(_ ctx: ScenarioContext, _ trace: RequestTrace, steps: [String]) throws(DashboardError) {
        let retries = trace.attempts.dropFirst()
        guard !retries.isEmpty, retries.allSatisfy(\.timedOut) else {
            return
        }
        let reason =
            "the backend answered no attempt within the scenario's 1 s SDK timeout, not even the "
            + "\(retries.count == 1 ? "retry" : "\(retries.count) retries") the fault did not delay: it is slower "
            + "than 1 s here, so this run cannot show a timed-out attempt followed by a successful retry"
        ctx.leaveUnchecked(steps, because: "the backend is slower than the 1 s timeout")
        throw .cannotCheck(reason)
    }

    static let timeout = Scenario(
        name: "timeout", links: [.main], needsDevEndpoints: true, withoutDevEndpoints: .proxyFaults,
        plan: { t in
            let p = t.profile
            let outcome = p.outcomeLabel(p.standardDeferred.decision)
            return (
                [
                    p.standardDeferred.sameNetwork ? "click on the same Wi-Fi" : "click from another network",
                    "fault: \(p.label(.match)) delayed 2 s once", "first launch, SDK timeout 1 s",
                    "attempt 1 times out at 1 s", "one wait of base", "\(outcome) after the retry",
                ],
                "SDK timeout 1 s, a fault holds \(p.label(.match)) 2 s once: attempt 1 times out, is "
                    + "retried after base, attempt 2 succeeds"
            )
        },
        body: { ctx in
            let p = ctx.profile
            let device = await ctx.makeDevice(timeout: 1)
            ctx.step(p.standardDeferred.sameNetwork ? "click on the same Wi-Fi" : "click from another network")
            try await ctx.standardClick(onto: device)
            ctx.step("fault: \(p.label(.match)) delayed 2 s once")
            try await ctx.fault(.match, .delay(2), count: 1)
            ctx.step("first launch, SDK timeout 1 s")
            let link = try await ctx.firstLaunch(device)
            ctx.step("attempt 1 times out at 1 s")
            let trace = try requireTrace(device.recorder.requests(to: .match).last)
            try slowBackend(
                ctx, trace,
                steps: [
                    "attempt 1 times out at 1 s", "one wait of base",
                    "\(p.outcomeLabel(p.standardDeferred.decision)) after the retry",
                ])
            try check(
                trace.attempts.count == 2 && trace.attempts[0].status == nil && trace.attempts[1].status == 200,
                "expected a timeout then 200, got \(describe(trace))")
            let first = trace.attempts[0]
            try check(
                first.timedOut,
                "attempt 1 failed otherwise: \(first.error ?? "?")"
            )
            let duration = first.duration ?? 0
            try check(
                duration >= 0.9 && duration < 1.9,
                "attempt 1 ended after \(formatSeconds(duration)), not at the 1 s timeout")
            ctx.step("one wait of base")
            try check(
                trace.waits.map(\.delay) == [ctx.backoffBase],
                "expected one wait of \(formatSeconds(ctx.backoffBase)), got \(describe(trace))")
            ctx.step("\(p.outcomeLabel(p.standardDeferred.decision)) after the retry")
            try ctx.checkDeferred(link, p.standardDeferred.decision)
            return "timed out after \(formatSeconds(duration)), \(describe(trace)) → \(describe(link))"
        })
}
