import Testing

@testable import OptoLink

@Suite("Clipboard token")
struct ClipboardTokenTests {
    @Test(arguments: ["opl_AbCdEfGhIjKlMnOpQrSt-_", "opl_0000000000000000000000", "opl_zzzzzzzzzzzzzzzzzzzzzz"])
    func acceptsTheTokenFormat(_ text: String) {
        #expect(ClipboardToken(text)?.rawValue == text)
    }

    @Test(arguments: [
        "", "opl_", "opl_AbCdEfGhIjKlMnOpQrSt-", "opl_AbCdEfGhIjKlMnOpQrSt-_x", " opl_AbCdEfGhIjKlMnOpQrSt-_",
        "opl_AbCdEfGhIjKlMnOpQrSt-_\n", "OPL_AbCdEfGhIjKlMnOpQrSt-_", "opl_AbCdEfGhIjKlMnOpQrSt+/",
        "opl_AbCdEfGhIjKlMnOpQrSt=_",
        "opl_ÄbCdEfGhIjKlMnOpQrSt-", "https://links.demo.test/demo/summer", "opl_sdk_demo_client_key_0000000001",
    ])
    func refusesEverythingElse(_ text: String) {
        #expect(ClipboardToken(text) == nil)
    }
}
