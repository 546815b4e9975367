import Foundation
import Testing

@testable import OptoLink

@Suite("Configuration")
struct ConfigurationTests {
    @Test func defaultsMatchTheFlutterSDK() throws {
        let configuration = try OptoLinkConfiguration.optoLink(
            apiKey: Fixtures.clientKey, orgKey: "demo", baseURL: Fixtures.baseURL)
        #expect(configuration.timeout == 10)
        #expect(configuration.retry.maxRetries == 2)
        #expect(configuration.retry.backoffBase == 1)
        #expect(configuration.retry.maxBackoff == 30)
        #expect(!configuration.retry.jitter)
        #expect(configuration.retry.alsoRetriedStatuses.isEmpty)
        #expect(configuration.clipboardEnabled)
        #expect(configuration.clipboard?.reading == .atFirstLaunch)
        #expect(configuration.clipboard?.checkTimeout == 60)
        #expect(configuration.links.domains.isEmpty)
        #expect(configuration.links.urlSchemes.isEmpty)
        #expect(configuration.events?.queueCapacity == 100)
        #expect(configuration.privacy.enabledByDefault)
        #expect(!configuration.privacy.existingInstall)
        #expect(configuration.logging.level == .warning)
        #expect(configuration.logging.logger == nil)
        #expect(configuration.service == .optoLink)
    }

    @Test func aServerKeyIsRefusedWithTheReason() {
        do {
            _ = try OptoLinkConfiguration.optoLink(
                apiKey: Fixtures.serverKey, orgKey: "demo", baseURL: Fixtures.baseURL)
            Issue.record("a server key was accepted")
        } catch {
            #expect(error == .invalidConfiguration)
            #expect(error.message.contains("SERVER key"))
            #expect(error.message.contains("Never ship it in an app"))
        }
    }

