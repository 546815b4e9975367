import Foundation
import Testing

@testable import OptoLinkServer

@Suite struct ServerSeedTests {
    func write(_ text: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("seed-\(UUID().uuidString).json").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func loadError(_ text: String) throws -> String {
        let path = try write(text)
        defer { try? FileManager.default.removeItem(atPath: path) }
        do {
            _ = try ServerSeed.load(path: path)
            return ""
        } catch {
            let message = "\(error)"
            #expect(message.contains(path))
            return message
        }
    }

    @Test func loadsTheDocumentedShape() throws {
        let path = try write(
            """
            {"platformDomain": "links.optolink.test",
             "orgs": [{"orgKey": "demo", "name": "Demo", "status": "ACTIVE", "teamId": "ABCDE12345",
                       "bundleId": "com.example.demo", "customDomain": "links.demo.test",
                       "keys": [{"key": "opl_sdk_abcdefghijklmnop", "tier": "CLIENT"},
                                {"key": "opl_api_abcdefghijklmnop", "tier": "SERVER", "revoked": false}],
                       "templates": [{"id": "promo", "params": {"utm_source": "newsletter"}, "matchWindowHours": 24}],
                       "links": [{"shortCode": "summer", "path": "/promo/summer", "params": {"campaign": "summer"},
                                  "template": "promo", "matchWindowHours": 48}]}]}
            """)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let seed = try ServerSeed.load(path: path)
        #expect(seed.orgs.first?.links?.first?.matchWindowHours == 48)
        #expect(seed.orgs.first?.templates?.first?.params == ["utm_source": "newsletter"])
    }

    @Test func problemsAreNamed() throws {
        #expect(try loadError("{nope").contains("not valid JSON"))
        #expect(try loadError(#"{"orgs": []}"#).contains("platformDomain"))
        #expect(
            try loadError(
                #"{"platformDomain":"x","orgs":[{"orgKey":"toolong","name":"n","status":"ACTIVE","keys":[]}]}"#
            ).contains("orgs[0].orgKey"))
        #expect(
            try loadError(
                #"{"platformDomain":"x","orgs":[{"orgKey":"abcd","name":"n","status":"ACTIVE","#
                    + #""keys":[{"key":"opl_sdk_abcdefghijklmnop","tier":"ROOT"}]}]}"#
            ).contains("orgs[0].keys[0].tier"))
        #expect(
            try loadError(
                #"{"platformDomain":"x","orgs":[{"orgKey":"abcd","name":"n","status":"ACTIVE","#
                    + #""keys":[],"links":[{"shortCode":"a","path":"/a","matchWindowHours":721}]}]}"#
            ).contains("matchWindowHours must be 1–720"))
        #expect(
            try loadError(
                #"{"platformDomain":"x","orgs":[{"orgKey":"abcd","name":"n","status":"ACTIVE","#
                    + #""keys":[],"links":[{"shortCode":"a","path":"/a","template":"missing"}]}]}"#
            ).contains("template \"missing\""))
        #expect(
            try loadError(
                #"{"platformDomain":"x","orgs":[{"orgKey":"abcd","name":"n","#
                    + #""status":"ACTIVE","keys":[{"key":5,"tier":"CLIENT"}]}]}"#
            ).contains("orgs[0].keys[0].key"))
    }

    @Test func unreadableFileIsNamed() {
        let error = #expect(throws: OptoLinkServerError.self) { try ServerSeed.load(path: "/nonexistent/seed.json") }
        #expect(error?.description.contains("/nonexistent/seed.json") == true)
    }

    @Test func demoSeedIsValidAndHasTheDocumentedData() throws {
        try ServerSeed.demo.validate()
        let demo = try #require(ServerSeed.demo.orgs.first { $0.orgKey == "demo" })
        #expect(demo.keys.map(\.key) == ["opl_sdk_demo_client_key_0000000001", "opl_api_demo_server_key_0000000001"])
        #expect(ServerSeed.demo.orgs.first { $0.orgKey == "gone" }?.status == "SUSPENDED")
        #expect(ServerSeed.demo.orgs.first { $0.orgKey == "beta" }?.teamId == nil)
    }
}
