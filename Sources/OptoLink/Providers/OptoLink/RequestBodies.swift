import Foundation

// The JSON bodies the SDK sends. Each holds exactly the fields the backend whitelists (it rejects
// unknown ones); optional fields are left out when nil.

/// `POST /match` (MatchRequestDto). `installReferrer` is Android-only and never sent from this SDK.
struct MatchBody: Encodable {
    var clipboardToken: String?
    var deviceId: String
    var platform: String
    var osVersion: String
    var deviceModel: String
    var language: String
    var timezone: String
}

/// `POST /sdk/session`.
struct SessionBody: Encodable {
    var deviceId: String
    var platform: String?
    var osVersion: String?
    var deviceModel: String?
}

/// `POST /sdk/identity`.
struct IdentityBody: Encodable {
    var deviceId: String
    var externalId: String
    var platform: String?
    var osVersion: String?
    var deviceModel: String?
}

/// `POST /sdk/identity/clear`.
struct IdentityClearBody: Encodable {
    var deviceId: String
}

/// `POST /sdk/events`.
struct EventBody: Encodable {
    var deviceId: String
    var eventName: String
    var properties: [String: JSONValue]?
}
