import Foundation
import OptoLinkTesting
import Testing

@testable import OptoLink

@Suite("Device: stores, identifier, fingerprint")
struct DeviceTests {
    static func temporaryDirectory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent(
            "optolink-tests-\(UUID().uuidString)", isDirectory: true)
    }

    @Test func fileStoreKeepsValuesAcrossInstances() throws {
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = FileKeyValueStore(directory: directory)
        store.set("abc", forKey: "optolink_device_id")
        store.set(true, forKey: "optolink_first_launch_done")
        store.set(Data([0, 1, 2, 255]), forKey: "optolink_event_queue")
        store.set("odd", forKey: "../weird key/ü")

        let reopened = FileKeyValueStore(directory: directory)
        #expect(reopened.string(forKey: "optolink_device_id") == "abc")
        #expect(reopened.bool(forKey: "optolink_first_launch_done"))
        #expect(reopened.bool(forKey: "missing") == false)
        #expect(reopened.data(forKey: "optolink_event_queue") == Data([0, 1, 2, 255]))
        #expect(reopened.string(forKey: "../weird key/ü") == "odd")

        reopened.set(nil as String?, forKey: "optolink_device_id")
        reopened.removeValue(forKey: "optolink_event_queue")
        #expect(store.string(forKey: "optolink_device_id") == nil)
        #expect(store.data(forKey: "optolink_event_queue") == nil)

        // Every file stays inside the directory, and no temporary files are left behind
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        #expect(files == ["%2E%2E%2Fweird%20key%2F%C3%BC.value", "optolink_first_launch_done.value"])
    }

    @Test func fileStoreSurvivesConcurrentWriters() async throws {
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = FileKeyValueStore(directory: directory)
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<50 {
                group.addTask { store.set("value-\(index)", forKey: "shared") }
            }
        }
        let value = try #require(store.string(forKey: "shared"))
        #expect(value.hasPrefix("value-"))
    }

    @Test func userDefaultsStoreRoundTrips() {
        let suite = "optolink-tests-\(UUID().uuidString)"
        let store = UserDefaultsKeyValueStore(suiteName: suite)
        store.set("x", forKey: "k")
        store.set(true, forKey: "b")
        store.set(Data([9]), forKey: "d")
        #expect(store.string(forKey: "k") == "x")
        #expect(store.bool(forKey: "b"))
        #expect(store.data(forKey: "d") == Data([9]))
        store.removeValue(forKey: "k")
        store.set(nil as Data?, forKey: "d")
        #expect(store.string(forKey: "k") == nil)
        #expect(store.data(forKey: "d") == nil)
        store.removeValue(forKey: "b")
        UserDefaults.standard.removePersistentDomain(forName: suite)
    }

    @Test func theDeviceIdIsAStableLowercaseUUIDv4() throws {
        let store = InMemoryKeyValueStore()
        let ids = DeviceIdentifierStore(store: store)
        let id = ids.deviceId()
        #expect(id == ids.deviceId())
        #expect(store.string(forKey: "optolink_device_id") == id)
        #expect(id == id.lowercased())
        let uuid = try #require(UUID(uuidString: id))
        #expect(uuid.uuid.6 >> 4 == 4)  // version 4
        #expect(DeviceIdentifierStore(store: InMemoryKeyValueStore()).deviceId() != id)
    }

    @Test func anUnusableStoredIdIsReplaced() {
        let store = InMemoryKeyValueStore()
        store.set("short", forKey: DeviceIdentifierStore.key)
        let id = DeviceIdentifierStore(store: store).deviceId()
        #expect(id != "short")
        #expect(id.count == 36)
    }

    @Test func launchStateIsAFlag() {
        let store = InMemoryKeyValueStore()
        let state = LaunchState(store: store)
        #expect(state.isFirstLaunch)
        state.markFirstLaunchDone()
        #expect(!LaunchState(store: store).isFirstLaunch)
        #expect(store.bool(forKey: "optolink_first_launch_done"))
    }

    @Test func theFingerprintUsesBrowserFormats() {
        let fingerprint = FingerprintCollector().fingerprint()
        #if os(iOS)
        #expect(fingerprint.platform == "iOS")
        #elseif os(Linux)
        #expect(fingerprint.platform == "Linux")
        #endif
        #expect(!fingerprint.deviceModel.isEmpty)
        #expect(!fingerprint.language.contains("_"))
        #expect(!fingerprint.timezone.isEmpty)
        #expect(fingerprint.osVersion.split(separator: ".").count >= 2)
        #expect(FingerprintCollector.normalizeLanguage("en_US") == "en-US")
        #expect(FingerprintCollector.normalizeLanguage("pt_BR.UTF-8") == "pt-BR")
        #expect(FingerprintCollector.normalizeLanguage("de_DE@euro") == "de-DE")
        #expect(FingerprintCollector.normalizeLanguage("zh-Hant-TW") == "zh-Hant-TW")
        #expect(FingerprintCollector.normalizeLanguage("C") == "en-US")
        #expect(
            FingerprintCollector.osVersion(OperatingSystemVersion(majorVersion: 17, minorVersion: 4, patchVersion: 1))
                == "17.4.1")
        #expect(
            FingerprintCollector.osVersion(OperatingSystemVersion(majorVersion: 17, minorVersion: 4, patchVersion: 0))
                == "17.4")
    }

    @Test func theLiveEnvironmentIsFoundationOnly() async {
        let environment = OptoLinkEnvironment.live(store: InMemoryKeyValueStore())
        #if !canImport(UIKit)
        #expect(await environment.pasteboard.hasStrings() == false)
        #endif
        #expect(environment.deviceInfo.fingerprint().platform == FingerprintCollector.platform)
    }
}
