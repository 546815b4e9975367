import DashboardCore
import OptoLink

/// The values a population's devices point into by index: models with their screens, iOS versions (the model's,
/// then a point update of each) with the version Safari reports for each, languages and time zones.
struct LabTraits: Sendable {
    var models: [String]
    var screens: [DeviceScreen]
    /// The model's versions, then each one's point update at `index + updateOffset`.
    var versions: [String]
    /// What Safari's User-Agent says for each of ``versions``.
    var reportedVersions: [String]
    var languages: [String]
    var timezones: [String]

    /// Where the point updates start in ``versions``.
    var updateOffset: Int { versions.count / 2 }

    /// The tables of `model`.
    init(_ model: LabModel) {
        models = model.models.map(\.value)
        screens = models.map(DeviceScreens.screen(of:))
        let base = model.iosVersions.map(\.value)
        versions = base + base.map(Self.pointUpdate)
        reportedVersions = versions.map { model.safariReportedOS[$0] ?? $0 }
        languages = model.languages.map(\.value)
        timezones = model.timezones.map(\.value)
    }

    /// The next point release: `26.1` → `26.2`, `18.7.2` → `18.8`, `26` → `26.1`.
    static func pointUpdate(_ version: String) -> String {
        let parts = version.split(separator: ".").compactMap { Int($0) }
        guard let major = parts.first else { return version }
        return "\(major).\((parts.count > 1 ? parts[1] : 0) + 1)"
    }
}
