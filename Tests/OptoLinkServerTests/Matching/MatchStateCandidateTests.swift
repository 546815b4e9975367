import Foundation
import Testing

@testable import OptoLinkServer

/// `fingerprintCandidates` reads a per-address copy of the records; it must always equal the definition:
/// the live records of the address's fingerprint list, in list order.
@Suite struct MatchStateCandidateTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    func reference(_ state: MatchState, ipHash: String, now: Date) -> [MatchRecord] {
        (state.buckets[AddressKey(ipHash)]?.fingerprint ?? []).compactMap { state.record(token: $0, now: now) }
    }

    @Test func candidatesFollowInsertsEvictionsMatchesAndExpiry() {
        var state = MatchState()
        let addresses = ["198.51.100.1", "198.51.100.2", "198.51.100.3"].map(AddressHash.of)
        var generator = SplitMix64(seed: 7)
        var now = start
        for step in 0..<400 {
            let ipHash = addresses[Int(generator.next() % 3)]
            let age = Double(generator.next() % 7_200)
            let window = Double(1 + generator.next() % 3) * 3_600
            let record = MatchRecord(
                token: RandomToken.clipboardToken(), orgId: 1, linkId: "lnk_\(step)", shortCode: "s\(step)",
                path: "/p/\(step)", params: [:], ipHash: ipHash,
                fingerprint: ClickFingerprint(platform: "iOS", osVersion: "17.\(step % 3)"),
                recordedAt: now.addingTimeInterval(-age), expiresAt: now.addingTimeInterval(-age + window))
            state.insert(record, now: now)
            if step % 5 == 0, let token = state.buckets[AddressKey(ipHash)]?.fingerprint.first {
                state.markMatched(token: token, now: now)
            }
            if step % 50 == 49 { now = now.addingTimeInterval(1_800) }  // records expire along the way
            for address in addresses {
                state.purge(ipHash: address, now: now)
                #expect(
                    state.fingerprintCandidates(ipHash: address, now: now)
                        == reference(state, ipHash: address, now: now))
            }
        }
        #expect(
            addresses.allSatisfy {
                (state.buckets[AddressKey($0)]?.fingerprint.count ?? 0) <= MatchState.fingerprintCap
            })
    }

    @Test func candidatesWithoutPurgeStillDropExpiredRecords() {
        var state = MatchState()
        let ipHash = AddressHash.of("198.51.100.9")
        for index in 0..<10 {
            state.insert(
                MatchRecord(
                    token: RandomToken.clipboardToken(), orgId: 1, linkId: "l\(index)", shortCode: "s", path: "/",
                    params: [:], ipHash: ipHash, fingerprint: ClickFingerprint(), recordedAt: start,
                    expiresAt: start.addingTimeInterval(Double(index + 1) * 60)), now: start)
        }
        let later = start.addingTimeInterval(5 * 60 + 1)
        #expect(state.fingerprintCandidates(ipHash: ipHash, now: later) == reference(state, ipHash: ipHash, now: later))
        #expect(state.fingerprintCandidates(ipHash: ipHash, now: later).count == 5)
    }
}
