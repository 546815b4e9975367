import Foundation
import OptoLinkHTTP

/// The newest match attempts (at most 500) with every candidate's points and the reasons a component
/// scored less than its maximum, for `/dev/match-attempts`.
///
/// An attempt is kept as the few values its answer needs (no JSON, no reference to the store's record
/// arrays, which would make the next click on that address copy them); the JSON is written when the
/// attempts are read, which is rare next to `/match` itself.
///
/// On a database file the attempts are also written to it as JSON (``Store/matchAttempts()``), and a new log
/// starts with the ones kept there, so the breakdowns outlive a restart.
final class AttemptLog: Sendable {
    static let capacity = 500

    /// One scored candidate, as the log keeps it.
    private struct Candidate: Sendable {
        var linkId: String
        var shortCode: String
        var path: String
        var recordedAt: Date
        var age: TimeInterval
        var points: Scoring.Breakdown
        var click: ClickFingerprint
    }

    /// An attempt written before the server started, as it was stored.
    private struct StoredEntry: Sendable {
        var json: JSON
        var deviceId: String?
        var service: String
    }

    /// An attempt of this run, or one read back from the database.
    private enum Item: Sendable {
        case live(Entry)
        case stored(StoredEntry)

        var deviceId: String? {
            switch self {
            case .live(let entry): entry.deviceId
            case .stored(let entry): entry.deviceId
            }
        }
        var service: String {
            switch self {
            case .live(let entry): entry.service
            case .stored(let entry): entry.service
            }
        }
        var json: JSON {
            switch self {
            case .live(let entry): entry.json
            case .stored(let entry): entry.json
            }
        }
    }

    /// One attempt.
    private struct Entry: Sendable {
        var number: Int
        var at: Date
        var ip: String
        var input: MatchEngine.Input
        var result: MatchEngine.Result?
        var guardFired: Bool
        var candidates: [Candidate]
        /// `optolink`, or the emulated service that matched (`quberoute`, `deepblue`, `appsflyer`).
        var service: String
        /// What the service answered, in its own terms (an emulation's mapping of the result).
        var answer: JSON?

        var deviceId: String? { input.deviceId }

        /// The wire shape of `/dev/match-attempts`.
        var json: JSON {
            var request = [String: JSON]()
            if let v = input.clipboardToken { request["clipboardToken"] = .string(v) }
            if let v = input.installReferrer { request["installReferrer"] = .string(v) }
            if let v = input.fingerprint.platform { request["platform"] = .string(v) }
            if let v = input.fingerprint.osVersion { request["osVersion"] = .string(v) }
            if let v = input.fingerprint.deviceModel { request["deviceModel"] = .string(v) }
            if let v = input.fingerprint.language { request["language"] = .string(v) }
            if let v = input.fingerprint.timezone { request["timezone"] = .string(v) }
            let candidates: [JSON] = candidates.map { c in
                .object([
                    "linkId": .string(c.linkId), "shortCode": .string(c.shortCode), "path": .string(c.path),
                    "recordedAt": .string(ISOTime.string(c.recordedAt)),
                    "ageSeconds": .number((c.age * 10).rounded() / 10),
                    "points": c.points.json, "total": .number(Double(c.points.total)),
                    "reasons": .array(
                        Scoring.explain(click: c.click, request: input.fingerprint, age: c.age).map(JSON.string)),
                ])
            }
            var object: [String: JSON] = [
                "id": .string("att_\(number)"), "at": .string(ISOTime.string(at)), "service": .string(service),
                "deviceId": input.deviceId.map(JSON.string) ?? .null, "ip": .string(ip),
                "request": .object(request), "result": MatchEngine.responseJSON(result).droppingParams,
                "guardFired": .bool(guardFired), "threshold": .number(Double(Scoring.threshold)),
                "candidates": .array(candidates),
            ]
            if let answer { object["answer"] = answer }
            if let result {
                // The click that won, and whether an earlier match had already taken it (kept for its grace).
                let record = result.record
                object["winner"] = .object([
                    "shortCode": .string(record.shortCode), "path": .string(record.path),
                    "recordedAt": .string(ISOTime.string(record.recordedAt)), "method": .string(result.method),
                    "matchedAt": record.matchedAt.map { .string(ISOTime.string($0)) } ?? .null,
                    "graceSeconds": .number(MatchState.grace),
                ])
            }
            return .object(object)
        }
    }

    /// The newest `capacity` entries in a ring: `items[next...]` then `items[..<next]` is oldest to newest
    /// once it is full (removing the oldest from the front of an array moved 500 entries per attempt).
    private struct Ring {
        var items: [Item] = []
        var next = 0
        var count = 0

        mutating func append(_ entry: Item) {
            if items.count < AttemptLog.capacity {
                items.append(entry)
            } else {
                items[next] = entry
                next = (next + 1) % AttemptLog.capacity
            }
        }

        /// The `i`-th newest entry (0 = the newest).
        func newest(_ i: Int) -> Item {
            items[((next - 1 - i) % items.count + items.count) % items.count]
        }
    }

    private let entries: Locked<Ring>
    /// Where attempts are written; nil for a database in memory.
    private let store: Store?

    /// An empty log; with a `store` on a database file, one holding the attempts kept there (numbered on
    /// from the newest), writing every new one to it.
    init(store: Store? = nil) {
        var ring = Ring()
        if let store, store.isPersistent {
            do {
                for (json, deviceId, service) in try store.matchAttempts() {
                    ring.append(.stored(StoredEntry(json: json, deviceId: deviceId, service: service)))
                    if case .object(let fields) = json, case .string(let id)? = fields["id"],
                        let number = Int(id.dropFirst("att_".count))
                    {
                        ring.count = max(ring.count, number)
                    }
                }
            } catch {
                store.log.write("the stored match attempts could not be read (\(error.message)): starting without them")
            }
            self.store = store
        } else {
            self.store = nil
        }
        entries = Locked(ring)
    }

    /// Records an attempt. `service` tags it (`optolink` for `POST /match`, else the emulated service);
    /// `answer` is what the service answered, in its own terms (an emulation's mapping of the result).
    func record(
        input: MatchEngine.Input, decision: MatchEngine.Decision, ip: String, now: Date,
        service: String = "optolink", answer: JSON? = nil
    ) {
        let candidates = decision.candidates.map { c in
            let record = c.record
            return Candidate(
                linkId: record.linkId, shortCode: record.shortCode, path: record.path, recordedAt: record.recordedAt,
                age: c.age, points: c.points, click: record.fingerprint)
        }
        let entry = entries.withLock { ring in
            ring.count += 1
            let entry = Entry(
                number: ring.count, at: now, ip: ip, input: input, result: decision.result,
                guardFired: decision.guardFired, candidates: candidates, service: service, answer: answer)
            ring.append(.live(entry))
            return entry
        }
        if let store {  // written outside the lock, and only for a database file
            store.enqueue(
                .matchAttempt(entry: entry.json.serialized(), deviceId: entry.deviceId, service: entry.service))
        }
    }

    /// Newest first, optionally only one device's and only one service's.
    func recent(deviceId: String?, service: String? = nil, limit: Int) -> [JSON] {
        let found: [Item] = entries.withLock { ring in
            var found = [Item]()
            var i = 0
            while i < ring.items.count, found.count < limit {
                let entry = ring.newest(i)
                if deviceId == nil || entry.deviceId == deviceId, service == nil || entry.service == service {
                    found.append(entry)
                }
                i += 1
            }
            return found
        }
        return found.map(\.json)  // written outside the lock
    }
}
