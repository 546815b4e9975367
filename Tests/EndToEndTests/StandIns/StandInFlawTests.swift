import Foundation
import OptoLink
import OptoLinkTesting
import Testing

/// What every stand-in shares: its association file and what each flaw does to it and to its links, a
/// cold-start open, 404 for unknown paths and 4xx for hostile bodies, the client's address, and stopping.
@Suite("Stand-in flaws and lifecycle")
struct StandInFlawTests {
    /// The association file's answer.
    static func association(_ service: StandInService) async throws -> StandInCall {
        try await StandInCall.send(
            "GET", StandInApp.url(service, "/.well-known/apple-app-site-association"))
    }

    /// The app ids and path patterns of an association file, in either form (`appIDs` + `components`,
    /// or `appID` + `paths`).
    static func terms(_ file: [String: Any]) -> (appIDs: Set<String>, patterns: [String]) {
        let details = (file["applinks"] as? [String: Any])?["details"] as? [[String: Any]] ?? []
        var appIDs = Set<String>()
        var patterns: [String] = []
        for detail in details {
            appIDs.formUnion(detail["appIDs"] as? [String] ?? [])
            if let appID = detail["appID"] as? String { appIDs.insert(appID) }
            patterns += detail["paths"] as? [String] ?? []
            patterns += (detail["components"] as? [[String: Any]] ?? []).compactMap { $0["/"] as? String }
        }
        return (appIDs, patterns)
    }

    /// Whether one of `patterns` (`*` and `?` wildcards) covers `path`.
    static func covers(_ patterns: [String], _ path: String) -> Bool {
        patterns.contains { fnmatch($0, path, 0) == 0 }
    }

    @Test("a healthy association file lists the app and covers both links", arguments: StandInKind.allCases)
    func healthyAssociationFile(kind: StandInKind) async throws {
        let service = try StandInService.start(kind)
        defer { service.stop() }

        let answer = try await Self.association(service)

        #expect(answer.status == 200)
        #expect(answer.headers["content-type"]?.hasPrefix("application/json") == true)
        let (appIDs, patterns) = Self.terms(answer.json)
        #expect(appIDs == ["\(service.teamID).\(service.bundleID)"])
        #expect(Self.covers(patterns, service.mainLink.path))
        #expect(Self.covers(patterns, service.coldStartLink.path))
    }

    @Test("noAssociationFile: the association file is 404", arguments: StandInKind.allCases)
    func noAssociationFile(kind: StandInKind) async throws {
        let service = try StandInService.start(kind, flaws: .noAssociationFile)
        defer { service.stop() }

        #expect(try await Self.association(service).status == 404)
    }

    @Test("associationForAnotherApp: the file lists another team and bundle", arguments: StandInKind.allCases)
    func associationForAnotherApp(kind: StandInKind) async throws {
        let service = try StandInService.start(kind, flaws: .associationForAnotherApp)
        defer { service.stop() }

        let answer = try await Self.association(service)

        #expect(answer.status == 200)
        let (appIDs, patterns) = Self.terms(answer.json)
        #expect(!appIDs.isEmpty)
        #expect(!appIDs.contains { $0.hasPrefix(service.teamID + ".") || $0.hasSuffix("." + service.bundleID) })
        #expect(Self.covers(patterns, service.mainLink.path))
    }

    @Test("associationMissesLinkPaths: the file covers other paths than the links", arguments: StandInKind.allCases)
    func associationMissesLinkPaths(kind: StandInKind) async throws {
        let service = try StandInService.start(kind, flaws: .associationMissesLinkPaths)
        defer { service.stop() }

        let answer = try await Self.association(service)

        #expect(answer.status == 200)
        let (appIDs, patterns) = Self.terms(answer.json)
        #expect(appIDs == ["\(service.teamID).\(service.bundleID)"])
        #expect(!patterns.isEmpty)
        #expect(!Self.covers(patterns, service.mainLink.path))
        #expect(!Self.covers(patterns, service.coldStartLink.path))
    }

    @Test(
        "linksUnknown: a click on the main link is 404 and records nothing; a direct open does not reach its path",
        arguments: StandInKind.allCases)
    func linksUnknown(kind: StandInKind) async throws {
        let service = try StandInService.start(kind, flaws: .linksUnknown)
        defer { service.stop() }

        let visit = try await StandInBrowser(address: "198.51.100.110").visit(service.mainLink)

        #expect(visit.statuses == [404])
        #expect(visit.stoppedBefore == nil)
        #expect(service.clicks.isEmpty)
        guard kind != .appsFlyer else { return }  // AppsFlyer's S2S API opens no link directly
        let device = ProviderDevice(address: "198.51.100.110")
        device.markInstalledEarlier()
        let sdk = device.start(try StandInApp.configuration(service, maxRetries: 0))
        let opened = await sdk.handle(url: service.mainLink)
        #expect(opened?.path != service.mainPath)
        #expect(opened?.linkId == nil)
        await sdk.shutdown()
    }

    @Test(
        "a cold start from the second link delivers its path on the links stream",
        arguments: [StandInKind.optoLink, .quberoute, .deepBlue])
    func coldStartDeliversTheSecondPath(kind: StandInKind) async throws {
        let service = try StandInService.start(kind)
        defer { service.stop() }
        let device = ProviderDevice(address: "198.51.100.112")
        device.markInstalledEarlier()

        // The SDK's clock stands still, so the app's report below always falls inside the duplicate-open
        // window (5 s), however long the machine takes to get there.
        let sdk = device.start(
            try StandInApp.configuration(service), launchURL: service.coldStartLink, clock: ManualClock())
        let links = Collector(sdk.links)
        // The app's own report of the same launch URL (onOpenURL) joins the cold start's open.
        let opened = await sdk.handle(url: service.coldStartLink)

        #expect(opened?.path == service.coldStartPath)
        #expect(service.coldStartPath != service.mainPath)
        #expect(await links.wait { !$0.isEmpty })
        #expect(links.values == (opened.map { [$0] } ?? []))
        await sdk.shutdown()
    }

