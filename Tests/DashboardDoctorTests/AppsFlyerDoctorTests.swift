import Foundation
import OptoLink
import OptoLinkTesting
import Testing

@testable import DashboardCore
@testable import DashboardDoctor
@testable import OptoLinkS2S

@Suite("Doctor: AppsFlyer's app key, click and signed request")
struct AppsFlyerDoctorTests {
    static let link = URL(string: "https://brand.onelink.me/Hx7q/fall-drop")!

    /// A click on `link` whose hops are answered by `answers`, in order.
    func click(_ answers: [ScriptedTransport.Answer], link: URL = link) async -> BrowserVisit {
        await SimulatedBrowser(transport: ScriptedTransport(answers), clock: ManualClock()).visit(
            link, as: .demoPhone, forwardedFor: nil)
    }

    @Test func theAppShipsNoKeyAndADevKeyGivenAsOneIsNamed() {
        #expect(AppsFlyerDoctor.appKey(nil).status == .skip)
        let devKey = AppsFlyerDoctor.appKey("w8sZzy8EaPaxFKfaoTqUi6")
        #expect(devKey.status == .fail && devKey.detail.hasPrefix("w8sZ… is an AppsFlyer DevKey by its form"))
        #expect(devKey.fix?.contains("belongs on the app's backend, never in an app") == true)
        let other = AppsFlyerDoctor.appKey("some-app-key")
        #expect(other.status == .warn && other.detail.contains("takes none from the app"))
    }

    @Test func theClickMustGetThroughAndAnotherAppsStorePageIsAWarning() async {
        // Given OneLink answers: the App Store of the app, of another app, a 404, a web page
        let good = await click([
            .response(status: 302, headers: ["Location": "https://apps.apple.com/app/id1498765432"])
        ])
        let other = await click([.response(status: 302, headers: ["Location": "https://apps.apple.com/app/id1"])])
        let unknown = await click([.response(status: 404, body: Data("<p>Link not found</p>".utf8))])
        let web = await click([.response(status: 200, body: Data("<p>Welcome</p>".utf8))])
        // Then the app's App Store and a page pass (seed 003 says nothing of where a click leads), another
        // app's App Store is a warning, the 404 fails; each line says what Safari did
        let pass = AppsFlyerDoctor.click(good, appID: "id1498765432")
        #expect(pass.status == .pass)
        #expect(
            pass.detail
                == "Safari: /Hx7q/fall-drop 302; stopped before the App Store "
                + "(https://apps.apple.com/app/id1498765432), as the phone would leave Safari there"
        )
        #expect(AppsFlyerDoctor.click(other, appID: "id1498765432").status == .warn)
        let refused = AppsFlyerDoctor.click(unknown, appID: "id1498765432")
        #expect(refused.status == .fail && refused.fix?.contains("does not know this link") == true)
        let page = AppsFlyerDoctor.click(web, appID: "id1498765432")
        #expect(page.status == .pass && page.detail == "Safari: /Hx7q/fall-drop 200; \(BrowserStop.page.text)")
    }

    @Test func aSignedRequestIsSentOnlyWhenTheClicksAddressIsKnown() async {
        // Given a click that reached the App Store
        let store = await click([.response(status: 302, headers: ["Location": "https://apps.apple.com/app/id1"])])
        let local = URL(string: "http://127.0.0.1:9/ol/x/y")!
        // Then a DevKey and a link on 127.0.0.1 are needed; elsewhere the line says why nothing is sent
        #expect(AppsFlyerDoctor.whyNotSigned(devKey: "k", link: local, visit: store) == nil)
        #expect(AppsFlyerDoctor.whyNotSigned(devKey: nil, link: local, visit: store)?.contains("--dev-key") == true)
        #expect(
            AppsFlyerDoctor.whyNotSigned(devKey: "k", link: Self.link, visit: store)?.hasPrefix(
                "not sent: its ip must be the address AppsFlyer saw the click from") == true)
        let refused = await click([.response(status: 404)])
        #expect(
            AppsFlyerDoctor.whyNotSigned(devKey: "k", link: local, visit: refused)
                == "needs a click that got through (its line says what happened)")
        let page = await click([.response(status: 200, body: Data("<p>Welcome</p>".utf8))])
        #expect(AppsFlyerDoctor.whyNotSigned(devKey: "k", link: local, visit: page) == nil)
        #expect(AppsFlyerDoctor.clickAddress(local) == "127.0.0.1")
        #expect(AppsFlyerDoctor.clickAddress(URL(string: "http://localhost:9/a")!) == nil)
    }

    @Test func aFoundClickWithoutADeepLinkValueStillPassesAndSaysWhatTheSDKDelivers() {
        // Given the seed's own example: custom_params {fruit_name, fruit_amount}, no deep_link_value
        let event = AppsFlyerClickEvent(
            customParams: ["fruit_name": .string("apples"), "fruit_amount": .string("26")],
            matchType: .probabilistic)
        let answer = AppsFlyerDeepLinkResponse(found: true, clickEvent: event)
        // Then found is a pass that names what the click carries and what the SDK makes of it
        let check = AppsFlyerDoctor.found(.success(answer), exchange: nil, notSent: "")
        #expect(check.status == .pass)
        #expect(
            check.detail
                == "found (probabilistic) → custom_params {fruit_amount, fruit_name}, no deep_link_value "
                + "(the SDK delivers the path /); the doctor's click is used up")
        let number = AppsFlyerDoctor.found(
            .success(
                AppsFlyerDeepLinkResponse(
                    found: true, clickEvent: AppsFlyerClickEvent(customParams: ["deep_link_value": .number(12345)]))),
            exchange: nil, notSent: "")
        #expect(number.status == .pass && number.detail.contains("a deep_link_value that is no string (12345)"))
        let missing = AppsFlyerDoctor.found(
            .success(AppsFlyerDeepLinkResponse(found: false, clickEvent: nil)), exchange: nil, notSent: "")
        #expect(missing.status == .fail && missing.detail == "found: false for the doctor's own click")
    }

    @Test func aMalformedBodyIsNamedAsSuchNotBlamedOnTheKeys() {
        // Given AppsFlyer's 400 naming a field of the body
        let refused = OptoLinkS2SError.badRequest(
            serviceCode: "invalid_field", message: "is_first must be a boolean", attempts: 1)
        let check = AppsFlyerDoctor.found(.failure(refused), exchange: nil, notSent: "")
        // Then the line quotes it and the fix points at the body, not at --app-id or --dev-key
        #expect(check.status == .fail && check.detail.contains("is_first must be a boolean"))
        #expect(check.fix?.hasPrefix("AppsFlyer refused the request's body") == true, "\(check.fix ?? "")")
    }

    @Test func theFirstLaunchIsThePhoneThatClicked() {
        let request = AppsFlyerDoctor.firstLaunch(address: "127.0.0.1")
        #expect(request.isFirst && request.ip == "127.0.0.1")
        #expect(request.type == FingerprintValues.demoPhone.deviceModel && request.lang == "en-US")
        #expect(request.requestID?.hasPrefix("optolink-doctor-") == true)
        #expect(request.requestID != AppsFlyerDoctor.firstLaunch(address: "127.0.0.1").requestID)
    }
}
