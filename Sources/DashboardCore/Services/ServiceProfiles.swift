import OptoLink

/// The one place that maps a service to its profile.
package enum ServiceProfiles {
    /// The profile of `service`.
    package static func profile(for service: OptoLinkService) -> any ServiceProfile {
        switch service {
        case .optoLink: OptoLinkServiceProfile()
        case .quberoute: QubeRouteServiceProfile()
        case .deepBlue: DeepBlueServiceProfile()
        case .appsFlyer: AppsFlyerServiceProfile()
        }
    }
}
