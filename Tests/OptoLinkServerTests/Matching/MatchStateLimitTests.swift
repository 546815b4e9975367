import Foundation
import Testing

@testable import OptoLinkHTTP
@testable import OptoLinkServer

/// The click store is bounded: per address, and as a whole by a memory budget.
@Suite struct MatchStateLimitTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    func click(_ n: Int, ip: String, at time: Date? = nil, language: String? = "en-US") -> MatchRecord {
        let at = time ?? start
        return MatchRecord(
            token: "opl_limit" + String(n, radix: 36), orgId: 1, linkId: "lnk_a", shortCode: "a", path: "/a",
            params: ["campaign": "summer"], ipHash: AddressHash.of(ip),
            fingerprint: ClickFingerprint(platform: "iOS", osVersion: "17.4.1", language: language),
            recordedAt: at, expiresAt: at.addingTimeInterval(24 * 3600))
    }

    @Test func oneAddressHoldsAtMostItsCapAndLosesItsOldestFirst() {
        // Given a cap of 100 records per address.
        var state = MatchState(limits: .init(maxRecordsPerAddress: 100, memoryBudget: .max))
        // When one address clicks 250 times (more than the fingerprint list keeps) and another once.
        for n in 0..<250 {
            state.insert(click(n, ip: "198.51.100.1", at: start.addingTimeInterval(Double(n))), now: start)
        }
        state.insert(click(1_000, ip: "198.51.100.2"), now: start)
        // Then the first address holds its 100 newest records; its oldest tokens no longer match.
        #expect(state.records.count == 101)
        #expect(state.record(token: click(149, ip: "x").token, now: start) == nil)
        #expect(state.record(token: click(150, ip: "x").token, now: start) != nil)
        #expect(state.record(token: click(249, ip: "x").token, now: start) != nil)
        #expect(state.held[AddressKey(AddressHash.of("198.51.100.1"))]?.count == 100)
        #expect(
            state.fingerprintCandidates(ipHash: AddressHash.of("198.51.100.1"), now: start).count
                == MatchState.fingerprintCap)
        // And the other address is untouched.
        #expect(state.record(token: click(1_000, ip: "x").token, now: start) != nil)
    }

    @Test func theStoreStaysWithinItsBudgetDroppingTheOldestClicksFirst() {
        // A click from an address of its own costs its record, its place in the address's candidates and
        // the address's lists.
        let perClick =
            MatchState.estimatedBytes(of: click(0, ip: "x")) + MatchState.candidateOverhead
            + MatchState.addressOverhead
        var state = MatchState(limits: .init(maxRecordsPerAddress: 1_000, memoryBudget: 300 * perClick))
        // When 1 000 addresses click once each.
        for n in 0..<1_000 { state.insert(click(n, ip: "10.0.\(n / 250).\(n % 250)"), now: start) }
        // Then the store holds the newest 300 and is within its budget.
        #expect(state.records.count == 300)
        #expect(state.storedBytes <= 300 * perClick)
        #expect(state.record(token: click(699, ip: "x").token, now: start) == nil)
        #expect(state.record(token: click(700, ip: "x").token, now: start) != nil)
        #expect(state.buckets.count == 300)  // the addresses whose clicks went are gone too
        // And a sweep finds the same count it kept.
        state.sweep(now: start)
        #expect(state.storedBytes == 300 * perClick)
    }

    /// What a click costs the store depends on how many clicks its address made: an address's lists cost
    /// the same for one click as for ten, and only an address's newest 50 clicks are its match candidates.
    @Test func theEstimateCountsEachAddressAndEachCandidate() {
        let record = MatchState.estimatedBytes(of: click(0, ip: "x"))
        var spread = MatchState(limits: .init(maxRecordsPerAddress: 1_000, memoryBudget: .max))
        var together = spread
        // When 100 addresses click once each, and one address clicks 100 times.
        for n in 0..<100 {
            spread.insert(click(n, ip: "10.1.0.\(n)"), now: start)
            together.insert(click(n, ip: "10.2.0.1", at: start.addingTimeInterval(Double(n))), now: start)
        }
        // Then the spread clicks cost 100 addresses and 100 candidates, the others one address and 50.
        let candidate = MatchState.candidateOverhead
        let address = MatchState.addressOverhead
        #expect(spread.storedBytes == 100 * (record + candidate + address))
        #expect(together.storedBytes == 100 * record + MatchState.fingerprintCap * candidate + address)
        // And the count holds after a sweep, and after the records leave one by one.
        spread.sweep(now: start)
        together.sweep(now: start)
        #expect(spread.storedBytes == 100 * (record + candidate + address))
        #expect(together.storedBytes == 100 * record + MatchState.fingerprintCap * candidate + address)
        spread.removeRecords(linkId: "lnk_a")
        together.removeRecords(linkId: "lnk_a")
        #expect(spread.storedBytes == 0)
        #expect(together.storedBytes == 0)
    }

    @Test func longFingerprintStringsCountAgainstTheBudget() {
        let short = MatchState.estimatedBytes(of: click(0, ip: "x"))
        let long = MatchState.estimatedBytes(of: click(0, ip: "x", language: String(repeating: "a", count: 100)))
        #expect(long >= short + 100)
    }

    @Test func recordsOfOneLinkShareOneSnapshotAndOneAddressOneHashString() {
        var state = MatchState()
        for n in 0..<10 { state.insert(click(n, ip: "198.51.100.7"), now: start) }
        let stored = state.records.values.map(\.link)
        #expect(Set(stored.map { ObjectIdentifier($0) }).count == 1)
        #expect(state.records.values.allSatisfy { $0.params == ["campaign": "summer"] && $0.linkId == "lnk_a" })
    }

    /// The redirect page keeps the first language tag of Accept-Language, not the header: a flood of
    /// 4 KiB headers stores what the contract compares.
    @Test func aHugeAcceptLanguageIsNotStored() throws {
        let store = try Store(path: nil)
        try store.apply(.demo, now: start)
        let router = Router(
            backend: Backend(store: store, clock: ManualServerClock(start), options: .init(trustForwardedFor: true)))
        let request = try HTTPRequest(
            method: "GET", target: "/demo/summer",
            headers: [
                ("Accept-Language", String(repeating: "x", count: 4096)), ("X-Forwarded-For", "198.51.100.99"),
                ("User-Agent", "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4_1 like Mac OS X)"),
            ])
        guard case .respond(let response) = router.handle(request, peer: "127.0.0.1") else {
            Issue.record("no answer")
            return
        }
        #expect(response.status == 200)
        let record = try #require(router.backend.matches.snapshot.records.values.first)
        #expect(record.fingerprint == ClickFingerprint(platform: "iOS", osVersion: "17.4.1"))
        #expect(MatchState.estimatedBytes(of: record) == MatchState.recordOverhead)
    }
}
