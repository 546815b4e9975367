import Foundation
import Testing

/// Sources/OptoLink/PrivacyInfo.xcprivacy: valid, complete for the required-reason
/// APIs the SDK's code calls, and honest about the data it collects.
@Suite("Privacy manifest")
struct PrivacyManifestTests {
    static let sdk = ScriptRun.packageRoot.appendingPathComponent("Sources/OptoLink")
    /// The clients' shared core: linked into the SDK, so an app ships it too.
    static let core = ScriptRun.packageRoot.appendingPathComponent("Sources/OptoLinkClientCore")
    static let manifestPath = "Sources/OptoLink/PrivacyInfo.xcprivacy"

    static func manifest() throws -> [String: Any] {
        let data = try Data(contentsOf: ScriptRun.packageRoot.appendingPathComponent(manifestPath))
        return try #require(try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
    }

    /// The declared categories and their reasons.
    static func declared(_ manifest: [String: Any]) -> [String: [String]] {
        let entries = manifest["NSPrivacyAccessedAPITypes"] as? [[String: Any]] ?? []
        var result: [String: [String]] = [:]
        for entry in entries {
            guard let category = entry["NSPrivacyAccessedAPIType"] as? String else { continue }
            result[category, default: []] += entry["NSPrivacyAccessedAPITypeReasons"] as? [String] ?? []
        }
        return result
    }

    /// The required-reason families used in `sources` (path → Swift source) that `declared` lacks, as
    /// readable lines; and the declared ones nothing uses.
    static func audit(sources: [String: String], declared: [String: [String]]) -> (missing: [String], unused: [String])
    {
        var missing: [String] = []
        var unused: [String] = []
        for family in RequiredReasonAPI.all {
            let uses = sources.sorted { $0.key < $1.key }.flatMap { path, source in
                family.uses(in: codeOnly(source)).map { "\(path):\($0.line) (\($0.symbol))" }
            }
            if !uses.isEmpty && declared[family.category] == nil {
                missing.append("\(family.category) is used but not declared: \(uses.joined(separator: ", "))")
            }
            if uses.isEmpty && declared[family.category] != nil {
                unused.append("\(family.category) is declared but nothing in Sources/OptoLink uses it")
            }
        }
        return (missing, unused)
    }

    /// Every Swift source an app ships with the SDK: Sources/OptoLink and the core it links
    /// (Sources/OptoLinkClientCore), by path from the package root.
    static func sdkSources() throws -> [String: String] {
        let files = [sdk, core].flatMap { folder in
            FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?
                .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
        }
        var sources: [String: String] = [:]
        for file in files {
            sources[String(file.path.dropFirst(ScriptRun.packageRoot.path.count + 1))] = try String(
                contentsOf: file, encoding: .utf8)
        }
        return sources
    }

