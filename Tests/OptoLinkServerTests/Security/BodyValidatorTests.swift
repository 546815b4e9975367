import Testing

@testable import OptoLinkServer

@Suite struct BodyValidatorTests {
    func details(_ validator: BodyValidator, _ body: String) -> [OptoLinkServerError.Detail] {
        do {
            _ = try validator.validate(Array(body.utf8))
            return []
        } catch {
            #expect(error.status == 400)
            return error.details
        }
    }

    @Test func unknownFieldIsNamed() {
        let d = details(SDKRoutes.sessionValidator, #"{"deviceId":"abcdefgh","screen":"1x1"}"#)
        #expect(d == [.init(message: "property screen should not exist", field: "screen")])
    }

    @Test func wrongTypeAndLengthsAreNamed() {
        let d = details(SDKRoutes.identityValidator, #"{"deviceId":"short","externalId":7}"#)
        #expect(d.compactMap(\.field).sorted() == ["deviceId", "externalId"])
        #expect(
            details(SDKRoutes.identityValidator, #"{"deviceId":"abcdefgh","externalId":""}"#).first?.field
                == "externalId")
        #expect(
            details(
                SDKRoutes.identityValidator,
                "{\"deviceId\":\"abcdefgh\",\"externalId\":\"\(String(repeating: "x", count: 256))\"}"
            ).first?.field == "externalId")
        #expect(
            details(
                SDKRoutes.identityValidator,
                "{\"deviceId\":\"abcdefgh\",\"externalId\":\"\(String(repeating: "x", count: 255))\"}"
            ).isEmpty)
        #expect(
            details(SDKRoutes.sessionValidator, "{\"deviceId\":\"\(String(repeating: "d", count: 101))\"}").first?.field
                == "deviceId")
        #expect(details(SDKRoutes.sessionValidator, "{\"deviceId\":\"\(String(repeating: "d", count: 100))\"}").isEmpty)
    }

    @Test func missingRequiredFieldIsNamed() {
        #expect(
            details(SDKRoutes.eventsValidator, #"{"deviceId":"abcdefgh"}"#) == [
                .init(message: "eventName is required", field: "eventName")
            ])
    }

    @Test func propertiesOverTheLimitAreRejectedNotTruncated() {
        // {"k":"…"} is 8 bytes of framing plus the value.
        let fits =
            "{\"deviceId\":\"abcdefgh\",\"eventName\":\"e\","
            + "\"properties\":{\"k\":\"\(String(repeating: "x", count: 10_232))\"}}"
        let over =
            "{\"deviceId\":\"abcdefgh\",\"eventName\":\"e\","
            + "\"properties\":{\"k\":\"\(String(repeating: "x", count: 10_233))\"}}"
        #expect(details(SDKRoutes.eventsValidator, fits).isEmpty)
        #expect(details(SDKRoutes.eventsValidator, over).first?.field == "properties")
        #expect(
            details(SDKRoutes.eventsValidator, #"{"deviceId":"abcdefgh","eventName":"e","properties":[1]}"#).first?
                .field == "properties")
    }

    @Test func nullCountsAsAbsentForOptionalFields() {
        #expect(details(MatchRoute.validator, #"{"platform":null}"#).isEmpty)
    }

    @Test func malformedJSONAndNonObjectsAre400() {
        for body in ["{", "[1]", "\"x\"", "{\"a\":1,}", "{\"a\":01}", "{\"a\":\"\\ud800\"}", "{} x"] {
            #expect(throws: OptoLinkServerError.self) { try MatchRoute.validator.validate(Array(body.utf8)) }
        }
        #expect(throws: OptoLinkServerError.self) {
            try MatchRoute.validator.validate([0x7b, 0x22, 0xff, 0x22, 0x3a, 0x31, 0x7d])
        }
    }
}
