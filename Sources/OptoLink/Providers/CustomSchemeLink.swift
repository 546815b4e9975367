import Foundation

/// The one reading of the app's own URL schemes (``OptoLinkConfiguration/Links/urlSchemes``), shared by every
/// provider that resolves links (OptoLink, QubeRoute and Deep Blue Links): the URL is the link, read without a
/// request.
///
/// As the preview page's "Open the App" button builds it (`myapp://products/1234`): the host is the first
/// path segment, so the path is `/products/1234` (an empty host adds none); query items become `params`
/// (strings; a name given several times, an array of them; an item without `=`, `""`); the fragment is
/// ignored. `linkId` is nil, the method ``MatchMethod/customScheme``.
enum CustomSchemeLink {
    /// Whether `url`'s scheme is one of `schemes` (lower-cased).
    static func isCustomScheme(_ url: URL, schemes: Set<String>) -> Bool {
        guard !schemes.isEmpty, let scheme = url.scheme?.lowercased() else { return false }
        return schemes.contains(scheme)
    }

    /// The link `url` stands for when its scheme is one of `schemes`, else nil.
    static func link(
        in url: URL, schemes: Set<String>, service: OptoLinkService, providerFields: [String: JSONValue] = [:]
    ) -> OptoLinkData? {
        guard isCustomScheme(url, schemes: schemes),
            let components = URLComponents(url: url, resolvingAgainstBaseURL: true)
        else {
            return nil
        }
        var path = ""
        if let host = components.host, !host.isEmpty { path = "/" + host }  // `myapp:///x` has an empty host
        let rest = components.path
        if !rest.isEmpty { path += rest.hasPrefix("/") ? rest : "/" + rest }
        if path.isEmpty { path = "/" }
        var params: [String: JSONValue] = [:]
        for item in components.queryItems ?? [] {
            ProviderSupport.addParam(item.value ?? "", named: item.name, to: &params)
        }
        return OptoLinkData(
            linkId: nil, path: path, params: params, matchType: .customScheme, isDeferred: false, service: service,
            providerFields: providerFields)
    }
}
