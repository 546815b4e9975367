import Foundation

/// The newest match attempts (at most 500) with every candidate's points, for `/dev/match-attempts`.
final class AttemptLog: Sendable {
    static let capacity = 500

    /// One attempt, already in its wire shape.
    struct Entry: Sendable {
        var deviceId: String?
        var json: JSON
    }

    private let entries = Locked([Entry]())
    private let counter = Locked(0)

    /// Records an attempt.
    func record(input: MatchEngine.Input, decision: MatchEngine.Decision, ip: String, now: Date) {
        let number = counter.withLock { n -> Int in n += 1; return n }
        var request = [String: JSON]()
        if let v = input.clipboardToken { request["clipboardToken"] = .string(v) }
        if let v = input.installReferrer { request["installReferrer"] = .string(v) }
        if let v = input.fingerprint.platform { request["platform"] = .string(v) }
        if let v = input.fingerprint.osVersion { request["osVersion"] = .string(v) }
        if let v = input.fingerprint.deviceModel { request["deviceModel"] = .string(v) }
        if let v = input.fingerprint.language { request["language"] = .string(v) }
        if let v = input.fingerprint.timezone { request["timezone"] = .string(v) }
        let candidates: [JSON] = decision.candidates.map { c in
            .object(["linkId": .string(c.record.linkId), "shortCode": .string(c.record.shortCode), "path": .string(c.record.path),
                     "recordedAt": .string(ISOTime.string(c.record.recordedAt)), "ageSeconds": .number((c.age * 10).rounded() / 10),
                     "points": c.points.json, "total": .number(Double(c.points.total))])
        }
        let json: JSON = .object([
            "id": .string("att_\(number)"), "at": .string(ISOTime.string(now)),
            "deviceId": input.deviceId.map(JSON.string) ?? .null, "ip": .string(ip),
            "request": .object(request), "result": MatchEngine.responseJSON(decision.result).droppingParams,
            "guardFired": .bool(decision.guardFired), "threshold": .number(Double(Scoring.threshold)),
            "candidates": .array(candidates),
        ])
        entries.withLock { list in
            list.append(Entry(deviceId: input.deviceId, json: json))
            if list.count > AttemptLog.capacity { list.removeFirst(list.count - AttemptLog.capacity) }
        }
    }

    /// Newest first, optionally only one device's.
    func recent(deviceId: String?, limit: Int) -> [JSON] {
        entries.withLock { list in
            Array(list.reversed().lazy.filter { deviceId == nil || $0.deviceId == deviceId }.prefix(limit).map(\.json))
        }
    }
}
