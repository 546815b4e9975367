import DashboardCore
import DashboardProxy
import Foundation
import OptoLink

/// The install's life: a reinstall that matches again, identity before the first session, events refused and kept.
enum LifecycleScenarios {
    static let reinstallRematch = Scenario(
        name: "reinstall-rematch", links: [.main], needsDevEndpoints: false,
        plan: { t in
            let p = t.profile
            let outcome = p.outcomeLabel(p.standardDeferred.decision)
            return (
                [
                    "install #1: click, first launch → \(outcome)", "a new click, reinstall, first launch",
                    "install #2 with a new \(p.installIDName)", "install #2: deferred \(outcome) match",
                    "one \(p.label(.match)) per install",
                ],
                "after a deferred match, a new click and a reinstall give a new \(p.installIDName) (install "
                    + "#2) and a second deferred match"
            )
        },
        body: { ctx in
            let p = ctx.profile
            let decision = p.standardDeferred.decision
            let device = await ctx.makeDevice()
            ctx.step("install #1: click, first launch → \(p.outcomeLabel(decision))")
            try await ctx.standardClick(onto: device)
            let first = try await ctx.firstLaunch(device)
            let firstID = await device.deviceId
            do throws(DashboardError) { try ctx.checkDeferred(first, decision) } catch {
                throw DashboardError.scenario("install #1: \(error.message)")
            }
            ctx.step("a new click, reinstall, first launch")
            try await ctx.standardClick(onto: device)
            let second = try await ctx.firstLaunch(device)  // a reinstall, then the first launch of install #2
            ctx.step("install #2 with a new \(p.installIDName)")
            let secondID = await device.deviceId
            let install = await device.installNumber
            try check(install == 2, "expected install #2, got #\(install)")
            try check(
                !firstID.isEmpty && firstID != secondID, "the \(p.installIDName) survived the reinstall (\(firstID))")
            ctx.step("install #2: deferred \(p.outcomeLabel(decision)) match")
            do throws(DashboardError) { try ctx.checkDeferred(second, decision) } catch {
                throw DashboardError.scenario("install #2: \(error.message)")
            }
            ctx.step("one \(p.label(.match)) per install")
            let matches = device.recorder.requests(to: .match)
            try check(
                matches.count == 2 && Set(matches.map(\.launch)).count == 2,
                "expected one \(p.label(.match)) per install, got \(matches.count)")
            return "install #1 \(firstID.prefix(8))… and #2 \(secondID.prefix(8))… each matched \(describe(second))"
        })

    static let identityBeforeSession = Scenario(
        name: "identity-before-session", needs: [.identity], needsDevEndpoints: true,
        withoutDevEndpoints: .proxyFaults,
        plan: { _ in
            (
                [
                    "fault: /match answers 429 once", "first launch the backend never sees", "setIdentity(user-42)",
                    "/sdk/session → 200 before /sdk/identity → 2xx", "no request got 404", "identity bound",
                ],
                "the backend never saw the device (its /match got 429); setIdentity registers /sdk/session "
                    + "first, then binds: no 404"
            )
        },
        body: { ctx in
            let device = await ctx.makeDevice()
            ctx.step("fault: /match answers 429 once")
            try await ctx.fault(.match, .rateLimited(retryAfter: 1), count: 1)
            ctx.step("first launch the backend never sees")
            _ = try await ctx.firstLaunch(device)
            ctx.step("setIdentity(user-42)")
            let bound = try await device.setIdentity("user-42")
            try await ctx.waitFor(device, "the identity binding", unlessRefused: [.session, .identity]) { recorder in
                recorder.diagnostics.contains {
                    if case .identityChanged = $0.kind { return true }
                    return false
                }
            }
            try check(bound, "setIdentity returned false")
            ctx.step("/sdk/session → 200 before /sdk/identity → 2xx")
            let requests = device.recorder.requests
            let session = requests.firstIndex { $0.endpoint == .session }
            let identity = requests.firstIndex { $0.endpoint == .identity }
            try check(
                session != nil && identity != nil && session! < identity!,
                "expected /sdk/session before /sdk/identity, got "
                    + requests.map { "\($0.endpoint.rawValue) \($0.finalStatus.map(String.init) ?? "-")" }.joined(
                        separator: ", "))
            // The contract answers /sdk/session 200 and /sdk/identity with "binding state", no status named.
            let identityStatus = requests[identity!].finalStatus ?? 0
            try check(
                requests[session!].finalStatus == 200 && (200..<300).contains(identityStatus),
                "session → \(describe(requests[session!])), identity → \(describe(requests[identity!]))")
            ctx.step("no request got 404")
            let notFound = requests.filter { $0.statuses.contains(404) }
            try check(notFound.isEmpty, "a request got 404: \(notFound.map { $0.endpoint.rawValue })")
            ctx.step("identity bound")
            let profile = await device.profile()
            try check(profile.identity == "user-42", "the bound identity is \(profile.identity ?? "none")")
            return "match 429 → session 200 → identity \(identityStatus) (user-42), no 404"
        })

