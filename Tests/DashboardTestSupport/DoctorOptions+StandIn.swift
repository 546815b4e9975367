import DashboardCore
import DashboardDoctor
import Foundation
import OptoLink
import TestSupport

extension DoctorOptions {
    /// The doctor's options for `service` with every flag its deployment has (`apiKey` and `devKey` overridden).
    package static func standIn(_ service: StandInService, apiKey: String? = nil, devKey: String? = nil)
        -> DoctorOptions
    {
        let provider: OptoLinkService =
            switch service.kind {
            case .optoLink: .optoLink
            case .quberoute: .quberoute
            case .deepBlue: .deepBlue
            case .appsFlyer: .appsFlyer
            }
        let key = apiKey ?? (service.apiKey.isEmpty ? nil : service.apiKey)
        return DoctorOptions(
            provider: provider, link: service.mainLink, baseURL: service.baseURL,
            apiKey: key.map(APIKey.init(rawValue:)),
            teamId: service.teamID, bundleId: service.bundleID, appID: service.appID.isEmpty ? nil : service.appID,
            devKey: (devKey ?? (service.devKey.isEmpty ? nil : service.devKey)).map(DevKey.init(rawValue:)))
    }
}
