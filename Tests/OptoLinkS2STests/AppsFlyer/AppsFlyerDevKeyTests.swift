import Foundation
import Testing

@testable import OptoLinkS2S

@Suite("The DevKey: a secret that stays on the server")
struct AppsFlyerDevKeyTests {
    @Test func aDevKeyNeverPrintsItsValue() throws {
        // Given a DevKey
        let devKey = try AppsFlyerDevKey("w8sZzy8EaPaxFKfaoTqUi6")

        // Then no way of printing it shows the value
        for text in ["\(devKey)", String(describing: devKey), String(reflecting: devKey), devKey.debugDescription] {
            #expect(!text.contains("w8sZzy8EaPaxFKfaoTqUi6"), "\(text)")
            #expect(text == "AppsFlyerDevKey(redacted)")
        }
    }

    @Test(arguments: ["", " w8sZzy8EaPaxFKfaoTqUi6", "w8sZzy8EaPaxFKfaoTqUi6\n", "w8sZ zy8", "w8sZ\u{0}zy8"])
    func anEmptyOrWhitespacedDevKeyIsRefused(secret: String) {
        let error = #expect(throws: OptoLinkS2SError.self) { try AppsFlyerDevKey(secret) }
        #expect(error == .invalidConfiguration && error?.field == "devKey")
        #expect(error?.description.contains("w8sZ") == false, "the refusal must not echo the secret")
    }

    @Test func aDevKeyCanComeFromTheEnvironmentAndAMissingVariableIsNamed() throws {
        // Given an environment where one variable is set and another is not (not the process's own:
        // setenv beside other suites reading the environment is a data race in libc)
        let environment = ["APPSFLYER_DEV_KEY": "w8sZzy8EaPaxFKfaoTqUi6"]

        // Then the set one signs like the literal, and the missing one is refused by name
        let devKey = try AppsFlyerDevKey(environmentVariable: "APPSFLYER_DEV_KEY", in: environment)
        #expect(
            devKey.afSig(timestamp: "2015-01-22T08:45:33.412", ip: "127.0.0.1")
                == "ce2d1e6b4619b9e19bc6be116183b92e43aa01e182b15012a7215bdd879ec327")
        let error = #expect(throws: OptoLinkS2SError.self) {
            try AppsFlyerDevKey(environmentVariable: "OPTOLINK_S2S_TEST_NOT_SET_", in: environment)
        }
        #expect(error?.message.contains("OPTOLINK_S2S_TEST_NOT_SET_") == true)
    }

    @Test func usingADevKeyInAnAppWarnsAndOnAServerDoesNot() {
        // A device platform, or a process running from an app bundle, is told that the DevKey is misplaced
        let onPhone = SecretPlacement.warning(
            isAppOnlyPlatform: true, bundlePath: "/var/containers/Bundle/Application/X/Shop.app")
        #expect(onPhone?.contains("never ship it in an app") == true)
        #expect(SecretPlacement.warning(isAppOnlyPlatform: false, bundlePath: "/Applications/Shop.app/") != nil)
        #expect(
            SecretPlacement.warning(
                isAppOnlyPlatform: false, bundlePath: "/Applications/Shop.app/Contents/PlugIns/Widget.appex") != nil)

        // And a server process (a plain executable's folder) is not
        #expect(SecretPlacement.warning(isAppOnlyPlatform: false, bundlePath: "/srv/backend/.build/release") == nil)
        #expect(SecretPlacement.warning(isAppOnlyPlatform: false, bundlePath: "/usr/local/bin") == nil)

        // And this test process is not taken for an app
        #expect(!SecretPlacement.isAppOnlyPlatform)
        #expect(
            SecretPlacement.warning(
                isAppOnlyPlatform: SecretPlacement.isAppOnlyPlatform, bundlePath: Bundle.main.bundlePath) == nil)
    }
}