    @Test(arguments: ["", "opl_sdk_", "sk_live_123", "opl_sdk_ has space", "OPL_SDK_abc"])
    func otherKeysAreRefused(_ key: String) {
        #expect(throws: OptoLinkError.invalidConfiguration) {
            try OptoLinkConfiguration.optoLink(apiKey: key, orgKey: "demo", baseURL: Fixtures.baseURL)
        }
    }

    @Test(arguments: ["dem", "demo1", "de-o", "démo", "", "de o", "ｄｅｍｏ"])
    func orgKeysMustBeFourASCIIAlphanumerics(_ orgKey: String) {
        #expect(throws: OptoLinkError.invalidConfiguration) {
            try OptoLinkConfiguration.optoLink(apiKey: Fixtures.clientKey, orgKey: orgKey, baseURL: Fixtures.baseURL)
        }
    }

    @Test(arguments: ["demo", "DEMO", "a1B2", "0000"])
    func validOrgKeysAreAccepted(_ orgKey: String) throws {
        let configuration = try OptoLinkConfiguration.optoLink(
            apiKey: Fixtures.clientKey, orgKey: orgKey, baseURL: Fixtures.baseURL)
        #expect(configuration.credentials.orgKey == orgKey)
    }

    @Test func trailingSlashesAreStripped() throws {
        let configuration = try OptoLinkConfiguration.optoLink(
            apiKey: Fixtures.clientKey, orgKey: "demo", baseURL: URL(string: "https://links.demo.test///")!)
        #expect(configuration.baseURL.absoluteString == "https://links.demo.test")
    }

    @Test(arguments: ["ftp://links.demo.test", "links.demo.test", "https://links.demo.test?x=1"])
    func baseURLsMustBeHTTPWithAHost(_ text: String) throws {
        let url = try #require(URL(string: text))
        #expect(throws: OptoLinkError.invalidConfiguration) {
            try OptoLinkConfiguration.optoLink(apiKey: Fixtures.clientKey, orgKey: "demo", baseURL: url)
        }
    }

    @Test func numbersAreChecked() {
        #expect(throws: OptoLinkError.invalidConfiguration) {
            try OptoLinkConfiguration.optoLink(
                apiKey: Fixtures.clientKey, orgKey: "demo", baseURL: Fixtures.baseURL, timeout: 0)
        }
        #expect(throws: OptoLinkError.invalidConfiguration) {
            try OptoLinkConfiguration.optoLink(
                apiKey: Fixtures.clientKey, orgKey: "demo", baseURL: Fixtures.baseURL,
                retry: RetryPolicy(maxRetries: -1))
        }
        #expect(throws: OptoLinkError.invalidConfiguration) {
            try OptoLinkConfiguration.optoLink(
                apiKey: Fixtures.clientKey, orgKey: "demo", baseURL: Fixtures.baseURL,
                events: .init(queueCapacity: 0))
        }
        #expect(throws: OptoLinkError.invalidConfiguration) {
            try OptoLinkConfiguration.optoLink(
                apiKey: Fixtures.clientKey, orgKey: "demo", baseURL: Fixtures.baseURL,
                clipboard: .init(checkTimeout: -1))
        }
        #expect(throws: OptoLinkError.invalidConfiguration) {
            try OptoLinkConfiguration.optoLink(
                apiKey: Fixtures.clientKey, orgKey: "demo", baseURL: Fixtures.baseURL,
                links: .init(domains: ["a/b"]))
        }
    }

    @Test func linkDomainsAreNormalized() throws {
        let configuration = try OptoLinkConfiguration.optoLink(
            apiKey: Fixtures.clientKey, orgKey: "demo", baseURL: Fixtures.baseURL,
            links: .init(domains: ["Go.Demo.Test.", " x.test "]))
        #expect(configuration.links.domains == ["go.demo.test", "x.test"])
    }

    @Test(arguments: [
        (RetryPolicy(maxRetries: -1), "retry.maxRetries must be 0 or more"),
        (RetryPolicy(backoffBase: -1), "retry.backoffBase must be 0 or more seconds"),
        (RetryPolicy(backoffBase: .nan), "retry.backoffBase must be 0 or more seconds"),
        (RetryPolicy(maxBackoff: .infinity), "retry.maxBackoff must be 0 or more seconds"),
    ])
    func aRetryPolicyNoScheduleCanBeMadeOfIsRefusedNamingItsField(_ retry: RetryPolicy, _ message: String) {
        #expect(throws: OptoLinkError.invalidConfiguration) {
            try OptoLinkConfiguration.deepBlue(apiKey: "k", retry: retry)
        }
        do {
            _ = try OptoLinkConfiguration.quberoute(publishableKey: "qr_live_k", retry: retry)
            Issue.record("\(message): accepted")
        } catch {
            #expect(error.message == message)
        }
    }

    @Test func eachRefusalNamesTheGroupAndTheSettingThatIsWrong() {
        // Given settings wrong one at a time, in each group
        let wrong: [(String, () throws(OptoLinkError) -> OptoLinkConfiguration)] = [
            (
                "links.domains holds \"a/b\"",
                { () throws(OptoLinkError) in
                    try .deepBlue(apiKey: "k", links: .init(domains: ["a/b"]))
                }
            ),
            (
                "links.urlSchemes holds \"https\"",
                { () throws(OptoLinkError) in
                    try .quberoute(publishableKey: "qr_test_k", links: .init(urlSchemes: ["https"]))
                }
            ),
            (
                "clipboard.checkTimeout must be 0 or more seconds",
                { () throws(OptoLinkError) in
                    try .optoLink(
                        apiKey: Fixtures.clientKey, orgKey: "demo", baseURL: Fixtures.baseURL,
                        clipboard: .init(checkTimeout: .infinity))
                }
            ),
            (
                "events.queueCapacity must be at least 1",
                { () throws(OptoLinkError) in
                    try .quberoute(publishableKey: "qr_live_k", events: .init(queueCapacity: -5))
                }
            ),
            (
                "timeout must be a positive number of seconds",
                { () throws(OptoLinkError) in
                    try .appsFlyer(appID: "id1", hook: .relay { _ in HTTPResponse(status: 200) }, timeout: .nan)
                }
            ),
            (
                "appID must not hold /, ?, # or %",
                { () throws(OptoLinkError) in
                    try .appsFlyer(appID: "id1/x", hook: .relay { _ in HTTPResponse(status: 200) })
                }
            ),
        ]
        for (expected, make) in wrong {
            // When the factory checks them, then the message says which and what is wrong
            do {
                _ = try make()
                Issue.record("accepted: \(expected)")
            } catch {
                #expect(error == .invalidConfiguration)
                #expect(error.message.hasPrefix(expected), "\(error.message)")
            }
        }
    }

    @Test func eachServiceHasItsOwnCredentialsAndDefaultsAndNoPlaceholder() throws {
        // Given a configuration of each service with only its credentials
        let hook = AppsFlyerHook.relay { _ in HTTPResponse(status: 200) }
        let quberoute = try OptoLinkConfiguration.quberoute(publishableKey: " qr_live_k ")
        let deepBlue = try OptoLinkConfiguration.deepBlue(apiKey: "db_key")
        let appsFlyer = try OptoLinkConfiguration.appsFlyer(appID: "id123456789", hook: hook)

        // Then each holds its own fields only: no org key, and no key at all for AppsFlyer
        #expect(quberoute.service == .quberoute && quberoute.credentials.key == "qr_live_k")
        #expect(deepBlue.service == .deepBlue && deepBlue.credentials.key == "db_key")
        #expect(appsFlyer.service == .appsFlyer && appsFlyer.credentials.key == nil)
        #expect(appsFlyer.credentials.appsFlyerAppID == "id123456789")
        #expect([quberoute, deepBlue, appsFlyer].allSatisfy { $0.credentials.orgKey == nil })
        // And the service's own defaults
        #expect(quberoute.baseURL.absoluteString == "https://app.quberoute.com" && quberoute.timeout == 3)
        #expect(quberoute.retry.alsoRetriedStatuses == [429] && quberoute.events?.queueCapacity == 100)
        #expect(deepBlue.baseURL.absoluteString == "https://dev.thedbl.ink" && deepBlue.timeout == 10)
        #expect(appsFlyer.baseURL.absoluteString == "https://dls2s.appsflyer.com/v1.0" && appsFlyer.timeout == 10)
        // And no clipboard for the services without a click token, no queue for those without events
        #expect([quberoute, deepBlue, appsFlyer].allSatisfy { $0.clipboard == nil && !$0.clipboardEnabled })
        #expect(deepBlue.events == nil && appsFlyer.events == nil)
    }

    @Test func quberouteRetriesA429WhateverPolicyItIsGiven() throws {
        let configuration = try OptoLinkConfiguration.quberoute(
            publishableKey: "qr_live_k", retry: RetryPolicy(maxRetries: 5, alsoRetriedStatuses: [408]))
        #expect(configuration.retry.maxRetries == 5)
        #expect(configuration.retry.alsoRetriedStatuses == [408, 429])
    }
}
