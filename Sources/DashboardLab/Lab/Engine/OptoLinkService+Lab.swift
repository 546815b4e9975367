import DashboardCore
import OptoLink
import OptoLinkLabEngine

extension OptoLinkService {
    /// The wire format the lab's engines match with for this service.
    package var matcherService: DirectMatcher.Service {
        switch self {
        case .optoLink: .optoLink
        case .quberoute: .quberoute
        case .deepBlue: .deepBlue
        case .appsFlyer: .appsFlyer
        }
    }

    /// What this service's wire format gives the matching engine in the lab, one line: the comparison is of
    /// what each wire format makes possible, not of the vendor's own algorithm.
    package var labSignals: String {
        switch self {
        case .optoLink:
            "the seed's algorithm: the redirect page's address, User-Agent (platform, OS version) and language; "
                + "/match's clipboard token, OS version, model, language and time zone"
        case .quberoute:
            "only what its match carries: the install token, the app's address, User-Agent and Accept-Language "
                + "(no OS version, model or time zone); not QubeRoute's own algorithm"
        case .deepBlue:
            "only what check-deferred carries: time zone, screen and language (and the address), against the "
                + "click page's; not Deep Blue's own algorithm"
        case .appsFlyer:
            "only what the S2S call carries: the address, os, lang and the device family of type, against the "
                + "click's User-Agent; not AppsFlyer's own algorithm"
        }
    }
}
