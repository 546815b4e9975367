import Testing

@testable import DashboardDoctor

@Suite("Doctor: a key's kind by its form")
struct AppKeyKindTests {
    @Test func quberoutesPrefixesNameItsKeys() {
        #expect(AppKeyKind.of("qr_live_5b2e8c91f0a4d7") == .quberoutePublishable(test: false))
        #expect(AppKeyKind.of("qr_test_5b2e8c91f0a4d7") == .quberoutePublishable(test: true))
        #expect(AppKeyKind.of("qr_sk_9e4a1c7b3d60f2") == .quberouteSecret)
    }

    @Test func twentyTwoLettersAndDigitsIsADevKeysForm() {
        // Given seed 003's DevKey and keys one character off its form
        #expect(AppKeyKind.of("w8sZzy8EaPaxFKfaoTqUi6") == .appsFlyerDevKey)
        #expect(AppKeyKind.of("w8sZzy8EaPaxFKfaoTqUi") == .unknown)
        #expect(AppKeyKind.of("w8sZzy8EaPaxFKfaoTqUi67") == .unknown)
        #expect(AppKeyKind.of("w8sZzy8EaPaxFKfaoTq_i6") == .unknown)
        #expect(AppKeyKind.of("dbl_live_7c3f0a9e25b4d1") == .unknown)
    }

    @Test func onlySecretsAreNamedAndTheyShowFourCharactersAtMost() {
        // Given a secret key, a DevKey's form and a publishable key
        let secret = "qr_sk_9e4a1c7b3d60f2"
        let devKey = "w8sZzy8EaPaxFKfaoTqUi6"
        let publishable = "qr_live_5b2e8c91f0a4d7"
        // Then the secrets are named and masked to their first characters, the publishable key to its ends
        #expect(AppKeyKind.of(secret).isSecret && AppKeyKind.of(devKey).isSecret)
        #expect(!AppKeyKind.of(publishable).isSecret && AppKeyKind.of(publishable).secretName == nil)
        #expect(AppKeyKind.masked(secret) == "qr_s…" && AppKeyKind.masked(devKey) == "w8sZ…")
        #expect(AppKeyKind.masked(publishable) == "qr_live_5b2e…a4d7")
        #expect(AppKeyKind.of(devKey).secretFix?.contains("belongs on the app's backend") == true)
        #expect(AppKeyKind.of(secret).secretFix?.contains("never ship a secret key") == true)
    }
}
