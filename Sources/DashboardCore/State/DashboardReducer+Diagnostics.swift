import OptoLink

/// The SDK's diagnostics: requests, retries, links and matches on the timeline, the log and the panes.
extension DashboardReducer {
    static func reduceDiagnostic(_ state: inout DashboardState, _ event: DiagnosticEvent, time: Double) {
        state.origin = min(state.origin ?? time, time)
        state.now = max(state.now, time)
        switch event {
        case .requestStarted(let id, let endpoint, let attempt):
            updateRow(&state, id, endpoint) { row in
                row.attempts.append(TimelineAttempt(number: attempt, start: time))
            }
        case .responseReceived(let id, let endpoint, let attempt, let status, let duration):
            updateRow(&state, id, endpoint) { row in
                updateAttempt(&row, attempt, start: time - duration) {
                    $0.status = status
                    $0.duration = duration
                }
            }
        case .requestFailed(let id, let endpoint, let attempt, let reason, let duration):
            updateRow(&state, id, endpoint) { row in
                updateAttempt(&row, attempt, start: time - duration) {
                    $0.error = reason
                    $0.duration = duration
                }
            }
            appendLog(
                &state,
                LogLine(
                    time: time, level: .warning,
                    text: "\(requestName(state, endpoint)) #\(id) attempt \(attempt) failed: \(reason)"))
        case .retryScheduled(let id, let endpoint, let attempt, let delay):
            updateRow(&state, id, endpoint) { row in
                row.waits.append(BackoffWait(afterAttempt: attempt, start: time, delay: delay))
            }
            appendLog(
                &state,
                LogLine(
                    time: time, level: .info,
                    text:
                        "\(requestName(state, endpoint)) #\(id) retry after \(formatSeconds(delay)) "
                        + "(attempt \(attempt) failed)"))
        case .gaveUp(let id, let endpoint, let attempts, let reason):
            updateRow(&state, id, endpoint) { row in row.outcome = .gaveUp(attempts: attempts, reason: reason) }
            appendLog(
                &state,
                LogLine(
                    time: time, level: .error,
                    text: "\(requestName(state, endpoint)) #\(id) gave up after \(attempts) attempts: \(reason)")
            )
        case .requestFinished(let id, let endpoint, let attempts, let status):
            updateRow(&state, id, endpoint) { row in
                if case .gaveUp = row.outcome { return }
                row.outcome = .finished(status: status, attempts: attempts)
            }
        case .matchResult(let summary):
            state.sdkAttemptCounter += 1
            var attempt = MatchAttempt(
                id: "sdk-\(state.sdkAttemptCounter)", time: time, matched: summary != nil,
                method: summary?.method ?? "NONE",
                confidence: summary?.confidence, score: summary?.score,
                path: summary?.path, source: .sdk, matchType: summary?.matchType)
            if summary == nil { attempt.instead = instead(state) }
            insertAttempt(&state, attempt)
            appendLog(
                &state,
                LogLine(
                    time: time, level: .info,
                    text: summary.map { matchLine($0, name: state.methodName(of: $0)) }
                        ?? attempt.withoutMatchAnswer.map { "match: \($0), no link" } ?? "match: no match"))
        case .linkDelivered(let summary):
            state.lastDelivered = summary
            appendLog(
                &state,
                LogLine(
                    time: time, level: .info,
                    text:
                        "link delivered: \(summary.path) (\(state.methodName(of: summary))"
                        + "\(summary.isDeferred ? ", deferred" : ""))"))
        case .sessionRegistered(let deviceId, let firstSeenAt, let lastSeenAt):
            state.profile.deviceId = deviceId
            state.profile.firstSeenAt = firstSeenAt
            state.profile.lastSeenAt = lastSeenAt
            appendLog(&state, LogLine(time: time, level: .info, text: "session registered: \(deviceId)"))
        case .identityChanged(let externalId):
            state.profile.identity = externalId
            appendLog(
                &state,
                LogLine(
                    time: time, level: .info, text: externalId.map { "identity bound: \($0)" } ?? "identity cleared"))
        case .eventQueued(let name, let queued):
            state.profile.queuedEvents = queued
            appendLog(&state, LogLine(time: time, level: .info, text: "event queued: \(name) (\(queued) queued)"))
        case .eventSent(let name, let queued):
            state.profile.queuedEvents = queued
            appendLog(&state, LogLine(time: time, level: .info, text: "event sent: \(name) (\(queued) queued)"))
        case .eventDropped(let name, let reason):
            appendLog(&state, LogLine(time: time, level: .warning, text: "event dropped: \(name): \(reason)"))
        case .log(let level, let message):
            appendLog(&state, LogLine(time: time, level: level, text: message))
        }
    }

    /// What a first launch without a link got instead of the service's "no match" (a 2xx, or a status it
    /// documents: Deep Blue's 404), read on its last match request: no HTTP answer (failed, given up), or
    /// another status (a 429, a refusal). Nil for a "no match", or when no finished match request tells.
    static func instead(_ state: DashboardState) -> MatchAttempt.Instead? {
        guard let row = state.timeline.last(where: { $0.endpoint == Endpoint.match.rawValue }) else { return nil }
        switch row.outcome {
        case .finished(let status?, _): return row.isOrdinaryAnswer(status) ? nil : .answered(status)
        case .finished(nil, _), .gaveUp: return .unanswered
        case .pending: return nil
        }
    }

    /// `match: FINGERPRINT_SCORED medium score 79 → /promo/summer (detail)`, the method under its `name` on the
    /// run's service (``DashboardState/methodName(of:)``): what a service did not answer (AppsFlyer gives
    /// neither a confidence nor a score, Deep Blue no score) is left out, not shown as `-`.
    static func matchLine(_ summary: LinkSummary, name: String) -> String {
        var parts = ["match:", name]
        if let confidence = summary.confidence { parts.append(confidence) }
        if let score = summary.score { parts.append("score " + formatScore(score)) }
        parts.append("→ " + summary.path)
        return parts.joined(separator: " ") + (summary.serviceDetail.map { " (\($0))" } ?? "")
    }
}