    static let oversizedEvent = Scenario(
        name: "oversized-event", needs: [.events], needsDevEndpoints: false,
        plan: { t in
            (
                [
                    "first launch", "track an oversized and a normal event", "the normal event is sent, alone",
                    "the oversized one never reached the queue", "the refusal is logged",
                ],
                "an event with 11 000 bytes of properties is refused locally (never sent); a normal event "
                    + "after it is sent"
                    + (t.service == .optoLink ? "" : " (\(t.profile.label(.events)))")
            )
        },
        body: { ctx in
            let p = ctx.profile
            let device = await ctx.makeDevice()
            ctx.step("first launch")
            _ = try await ctx.firstLaunch(device)
            ctx.step("track an oversized and a normal event")
            let queuedBig = try await device.trackEvent(
                "oversized", properties: ["blob": .string(String(repeating: "x", count: 11_000))])
            let queuedSmall = try await device.trackEvent("small", properties: ["n": .number(1)])
            try check(!queuedBig, "the oversized event was queued")
            try check(queuedSmall, "the normal event was refused")
            ctx.step("the normal event is sent, alone")
            try await ctx.waitFor(device, "the normal event to be sent", unlessRefused: [.events]) { recorder in
                recorder.diagnostics.contains {
                    if case .eventSent(name: "small", _) = $0.kind { return true }
                    return false
                }
            }
            let records = device.recorder.diagnostics
            let events = device.recorder.requests(to: .events)
            try check(
                events.count == 1, "expected one \(p.label(.events)) request (the normal event), got \(events.count)")
            try check(
                events[0].finalStatus.map(p.eventAnswers.contains) == true,
                "expected the normal event answered \(p.eventAnswersText), got \(describe(events[0]))")
            ctx.step("the oversized one never reached the queue")
            try check(
                !records.contains {
                    if case .eventQueued(name: "oversized", _) = $0.kind { return true }
                    return false
                },
                "the oversized event reached the queue")
            ctx.step("the refusal is logged")
            let refusal = records.compactMap { record -> String? in
                if case .log(.error, let message) = record.kind, message.contains("refused") { return message }
                return nil
            }.first
            try check(refusal != nil, "no error was logged for the refusal")
            return
                "refused locally (\(refusal ?? "")); the only \(p.label(.events)) request carried the "
                + "normal event → \(events[0].finalStatus.map(String.init) ?? "-")"
        })

    static let offlineEventsFlush = Scenario(
        name: "offline-events-flush", needs: [.events], needsDevEndpoints: true, withoutDevEndpoints: .proxyFaults,
        plan: { t in
            let p = t.profile
            let events = p.label(.events)
            let batched = p.eventBatchSize > 1
            return (
                [
                    "first launch", "fault: \(events) answers 503", "track e1, e2, e3",
                    "every event sent once the server is back", "an \(events) request failed (the outage)",
                    "sent in order: e1, e2, e3",
                    batched
                        ? "batches → \(p.eventAnswersText), each event once, queue empty"
                        : "3 requests → \(p.eventAnswersText), queue empty",
                ],
                "3 events tracked while the server refuses \(events) (503) are kept, then all sent in order "
                    + "once it is back"
                    + (batched ? " (the SDK sends batches of up to \(p.eventBatchSize))" : "")
            )
        },
        body: { ctx in
            let p = ctx.profile
            let device = await ctx.makeDevice()
            ctx.step("first launch")
            _ = try await ctx.firstLaunch(device)
            ctx.step("fault: \(p.label(.events)) answers 503")
            // 503 rather than a dropped connection: FoundationNetworking hangs until the timeout when the server
            // closes a reused keep-alive connection without answering a POST (see the README's known limits).
            try await ctx.fault(.events, .status(503, retryAfter: nil), count: 1 + ctx.maxRetries)
            ctx.step("track e1, e2, e3")
            let names = ["e1", "e2", "e3"]
            for name in names {
                try check(
                    try await device.trackEvent(name, properties: ["order": .string(name)]), "\(name) was refused")
            }
            ctx.step("every event sent once the server is back")
            try await ctx.waitFor(device, "every event to be sent", timeout: 60, unlessRefused: [.events]) { recorder in
                recorder.diagnostics.contains {
                    if case .eventSent(name: "e3", _) = $0.kind { return true }
                    return false
                }
            }
            let sent = device.recorder.diagnostics.compactMap { record -> String? in
                if case .eventSent(let name, _) = record.kind { return name }
                return nil
            }
            let events = device.recorder.requests(to: .events)
            let failed = events.filter { $0.gaveUpReason != nil }
            ctx.step("an \(p.label(.events)) request failed (the outage)")
            try check(
                !failed.isEmpty,
                "no \(p.label(.events)) request failed: the outage did not happen (\(events.map(describe)))")
            ctx.step("sent in order: e1, e2, e3")
            try check(sent == names, "expected \(names) sent in order, got \(sent)")
            let answered = events.filter { $0.finalStatus.map(p.eventAnswers.contains) == true }.count
            if p.eventBatchSize > 1 {
                ctx.step("batches → \(p.eventAnswersText), each event once, queue empty")
                try check(
                    (1...names.count).contains(answered),
                    "expected 1–3 batches answered \(p.eventAnswersText), got \(events.map(describe))")
                try check(sent.count == names.count, "expected each event sent once, got \(sent)")
            } else {
                ctx.step("3 requests → \(p.eventAnswersText), queue empty")
                try check(
                    answered == names.count,
                    "expected 3 requests answered \(p.eventAnswersText), got \(events.map(describe))")
            }
            let queued = await device.profile().queuedEvents
            try check(queued == 0, "\(queued) events are still queued")
            return "outage: \(describe(failed[0])); then sent \(sent.joined(separator: ", ")) in order, queue empty"
        })
}
