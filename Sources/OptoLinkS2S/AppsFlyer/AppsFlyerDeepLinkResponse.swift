import Foundation
internal import OptoLinkClientCore

/// AppsFlyer's answer to a deep-linking request: whether a click was found, and which.
///
/// `{"found": false, "click_event": {}}` is ``found`` false and ``clickEvent`` nil; a found answer
/// carries the click. An empty, null or missing `click_event` is nil whatever ``found`` says.
public struct AppsFlyerDeepLinkResponse: Sendable, Hashable {
    /// Whether AppsFlyer matched a click (`found`).
    public var found: Bool
    /// The matched click (`click_event`), nil when the object is empty.
    public var clickEvent: AppsFlyerClickEvent?
    /// How many attempts the call took (1 unless a 503, a 504 or a network error was retried).
    public var attempts: Int

    /// Creates an answer.
    public init(found: Bool, clickEvent: AppsFlyerClickEvent?, attempts: Int = 1) {
        self.found = found
        self.clickEvent = clickEvent
        self.attempts = attempts
    }

    /// The largest answer body read; a longer one is refused as an invalid response (a deep-link
    /// answer is well under a kilobyte: anything this big is a broken proxy or a hostile server).
    static let maxBodyBytes = 1 << 20

    /// Reads a 2xx answer's body.
    ///
    /// - Throws: ``OptoLinkS2SError/invalidResponse`` when the body is not JSON, `found` is missing or
    ///   not a boolean, or a member has a type the API does not allow.
    static func parse(_ response: S2SHTTPResponse, attempts: Int) throws -> AppsFlyerDeepLinkResponse {
        func invalid(_ message: String, _ underlying: (any Error)? = nil) -> OptoLinkS2SError {
            .invalidResponse(status: response.status, message, attempts: attempts, underlying: underlying)
        }
        guard response.body.count <= maxBodyBytes else {
            throw invalid("The answer's body is \(response.body.count) bytes, more than \(maxBodyBytes)")
        }
        let value: S2SJSONValue
        do {
            value = try S2SJSONParser.decode(response.body)
        } catch {
            throw invalid("The answer is not JSON", error)
        }
        guard let object = value.objectValue else { throw invalid("The answer is not a JSON object") }
        guard case .bool(let found)? = object["found"] else {
            throw invalid("The answer's found is missing or not a boolean")
        }
        var clickEvent: AppsFlyerClickEvent?
        switch object["click_event"] {
        case nil, .null?: break
        case .object(let members)? where members.isEmpty: break
        case .object(let members)?:
            do {
                clickEvent = try AppsFlyerClickEvent(members: members)
            } catch {
                throw invalid(error.message)
            }
        case let other?: throw invalid("The answer's click_event is not an object: got \(other)")
        }
        return AppsFlyerDeepLinkResponse(found: found, clickEvent: clickEvent, attempts: attempts)
    }
}
