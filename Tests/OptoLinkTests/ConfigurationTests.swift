import Foundation
import Testing

@testable import OptoLink

@Suite("Configuration")
struct ConfigurationTests {
    @Test func defaultsMatchTheFlutterSDK() throws {
        let configuration = try OptoLinkConfiguration(
            apiKey: Fixtures.clientKey, orgKey: "demo", baseURL: Fixtures.baseURL)
        #expect(configuration.timeout == 10)
        #expect(configuration.maxRetries == 2)
        #expect(configuration.backoffBase == 1)
        #expect(configuration.maxBackoff == 30)
        #expect(configuration.clipboardEnabled)
        #expect(configuration.clipboardReading == .atFirstLaunch)
        #expect(configuration.pasteboardCheckTimeout == 60)
        #expect(configuration.linkDomains.isEmpty)
        #expect(configuration.eventQueueCapacity == 100)
        #expect(configuration.logger == nil)
    }

    @Test func aServerKeyIsRefusedWithTheReason() {
        do {
            _ = try OptoLinkConfiguration(apiKey: Fixtures.serverKey, orgKey: "demo", baseURL: Fixtures.baseURL)
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
            try OptoLinkConfiguration(apiKey: key, orgKey: "demo", baseURL: Fixtures.baseURL)
        }
    }

    @Test(arguments: ["dem", "demo1", "de-o", "démo", "", "de o", "ｄｅｍｏ"])
    func orgKeysMustBeFourASCIIAlphanumerics(_ orgKey: String) {
        #expect(throws: OptoLinkError.invalidConfiguration) {
            try OptoLinkConfiguration(apiKey: Fixtures.clientKey, orgKey: orgKey, baseURL: Fixtures.baseURL)
        }
    }

    @Test(arguments: ["demo", "DEMO", "a1B2", "0000"])
    func validOrgKeysAreAccepted(_ orgKey: String) throws {
        #expect(
            try OptoLinkConfiguration(apiKey: Fixtures.clientKey, orgKey: orgKey, baseURL: Fixtures.baseURL).orgKey
                == orgKey)
    }

    @Test func trailingSlashesAreStripped() throws {
        let configuration = try OptoLinkConfiguration(
            apiKey: Fixtures.clientKey, orgKey: "demo", baseURL: URL(string: "https://links.demo.test///")!)
        #expect(configuration.baseURL.absoluteString == "https://links.demo.test")
    }

    @Test(arguments: ["ftp://links.demo.test", "links.demo.test", "https://links.demo.test?x=1"])
    func baseURLsMustBeHTTPWithAHost(_ text: String) throws {
        let url = try #require(URL(string: text))
        #expect(throws: OptoLinkError.invalidConfiguration) {
            try OptoLinkConfiguration(apiKey: Fixtures.clientKey, orgKey: "demo", baseURL: url)
        }
    }

    @Test func numbersAreChecked() {
        #expect(throws: OptoLinkError.invalidConfiguration) {
            try OptoLinkConfiguration(apiKey: Fixtures.clientKey, orgKey: "demo", baseURL: Fixtures.baseURL, timeout: 0)
        }
        #expect(throws: OptoLinkError.invalidConfiguration) {
            try OptoLinkConfiguration(
                apiKey: Fixtures.clientKey, orgKey: "demo", baseURL: Fixtures.baseURL, maxRetries: -1)
        }
        #expect(throws: OptoLinkError.invalidConfiguration) {
            try OptoLinkConfiguration(
                apiKey: Fixtures.clientKey, orgKey: "demo", baseURL: Fixtures.baseURL, eventQueueCapacity: 0)
        }
        #expect(throws: OptoLinkError.invalidConfiguration) {
            try OptoLinkConfiguration(
                apiKey: Fixtures.clientKey, orgKey: "demo", baseURL: Fixtures.baseURL, pasteboardCheckTimeout: -1)
        }
        #expect(throws: OptoLinkError.invalidConfiguration) {
            try OptoLinkConfiguration(
                apiKey: Fixtures.clientKey, orgKey: "demo", baseURL: Fixtures.baseURL, linkDomains: ["a/b"])
        }
    }

    @Test func linkDomainsAreNormalized() throws {
        let configuration = try OptoLinkConfiguration(
            apiKey: Fixtures.clientKey, orgKey: "demo", baseURL: Fixtures.baseURL,
            linkDomains: ["Go.Demo.Test.", " x.test "])
        #expect(configuration.linkDomains == ["go.demo.test", "x.test"])
    }
}
