import Foundation

/// The newest match attempts (at most 500) with every candidate's points, for `/dev/match-attempts`.
final class AttemptLog: Sendable {
    static let capacity = 500

    /// One attempt, already in its wire shape.
    struct Entry: Sendable {
        var deviceId: String?
        /// `optolink`, or the emulated service that matched (`quberoute`, `deepblue`, `appsflyer`).
        var service: String
        var json: JSON
    }

    /// The newest `capacity` entries in a ring: `items[next...]` then `items[..<next]` is oldest to newest
    /// once it is full (removing the oldest from the front of an array moved 500 entries per attempt).
    private struct Ring {
        var items: [Entry] = []
        var next = 0

        mutating func append(_ entry: Entry) {
            if items.count < AttemptLog.capacity {
                items.append(entry)
            } else {
                items[next] = entry
                next = (next + 1) % AttemptLog.capacity
            }
        }

        /// The `i`-th newest entry (0 = the newest).
        func newest(_ i: Int) -> Entry {
            items[((next - 1 - i) % items.count + items.count) % items.count]
        }
    }

    private let entries = Locked(Ring())
    private let counter = Locked(0)

    /// Records an attempt. `service` tags it (`optolink` for `POST /match`, else the emulated service);
    /// `answer` is what the service answered, in its own terms (an emulation's mapping of the result).
    func record(input: MatchEngine.Input, decision: MatchEngine.Decision, ip: String, now: Date,
                service: String = "optolink", answer: JSON? = nil) {
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
        var object: [String: JSON] = [
            "id": .string("att_\(number)"), "at": .string(ISOTime.string(now)), "service": .string(service),
            "deviceId": input.deviceId.map(JSON.string) ?? .null, "ip": .string(ip),
            "request": .object(request), "result": MatchEngine.responseJSON(decision.result).droppingParams,
            "guardFired": .bool(decision.guardFired), "threshold": .number(Double(Scoring.threshold)),
            "candidates": .array(candidates),
        ]
        if let answer { object["answer"] = answer }
        let json = JSON.object(object)
        entries.withLock { $0.append(Entry(deviceId: input.deviceId, service: service, json: json)) }
    }

    /// Newest first, optionally only one device's and only one service's.
    func recent(deviceId: String?, service: String? = nil, limit: Int) -> [JSON] {
        entries.withLock { ring in
            var found = [JSON]()
            var i = 0
            while i < ring.items.count, found.count < limit {
                let entry = ring.newest(i)
                if deviceId == nil || entry.deviceId == deviceId, service == nil || entry.service == service { found.append(entry.json) }
                i += 1
            }
            return found
        }
    }
}
