import Foundation
import Testing

@testable import DashboardCore
@testable import DashboardDoctor

@Suite("Doctor: apple-app-site-association")
struct AASAChecksTests {
    @Test func theReferenceFilePassesEveryLine() {
        // Given the file the reference server serves for org demo
        let checks = DoctorFixtures.aasaChecks(DoctorFixtures.aasa(), link: "summer")
        // Then every AASA line passes
        for id in [
            "aasa.status", "aasa.contentType", "aasa.size", "aasa.json", "aasa.appID", "aasa.paths",
            "aasa.cacheControl",
        ] {
            #expect(checks[id]?.status == .pass, "\(id): \(checks[id]?.detail ?? "missing")")
        }
        #expect(checks["aasa.paths"]?.detail.contains(#"{"/":"/demo/*"}"#) == true)
    }

    @Test func aRedirectFailsAndNamesWhereItGoes() {
        let redirect = DoctorFixtures.aasa(
            "", status: 301, headers: ["Location": "https://www.example.com/.well-known/apple-app-site-association"])
        let checks = DoctorFixtures.aasaChecks(redirect)
        #expect(checks["aasa.status"]?.status == .fail)
        #expect(
            checks["aasa.status"]?.detail
                == "301 redirect to https://www.example.com/.well-known/apple-app-site-association")
        #expect(checks["aasa.status"]?.fix?.contains("do not follow redirects") == true)
        // and the lines that need the file itself are skipped, not failed
        #expect(
            checks["aasa.contentType"]?.status == .skip && checks["aasa.json"]?.status == .skip
                && checks["aasa.cacheControl"]?.status == .skip)
    }

    @Test func notFoundAndServerErrorsFail() {
        #expect(
            DoctorFixtures.aasaChecks(DoctorFixtures.aasa("", status: 404))["aasa.status"]?.detail == "404 not found")
        #expect(DoctorFixtures.aasaChecks(DoctorFixtures.aasa("", status: 500))["aasa.status"]?.status == .fail)
        let noAnswer = AASAChecks.status(DoctorFixtures.failed("GET", AASAChecks.path, code: .timedOut))
        #expect(noAnswer.status == .fail)
    }

    @Test func contentTypeMustBeApplicationJSONParametersAllowed() {
        #expect(AASAChecks.contentType("application/json").status == .pass)
        #expect(AASAChecks.contentType("Application/JSON; charset=utf-8").status == .pass)
        let plain = AASAChecks.contentType("text/plain")
        #expect(
            plain.status == .fail && plain.detail == "text/plain" && plain.fix?.contains("application/json") == true)
        #expect(AASAChecks.contentType("application/octet-stream").status == .fail)
        #expect(AASAChecks.contentType("application/jsonp").status == .fail)
        #expect(AASAChecks.contentType(nil).detail == "no Content-Type header")
    }

    @Test func sizeIsAtMost128KB() {
        #expect(AASAChecks.size(131_072).status == .pass)
        let over = AASAChecks.size(131_073)
        #expect(over.status == .fail)
        #expect(over.detail == "131073 bytes (limit 131072, 128 KB)")
    }

    @Test func invalidJSONFailsAndSkipsWhatNeedsIt() {
        let checks = DoctorFixtures.aasaChecks(DoctorFixtures.aasa(#"{"applinks": {"details": [}"#))
        #expect(checks["aasa.json"]?.status == .fail)
        #expect(checks["aasa.json"]?.detail == "not valid JSON")
        #expect(checks["aasa.appID"]?.status == .skip && checks["aasa.paths"]?.status == .skip)
        // the headers are still judged
        #expect(checks["aasa.contentType"]?.status == .pass && checks["aasa.cacheControl"]?.status == .pass)
    }

    @Test func jsonWithoutApplinksDetailsFails() {
        #expect(AASAChecks.json(Data("[1,2]".utf8)).0.detail == "valid JSON, but not an object")
        #expect(AASAChecks.json(Data(#"{"webcredentials":{"apps":[]}}"#.utf8)).0.detail.contains("no \"applinks\""))
        #expect(AASAChecks.json(Data(#"{"applinks":{"apps":[]}}"#.utf8)).0.detail.contains("applinks.details"))
    }

    @Test func appIDMustBeListed() {
        let document = try? AASADocument.parse(Data(DoctorFixtures.goodAASA.utf8)).get()
        #expect(AASAChecks.appID(document, appID: "ABCDE12345.com.example.demo").status == .pass)
        let wrong = AASAChecks.appID(document, appID: "ZZZZZ99999.com.example.demo")
        #expect(wrong.status == .fail)
        #expect(
            wrong.detail == "ZZZZZ99999.com.example.demo is not listed (the file lists: ABCDE12345.com.example.demo)")
        #expect(wrong.fix?.contains("team id") == true)
        let skipped = AASAChecks.appID(document, appID: nil)
        #expect(skipped.status == .skip && skipped.detail.contains("--team-id"))
    }

    @Test func theOlderAppIDKeyIsReadAndNamed() {
        let legacy =
            #"{"applinks":{"apps":[],"details":[{"appID":"ABCDE12345.com.example.demo","paths":["/demo/*"]}]}}"#
        let checks = DoctorFixtures.aasaChecks(DoctorFixtures.aasa(legacy))
        #expect(checks["aasa.appID"]?.status == .pass)
        #expect(checks["aasa.appID"]?.detail.contains("older \"appID\"") == true)
        #expect(checks["aasa.paths"]?.status == .pass)
        #expect(checks["aasa.paths"]?.detail.contains("older \"paths\" form") == true)
    }

    @Test func coverageNeedsEveryCodeOfTheOrg() {
        func coverage(_ components: String, link: String? = nil) -> DoctorCheck {
            let body =
                #"{"applinks":{"details":[{"appIDs":["ABCDE12345.com.example.demo"],"components":\#(components)}]}}"#
            return DoctorFixtures.aasaChecks(DoctorFixtures.aasa(body), link: link)["aasa.paths"]!
        }
        #expect(coverage(#"[{"/":"/*"}]"#).status == .pass)
        #expect(coverage(#"[{"comment":"no path key: every path"}]"#).status == .pass)
        #expect(coverage(#"[{"/":"/DEMO/*","caseSensitive":false}]"#).status == .pass)
        // a prefix that only some codes share is not enough
        let partial = coverage(#"[{"/":"/demo/s*"}]"#)
        #expect(partial.status == .fail)
        #expect(partial.detail.contains("no component matches /demo/a"))
        #expect(partial.fix?.contains(#"{"/": "/demo/*"}"#) == true)
        // another org's pattern does not cover demo
        #expect(coverage(#"[{"/":"/beta/*"}]"#).status == .fail)
        // a component that also needs a query never matches a link (links have none)
        #expect(coverage(#"[{"/":"/demo/*","?":{"campaign":"?*"}}]"#).status == .fail)
        #expect(coverage(##"[{"/":"/demo/*","#":"*"}]"##).status == .pass)
    }

    @Test func anExclusionBeforeTheCoveringComponentTakesLinksBack() {
        let body =
            #"{"applinks":{"details":[{"appIDs":["ABCDE12345.com.example.demo"],"#
            + #""components":[{"/":"/demo/summer","exclude":true},{"/":"/demo/*"}]}]}}"#
        // Given the link checked is the excluded one
        let check = DoctorFixtures.aasaChecks(DoctorFixtures.aasa(body), link: "summer")["aasa.paths"]!
        // Then the line fails and names the component that excludes it
        #expect(check.status == .fail)
        #expect(check.detail.contains(#"/demo/summer is excluded by {"/":"/demo/summer","exclude":true}"#))
        // while without --link the other codes are still covered
        #expect(DoctorFixtures.aasaChecks(DoctorFixtures.aasa(body))["aasa.paths"]?.status == .pass)
    }

    @Test func olderPathsHonourNOTExclusions() {
        let body =
            #"{"applinks":{"details":[{"appIDs":["ABCDE12345.com.example.demo"],"paths":["NOT /demo/a","/demo/*"]}]}}"#
        let check = DoctorFixtures.aasaChecks(DoctorFixtures.aasa(body))["aasa.paths"]!
        #expect(check.status == .fail)
        #expect(check.detail.contains(#"/demo/a is excluded by "NOT /demo/a""#))
    }

    @Test func coverageIsReadFromTheAppsOwnEntry() {
        // Given demo's pattern sits in another app's entry
        let body =
            #"{"applinks":{"details":[{"appIDs":["ABCDE12345.com.example.demo"],"components":[{"/":"/beta/*"}]},"#
            + #"{"appIDs":["OTHER12345.com.example.other"],"components":[{"/":"/demo/*"}]}]}}"#
        let withAppID = DoctorFixtures.aasaChecks(DoctorFixtures.aasa(body))["aasa.paths"]!
        // Then with the app ID given the line fails (that other app would get the links)
        #expect(withAppID.status == .fail)
        // and without it the line passes and says whose entry covers the org
        let anyApp = DoctorFixtures.aasaChecks(DoctorFixtures.aasa(body), appID: false)["aasa.paths"]!
        #expect(anyApp.status == .pass)
        #expect(anyApp.detail.contains("OTHER12345.com.example.other"))
    }

    @Test func coverageIsSkippedWhenTheAppIsNotInTheFile() {
        let body =
            #"{"applinks":{"details":[{"appIDs":["OTHER12345.com.example.other"],"components":[{"/":"/demo/*"}]}]}}"#
        let checks = DoctorFixtures.aasaChecks(DoctorFixtures.aasa(body))
        #expect(checks["aasa.appID"]?.status == .fail)
        #expect(checks["aasa.paths"]?.status == .skip)
    }

    @Test func anOrgMissingFromTheBackendsFileIsBlamedOnItsSettingsNotAnotherApp() {
        // Given the backend's aggregated file, which leaves out an org without a team id (seed 000)
        let body = #"{"applinks":{"details":[{"appIDs":["ABCDE12345.com.acme.shop"],"components":[{"/":"/acme/*"}]}]}}"#
        let document = try? AASADocument.parse(Data(body.utf8)).get()
        // When the doctor checks org beta without an app ID
        let check = AASAChecks.coverage(document, appID: nil, .optoLink(orgKey: "beta", linkCode: nil))
        // Then the line fails on beta's paths and the fix points at beta's settings, not at acme's entry
        #expect(check.status == .fail && check.detail.contains("no component matches /beta/a"))
        #expect(
            check.fix?.hasPrefix("the backend writes {\"/\": \"/beta/*\"} for each active org with a team id") == true)
        #expect(check.fix?.contains("check org beta is active with its team id and bundle id") == true)
    }

    @Test func cacheControlMustBePresent() {
        #expect(AASAChecks.cacheControl("max-age=3600").status == .pass)
        let missing = AASAChecks.cacheControl(nil)
        #expect(missing.status == .fail && missing.fix?.contains("max-age=3600") == true)
        #expect(AASAChecks.cacheControl("").status == .fail)
    }

    @Test func cacheControlIsOnlyNamedForAServiceThatDocumentsNone() {
        // Given the other services' advice: none of their guides sets a Cache-Control for the file
        for advice in [QubeRouteDoctor().aasaAdvice, DeepBlueDoctor().aasaAdvice, AppsFlyerDoctor().aasaAdvice] {
            // Then a file without one is not failed on OptoLink's rule: the line names it and is skipped
            let missing = AASAChecks.cacheControl(nil, advice: advice)
            #expect(missing.status == .skip && missing.fix == nil)
            #expect(missing.detail.hasPrefix("no Cache-Control header; the service documents none"))
            #expect(AASAChecks.cacheControl("max-age=60", advice: advice).status == .pass)
        }
    }

    @Test func anotherServicesLinkIsCoveredByItsPathAndQuery() throws {
        // Given a OneLink with a query, and a file whose first component excludes links of one campaign
        let link = URL(string: "https://brand.onelink.me/Hx7q/fall-drop?pid=email&c=fall")!
        let coverage = AASACoverage.link(link, fix: "turn universal links on in the template")
        let file =
            #"{"applinks":{"details":[{"appIDs":["ABCDE12345.com.example.app"],"components":[{"/":"/Hx7q/*","#
            + #""?":{"c":"spring"},"exclude":true},{"/":"/Hx7q/*","?":{"pid":"?*"}}]}]}}"#
        let document = try AASADocument.parse(Data(file.utf8)).get()
        // When the file is read for the link, as iOS reads it: the first component that matches decides
        let check = AASAChecks.coverage(document, appID: "ABCDE12345.com.example.app", coverage)
        // Then the exclusion does not match this campaign, and the second component covers the link
        #expect(coverage.title == "AASA covers /Hx7q/fall-drop?pid=email&c=fall")
        #expect(check.status == .pass && check.detail.hasPrefix(#"covered by {"/":"/Hx7q/*","?":{"pid":"?*"}}"#))
        // and the link of the excluded campaign, or one without a pid, is not covered
        let spring = AASACoverage.link(URL(string: "https://brand.onelink.me/Hx7q/x?pid=a&c=spring")!, fix: "f")
        let bare = AASACoverage.link(URL(string: "https://brand.onelink.me/Hx7q/x")!, fix: "f")
        let excluded = AASAChecks.coverage(document, appID: nil, spring)
        #expect(excluded.status == .fail && excluded.detail.contains("is excluded by") && excluded.fix == "f")
        #expect(AASAChecks.coverage(document, appID: nil, bare).detail.contains("no component matches /Hx7q/x"))
    }

    @Test func theFixNamesThePatternOfTheLinksSiblings() {
        #expect(AASACoverage.siblingsPattern(URL(string: "https://go.example.com/go/spring")!) == "/go/*")
        #expect(AASACoverage.siblingsPattern(URL(string: "https://demo.dev.thedbl.ink/spring/")!) == "/*")
        #expect(AASACoverage.samplePath(URL(string: "https://demo.dev.thedbl.ink")!) == "/")
    }
}