    @Test("unknown paths are 404", arguments: StandInKind.allCases)
    func unknownPathsAre404(kind: StandInKind) async throws {
        let service = try StandInService.start(kind)
        defer { service.stop() }

        for path in ["/", "/no/such/route/at/all", "/favicon.ico"] {
            let answer = try await StandInCall.send("GET", StandInApp.url(service, path))
            #expect(answer.status == 404, "GET \(path)")
        }
        #expect(service.requests.suffix(3) == ["GET /", "GET /no/such/route/at/all", "GET /favicon.ico"])
    }

    /// Every API route of `service` with the headers that get past its key check.
    static func apiRoutes(_ service: StandInService) -> [(path: String, headers: [String: String])] {
        let bearer = ["Authorization": "Bearer \(service.apiKey)"]
        switch service.kind {
        case .optoLink:
            return [("/match", [:])]
                + ["session", "identity", "identity/clear", "events"].map { ("/sdk/" + $0, bearer) }
        case .quberoute:
            return ["resolve", "match", "events"].map { ("/api/v1/sdk/" + $0, bearer) }
        case .deepBlue:
            return ["resolve", "check-deferred"].map { ("/api/links/" + $0, ["Api-Key": service.apiKey]) }
        case .appsFlyer:
            return [("/v1.0/ios/\(service.appID)?af_sig=" + String(repeating: "0", count: 64), [:])]
        }
    }

    /// Bodies no client should send: not JSON, JSON that is no object, members of every wrong type,
    /// nesting deeper than a parser allows.
    static let hostileBodies: [Data] =
        ["", "null", "[]", "\"text\"", "12", "{\"a\":", "{}{}", String(repeating: "[", count: 5000)].map {
            Data($0.utf8)
        }
        + [
            Data([0xff, 0xfe, 0x00, 0x7b]),
            Data(
                (#"{"deviceId": 5, "eventName": null, "externalId": [], "installToken": {}, "url": 7, "events": "x", "#
                    + #""timezone": false, "device": [], "ip": 1, "is_first": "#
                    + #"true, "properties": "p", "clipboardToken": 9}"#)
                    .utf8),
            Data(
                (#"{"installToken": "t", "referrer": 5, "events": [1, "#
                    + #"{"eventId": 2}, {"eventId": "e", "valueMinor": 1.5}]}"#)
                    .utf8),
        ]

    @Test(
        "hostile bodies on every API route get a 4xx, never a 5xx, and the service goes on",
        arguments: StandInKind.allCases)
    func hostileBodiesNeverBreakTheService(kind: StandInKind) async throws {
        let service = try StandInService.start(kind)
        defer { service.stop() }

        for (path, headers) in Self.apiRoutes(service) {
            for body in Self.hostileBodies {
                let answer = try await StandInCall.send(
                    "POST", StandInApp.url(service, path), body: body, headers: headers)
                // OptoLink's /match takes every field as optional: no body is `{}`, an ordinary no-match.
                let expected = kind == .optoLink && path == "/match" && body.isEmpty ? 200..<201 : 400..<500
                #expect(
                    expected.contains(answer.status),
                    "POST \(path) with \(String(decoding: body.prefix(40), as: UTF8.self)): \(answer.status)")
            }
        }
        #expect(try await Self.association(service).status == 200)
    }

    @Test(
        "a hostile Host, target or User-Agent on a short link gets an answer below 500, and the service goes on",
        arguments: StandInKind.allCases)
    func hostileLinkRequestsNeverBreakTheService(kind: StandInKind) async throws {
        let service = try StandInService.start(kind)
        defer { service.stop() }
        let path = service.mainLink.path
        let requests = [
            "GET \(path) HTTP/1.1\r\nHost: bad host{}\r\n\r\n",
            "GET \(path)?x=|{}^` HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Language: ;;,*\r\n\r\n",
            "GET \(path) HTTP/1.1\r\nHost: a:b:c\r\nUser-Agent: (iPhone; CPU iPhone OS _ like\r\n\r\n",
            "GET /%ZZ/%00 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
        ]
        let port = service.port

        let statuses = try await HostileThreads.run {
            try requests.map { try RawHTTPConnection(port: port, timeout: 10).exchange(Array($0.utf8)).status }
        }

        #expect(statuses.count == requests.count && statuses.allSatisfy { $0 < 500 }, "\(statuses)")
        #expect(try await Self.association(service).status == 200)
    }

    @Test("the click's address: X-Forwarded-For when trusted, else the socket's peer", arguments: [true, false])
    func clickAddress(trusted: Bool) async throws {
        let service = try StandInService.start(.appsFlyer, trustsForwardedFor: trusted)
        defer { service.stop() }

        _ = try await StandInBrowser(address: "198.51.100.111, 10.0.0.1").visit(service.mainLink)

        #expect(service.clicks.map(\.address) == [trusted ? "198.51.100.111" : "127.0.0.1"])
    }

    @Test("stop closes the service and is safe twice", arguments: StandInKind.allCases)
    func stopIsIdempotent(kind: StandInKind) async throws {
        let service = try StandInService.start(kind)
        let url = service.mainLink

        service.stop()
        service.stop()

        await #expect(throws: (any Error).self) { try await StandInCall.send("GET", url) }
    }
}
