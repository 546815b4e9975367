import Foundation
import Testing

@testable import OptoLinkS2S

@Suite("AppsFlyer S2S request body: fields, JSON types, local validation")
struct AppsFlyerDeepLinkRequestTests {
    /// The seed's example instant, 2015-01-22T08:45:33.412 UTC.
    static let seedInstant = Date(timeIntervalSince1970: 1_421_916_333.412)

    static func request(ip: String = "127.0.0.1") -> AppsFlyerDeepLinkRequest {
        AppsFlyerDeepLinkRequest(
            isFirst: true, lang: "en-US", os: "10.3.3", type: "iPhone", ip: ip, timestamp: seedInstant)
    }

    static func bodyText(_ request: AppsFlyerDeepLinkRequest) throws -> String {
        String(decoding: try request.encoded().body, as: UTF8.self)
    }

    @Test func theRequiredFieldsAloneMakeExactlyTheseBytes() throws {
        // When only the required fields are given
        let text = try Self.bodyText(Self.request())

        // Then the body is these bytes: is_first a string, optional members left out, keys sorted
        #expect(
            text
                == #"{"ip":"127.0.0.1","is_first":"true","lang":"en-US","os":"10.3.3","#
                + #""timestamp":"2015-01-22T08:45:33.412","type":"iPhone"}"#
        )
    }

    @Test func everyFieldOfTheSchemaIsSentWithItsJSONType() throws {
        // Given every optional field too
        var request = Self.request(ip: "198.51.100.23")
        request.isFirst = false
        request.idfv = .unhashed("3F2504E0-4F89-11D3-9A0C-0305E82C3301")
        request.attStatus = .restricted
        request.requestID = "1644179019889-6748098"
        request.openReferrer = "com.myexample.myapp"
        request.idfa = .sha1("123456436CDFAC250CBEAF3BFFCD713E3F123456")
        request.sharingFilter = .partners(["googleadwords_int", "adcolony_int"])

        // When it is encoded
        let body = try request.encoded().body
        let text = String(decoding: body, as: UTF8.self)

        // Then the bytes are exactly these
        #expect(
            text == """
                {"att_status":4,"idfa":{"type":"sha1","value":"123456436CDFAC250CBEAF3BFFCD713E3F123456"},\
                "idfv":{"type":"unhashed","value":"3F2504E0-4F89-11D3-9A0C-0305E82C3301"},"ip":"198.51.100.23",\
                "is_first":"false","lang":"en-US","open_referrer":"com.myexample.myapp","os":"10.3.3",\
                "request_id":"1644179019889-6748098","sharing_filter":["googleadwords_int","adcolony_int"],\
                "timestamp":"2015-01-22T08:45:33.412","type":"iPhone"}
                """)

        // And a generic JSON reader sees a string for is_first and a number (not a boolean) for att_status
        let object = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
        #expect(object["is_first"] as? String == "false")
        let att = try #require(object["att_status"] as? NSNumber)
        #expect(att.intValue == 4 && !(object["att_status"] is String))
        #expect(String(cString: att.objCType) != "c", "att_status must not be a JSON boolean")
        for field in ["lang", "os", "timestamp", "type", "ip", "request_id", "open_referrer"] {
            #expect(object[field] is String, "\(field) must be a string")
        }
        #expect(object["sharing_filter"] as? [String] == ["googleadwords_int", "adcolony_int"])
    }

    @Test func aSharingFilterStringIsSentAsAString() throws {
        var request = Self.request()
        request.sharingFilter = .text("all")
        #expect(try Self.bodyText(request).contains(#""sharing_filter":"all""#))
    }

    @Test(arguments: ["0.0.0.0", "255.255.255.255", "198.51.100.23", "10.0.0.1"])
    func dottedQuadIPv4AddressesAreAccepted(ip: String) throws {
        try Self.request(ip: ip).validate()
    }

    @Test(arguments: [
        "::1", "2001:db8::1", "::ffff:127.0.0.1", "256.1.1.1", "01.2.3.4", "1.2.3", "1.2.3.4.5", " 1.2.3.4", "1.2.3.4 ",
        "1.2.3.-4", "+1.2.3.4", "1..2.3", "", "localhost", "１.2.3.4", "1.2.3.4/32", "1234.1.1.1",
    ])
    func anIPThatIsNotADottedQuadIPv4AddressIsRefusedBeforeSending(ip: String) {
        // When the request is checked
        let error = #expect(throws: OptoLinkS2SError.self) { try Self.request(ip: ip).validate() }

        // Then the refusal names the ip field and says IPv4
        #expect(error == .invalidRequest)
        #expect(error?.field == "ip")
        #expect(error?.message.contains("IPv4") == true, "\(error?.message ?? "")")
    }

    @Test func attStatusOutsideOneToFourIsRefusedWithAClearMessage() throws {
        for code in [0, 5, -1, 99] {
            let error = #expect(throws: OptoLinkS2SError.self) { try AppsFlyerATTStatus(code: code) }
            #expect(error == .invalidRequest && error?.field == "att_status")
            #expect(error?.message.contains("got \(code)") == true)
        }
        #expect(try AppsFlyerATTStatus(code: 1) == .authorized)
        #expect(AppsFlyerATTStatus.allCases.map(\.rawValue) == [1, 2, 3, 4])
    }

    @Test func emptyRequiredStringsAreRefused() {
        for field in ["lang", "os", "type"] {
            var request = Self.request()
            switch field {
            case "lang": request.lang = ""
            case "os": request.os = " "
            default: request.type = ""
            }
            let error = #expect(throws: OptoLinkS2SError.self) { try request.validate() }
            #expect(error?.field == field)
        }
    }

    @Test func hashedIdentifiersMustBeTheirLengthInHex() {
        var request = Self.request()
        request.idfa = .sha1("abc")
        #expect((#expect(throws: OptoLinkS2SError.self) { try request.validate() })?.field == "idfa")
        request.idfa = .md5(String(repeating: "g", count: 32))
        #expect((#expect(throws: OptoLinkS2SError.self) { try request.validate() })?.field == "idfa")
        request.idfa = .md5(String(repeating: "aB", count: 16))
        #expect(throws: Never.self) { try request.validate() }
        request.idfv = .unhashed("")
        #expect((#expect(throws: OptoLinkS2SError.self) { try request.validate() })?.field == "idfv")
    }

    @Test func aTimestampOutsideFourDigitYearsIsRefused() {
        var request = Self.request()
        request.timestamp = Date(timeIntervalSince1970: 300_000_000_000)
        let error = #expect(throws: OptoLinkS2SError.self) { try request.validate() }
        #expect(error?.field == "timestamp")
    }

    @Test func emptyOptionalStringsAreRefusedRatherThanSent() {
        var request = Self.request()
        request.requestID = ""
        #expect((#expect(throws: OptoLinkS2SError.self) { try request.validate() })?.field == "request_id")
        request.requestID = nil
        request.sharingFilter = .partners(["a", ""])
        #expect((#expect(throws: OptoLinkS2SError.self) { try request.validate() })?.field == "sharing_filter")
    }

    // MARK: Reading a body in the API's format (what an app sends its backend)

    @Test func aBodyInTheAPIsFormatReadsBackToTheSameRequest() throws {
        // Given a request with every field, encoded
        var original = Self.request(ip: "198.51.100.23")
        original.idfv = .unhashed("3F2504E0-4F89-11D3-9A0C-0305E82C3301")
        original.attStatus = .denied
        original.requestID = "r-1"
        original.openReferrer = "com.example.mail"
        original.idfa = .md5("0123456789abcdef0123456789abcdef")
        original.sharingFilter = .text("all")
        let body = try original.encoded().body

        // When it is read back
        let read = try AppsFlyerDeepLinkRequest(jsonBody: body)

        // Then it is the same request, and encodes to the same bytes
        #expect(read == original)
        #expect(try read.encoded().body == body)
    }

    @Test func theAddressTheBackendSawReplacesTheBodysAndMayStandInForIt() throws {
        // Given a body from an app that does not know its public address
        let body = Data(
            #"{"is_first":"true","lang":"en-US","os":"17.4","type":"iPhone","timestamp":"2015-01-22T08:45:33.412"}"#
                .utf8)

        // Then it is refused without an address, and read with the one the backend saw
        let error = #expect(throws: OptoLinkS2SError.self) { try AppsFlyerDeepLinkRequest(jsonBody: body) }
        #expect(error?.field == "ip")
        #expect(try AppsFlyerDeepLinkRequest(jsonBody: body, ip: "203.0.113.9").ip == "203.0.113.9")

        // And an address in the body is replaced by the backend's
        let withIP = Data(
            (#"{"is_first":"false","lang":"en","os":"1","type":"iPad","#
                + #""timestamp":"2015-01-22T08:45:33.412","ip":"10.0.0.1"}"#)
                .utf8)
        #expect(try AppsFlyerDeepLinkRequest(jsonBody: withIP, ip: "203.0.113.9").ip == "203.0.113.9")
    }

    @Test(arguments: [
        (
            #"{"is_first":true,"lang":"en","os":"1","type":"t","ip":"1.2.3.4","timestamp":"2015-01-22T08:45:33.412"}"#,
            "is_first"
        ),
        (
            #"{"is_first":"yes","lang":"en","os":"1","type":"t","ip":"1.2.3.4","timestamp":"2015-01-22T08:45:33.412"}"#,
            "is_first"
        ),
        (#"{"is_first":"true","os":"1","type":"t","ip":"1.2.3.4","timestamp":"2015-01-22T08:45:33.412"}"#, "lang"),
        (
            #"{"is_first":"true","lang":5,"os":"1","type":"t","ip":"1.2.3.4","timestamp":"2015-01-22T08:45:33.412"}"#,
            "lang"
        ),
        (
            #"{"is_first":"true","lang":"en","os":"1","type":"t","ip":"1.2.3.4","timestamp":"2015-01-22T08:45:33Z"}"#,
            "timestamp"
        ),
        (
            #"{"is_first":"true","lang":"en","os":"1","type":"t","ip":"1.2.3.4","#
                + #""timestamp":"2015-01-22T08:45:33.412","att_status":"1"}"#,
            "att_status"
        ),
        (
            #"{"is_first":"true","lang":"en","os":"1","type":"t","ip":"1.2.3.4","#
                + #""timestamp":"2015-01-22T08:45:33.412","att_status":1.5}"#,
            "att_status"
        ),
        (
            #"{"is_first":"true","lang":"en","os":"1","type":"t","ip":"1.2.3.4","#
                + #""timestamp":"2015-01-22T08:45:33.412","att_status":7}"#,
            "att_status"
        ),
        (
            #"{"is_first":"true","lang":"en","os":"1","type":"t","#
                + #""ip":"1.2.3.4","timestamp":"2015-01-22T08:45:33.412","idfv":"abc"}"#,
            "idfv"
        ),
        (
            #"{"is_first":"true","lang":"en","os":"1","type":"t","ip":"1.2.3.4","#
                + #""timestamp":"2015-01-22T08:45:33.412","idfv":{"type":"sha256","value":"x"}}"#,
            "idfv"
        ),
        (
            #"{"is_first":"true","lang":"en","os":"1","type":"t","ip":"1.2.3.4","#
                + #""timestamp":"2015-01-22T08:45:33.412","sharing_filter":[1]}"#,
            "sharing_filter"
        ),
        (
            #"{"is_first":"true","lang":"en","os":"1","type":"t","ip":"::1","timestamp":"2015-01-22T08:45:33.412"}"#,
            "ip"
        ),
        (#"[1,2]"#, "body"),
        (#"not json"#, "body"),
    ])
    func aBodyWithAMissingOrMistypedFieldIsRefusedNamingIt(json: String, field: String) {
        let error = #expect(throws: OptoLinkS2SError.self) { try AppsFlyerDeepLinkRequest(jsonBody: Data(json.utf8)) }
        #expect(error == .invalidRequest)
        #expect(error?.field == field, "\(error?.description ?? "")")
    }
}
