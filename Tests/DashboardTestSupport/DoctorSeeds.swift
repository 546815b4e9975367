import Foundation
import OptoLinkServer

/// Seeds for the reference server that each break one thing the doctor checks (the seed file format of
/// `ServerSeed`: orgs with keys, templates and links), and a server started on one.
package enum DoctorSeeds {
    package static let clientKey = "opl_sdk_demo_client_key_0000000001"
    package static let serverKey = "opl_api_demo_server_key_0000000001"
    package static let teamId = "ABCDE12345"
    package static let bundleId = "com.example.demo"

    /// Org `demo` as the built-in demo seed has it, with the given changes.
    package static func demo(
        status: String = "ACTIVE", teamId: String? = teamId, bundleId: String? = bundleId,
        clientKey: [String: Any] = [:], extraOrgs: [[String: Any]] = []
    ) -> ServerSeed {
        var key: [String: Any] = ["key": Self.clientKey, "tier": "CLIENT"]
        key.merge(clientKey) { $1 }
        var org: [String: Any] = [
            "orgKey": "demo", "name": "Demo", "status": status,
            "keys": [key, ["key": serverKey, "tier": "SERVER"]],
            "links": [
                ["shortCode": "summer", "path": "/promo/summer", "params": ["campaign": "summer"]],
                ["shortCode": "welcome", "path": "/onboarding/welcome"],
            ],
        ]
        if let teamId { org["teamId"] = teamId }
        if let bundleId { org["bundleId"] = bundleId }
        let object: [String: Any] = ["platformDomain": "links.optolink.test", "orgs": [org] + extraOrgs]
        let data = try! JSONSerialization.data(withJSONObject: object)
        return try! JSONDecoder().decode(ServerSeed.self, from: data)
    }

    /// `count` more orgs with a team id and a long bundle id each: together they push the AASA past 128 KB.
    package static func manyApps(_ count: Int) -> [[String: Any]] {
        (0..<count).map { index in
            let key = String(format: "x%03d", index)
            return [
                "orgKey": key, "name": "App \(index)", "status": "ACTIVE",
                "teamId": "TEAM\(String(format: "%06d", index))",
                "bundleId": "com.example." + String(repeating: "long-bundle-name.", count: 10) + key, "keys": [],
            ]
        }
    }

    /// A reference server on 127.0.0.1, a free port, started.
    package static func server(_ seed: ServerSeed = demo(), production: Bool = false, databasePath: String? = nil)
        throws
        -> OptoLinkServer
    {
        let server = try OptoLinkServer(
            configuration: .init(port: 0, databasePath: databasePath, seed: seed, production: production))
        try server.start()
        return server
    }
}