    @Test(.tags(.processes), .skippable(.processes)) func theManifestIsAValidPropertyList() async throws {
        // When plutil (from the toolchain) lints it
        let run = try await ScriptRun.run("plutil", ["-lint", Self.manifestPath])

        // Then it is valid
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("OK"), "\(run.output)")
    }

    @Test func everyRequiredReasonAPITheSDKCallsIsDeclaredWithAnApprovedReason() async throws {
        // Given what Sources/OptoLink calls and what the manifest declares
        let sources = try Self.sdkSources()
        #expect(sources.count > 30)
        let declared = Self.declared(try Self.manifest())

        // When they are compared
        let (missing, unused) = Self.audit(sources: sources, declared: declared)

        // Then nothing used is undeclared (declared but unused is only a warning: an SDK may keep a
        // declaration for a code path an app opts into)
        #expect(missing.isEmpty, "\(missing.joined(separator: "\n"))")
        for line in unused { print("warning: PrivacyInfo.xcprivacy: \(line)") }
        // And every declared reason is one Apple accepts for its category
        for (category, reasons) in declared {
            let family = try #require(
                RequiredReasonAPI.all.first { $0.category == category }, "unknown category \(category)")
            #expect(!reasons.isEmpty, "\(category) declares no reason")
            #expect(Set(reasons).isSubset(of: family.reasons), "\(category): \(reasons) not all in \(family.reasons)")
        }
    }

    @Test func theSDKsBootTimeClockAndUserDefaultsAreWhatTheScanFinds() async throws {
        // The scan is not vacuous: it finds SystemClock's systemUptime and the UserDefaults store
        let code = try Self.sdkSources().mapValues(codeOnly)
        let boot = RequiredReasonAPI.all.first { $0.category.hasSuffix("SystemBootTime") }!
        let defaults = RequiredReasonAPI.all.first { $0.category.hasSuffix("UserDefaults") }!
        #expect(!boot.uses(in: code["Sources/OptoLink/Device/OptoLinkClock.swift"] ?? "").isEmpty)
        #expect(!defaults.uses(in: code["Sources/OptoLink/Device/UserDefaultsKeyValueStore.swift"] ?? "").isEmpty)
    }

    @Test func anUndeclaredUseIsReportedAndCommentsAndStringsAreNotUses() {
        // Given a source that calls systemUptime and only names UserDefaults in a comment and a string
        let source = """
            /// Reads `UserDefaults`? No: only ProcessInfo.
            let text = "UserDefaults.standard"
            let now = ProcessInfo.processInfo.systemUptime
            """

        // When it is audited against an empty manifest
        let (missing, unused) = Self.audit(sources: ["Fixture.swift": source], declared: [:])

        // Then boot time is missing, at its line, and user defaults is not
        #expect(
            missing == [
                "NSPrivacyAccessedAPICategorySystemBootTime is used but not declared: Fixture.swift:3 (systemUptime)"
            ])
        #expect(unused.isEmpty)
        // And a declaration nothing uses is only reported as unused
        let declaredOnly = Self.audit(
            sources: ["Fixture.swift": "let x = 1"], declared: ["NSPrivacyAccessedAPICategoryDiskSpace": ["E174.1"]])
        #expect(declaredOnly.missing.isEmpty)
        #expect(declaredOnly.unused.count == 1)
    }

    @Test func theCollectedDataIsDeclaredLinkedAndNotForTracking() async throws {
        // Given the manifest
        let manifest = try Self.manifest()

        // Then the SDK says it does not track, and lists what it sends: the install's device id, the
        // user id the app sets with setIdentity, and the events it tracks (product interaction)
        #expect(manifest["NSPrivacyTracking"] as? Bool == false)
        #expect((manifest["NSPrivacyTrackingDomains"] as? [String])?.isEmpty == true)
        let collected = manifest["NSPrivacyCollectedDataTypes"] as? [[String: Any]] ?? []
        let types = collected.compactMap { $0["NSPrivacyCollectedDataType"] as? String }
        #expect(
            Set(types) == [
                "NSPrivacyCollectedDataTypeDeviceID", "NSPrivacyCollectedDataTypeUserID",
                "NSPrivacyCollectedDataTypeProductInteraction",
            ])
        let purposes: Set<String> = [
            "NSPrivacyCollectedDataTypePurposeThirdPartyAdvertising",
            "NSPrivacyCollectedDataTypePurposeDeveloperAdvertising",
            "NSPrivacyCollectedDataTypePurposeAnalytics", "NSPrivacyCollectedDataTypePurposeProductPersonalization",
            "NSPrivacyCollectedDataTypePurposeAppFunctionality", "NSPrivacyCollectedDataTypePurposeOther",
        ]
        for entry in collected {
            let type = entry["NSPrivacyCollectedDataType"] as? String ?? "?"
            #expect(entry["NSPrivacyCollectedDataTypeLinked"] as? Bool == true, "\(type) must be linked to the user")
            #expect(entry["NSPrivacyCollectedDataTypeTracking"] as? Bool == false, "\(type) must not be for tracking")
            let listed = entry["NSPrivacyCollectedDataTypePurposes"] as? [String] ?? []
            #expect(!listed.isEmpty && Set(listed).isSubset(of: purposes), "\(type): purposes \(listed)")
        }
    }
}
