internal import OptoLinkHTTP

/// One service's deployment behind ``StandInService``: its profile, its association file, and its
/// answer to every request but the association file's (which the facade serves from ``association``).
protocol StandInBackend: Sendable {
    /// Keys, app and links.
    var profile: StandInProfile { get }
    /// The association file it serves (before flaws).
    var association: AssociationFile { get }
    /// The answer to `request`: unknown paths 404 in the service's own error shape; bad input refused
    /// with a 4xx, returned or thrown.
    func route(_ request: StandInRequest) throws(StandInRefusal) -> HTTPResponse
}

extension StandInBackend {
    /// ``route(_:)``'s answer, or the answer of the refusal it threw.
    func respond(to request: StandInRequest) -> HTTPResponse {
        do {
            return try route(request)
        } catch {
            return error.response
        }
    }
}
