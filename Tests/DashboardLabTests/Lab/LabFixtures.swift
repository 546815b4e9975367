import Foundation
import OptoLink
import OptoLinkLabEngine
import OptoLinkServer

@testable import DashboardLab

/// Hand-built populations for the lab's tests: a model with two values of each trait, and devices placed by hand.
enum LabFixtures {
    /// Two models, two iOS versions of different majors, two languages, two time zones (index 0 and 1 of each);
    /// Safari reports the real version, no app disagrees with Safari.
    static func model() -> LabModel {
        var model = LabModel()
        model.models = [LabShare("iPhone16,1", 0.5), LabShare("iPhone12,1", 0.5)]
        model.iosVersions = [LabShare("18.7.2", 0.5), LabShare("17.7.2", 0.5)]
        model.safariReportedOS = [:]
        model.languages = [LabShare("en-US", 0.5), LabShare("de-DE", 0.5)]
        model.timezones = [LabShare("America/New_York", 0.5), LabShare("Europe/Berlin", 0.5)]
        model.languageMismatch = 0
        model.timezoneMismatch = 0
        return model
    }

    /// A device with trait index `traits` for its model, version, language and time zone (on both sides), on
    /// home 0's Wi-Fi, whose SDK reads the pasteboard and finds nothing written.
    static func device(
        _ role: LabRole, click: Double = 0, launch: Double = 0, traits: UInt16 = 0, network: LabNetwork = .home,
        home: UInt32 = 0, pool: UInt32 = 0, flags: LabDevice.Flags = [.clipboardRead]
    ) -> LabDevice {
        var device = LabDevice(role: role)
        device.model = traits
        device.version = traits
        device.launchVersion = traits
        device.language = traits
        device.appLanguage = traits
        device.timezone = traits
        device.appTimezone = traits
        device.clickNetwork = network
        device.launchNetwork = network
        device.home = home
        device.pool = pool
        device.launchPool = pool
        device.flags = flags
        device.clickTime = click
        device.launchTime = launch
        return device
    }

    /// Runs `devices` in process for `service`.
    static func run(
        _ devices: [LabDevice], service: OptoLinkService = .optoLink, model: LabModel = model(),
        policy: DirectMatcher.Policy? = nil
    ) async throws -> LabRun {
        let population = LabPopulation(model: model, devices: devices)
        return try await InProcessLabEngine().run(
            LabJob(population: population, service: service, policy: policy), progress: { _ in })
    }

    /// The repository's root (from this file's path).
    static var root: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
    }
}
