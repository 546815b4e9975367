import DashboardCore
import Foundation
import OptoLink
import OptoLinkS2S

/// Carries the requests of `OptoLinkS2S`'s `AppsFlyerS2SClient` (the client an app's backend uses, which
/// signs them) through the doctor's runner, so each is recorded as a ``DoctorExchange`` like the doctor's own.
actor DoctorS2STransport: S2STransport {
    private let runner: DoctorRunner
    /// Every exchange made so far, in order.
    private(set) var exchanges: [DoctorExchange] = []

    /// A transport over `runner`.
    init(runner: DoctorRunner) { self.runner = runner }

    /// Sends `request`; throws a `URLError` with the failure's code when no HTTP answer came.
    func send(_ request: S2SHTTPRequest) async throws -> S2SHTTPResponse {
        let exchange = await runner.send(
            HTTPRequest(
                method: request.method, url: request.url, headers: request.headers, body: request.body,
                timeout: request.timeout))
        exchanges.append(exchange)
        switch exchange.outcome {
        case .answered(let response):
            return S2SHTTPResponse(status: response.status, headers: response.headers, body: response.body)
        case .failed(let failure):
            // Failable on Linux, not on Apple platforms: typed optional so both read the same.
            let code: URLError.Code? = URLError.Code(rawValue: failure.code)
            throw URLError(code ?? .unknown)
        }
    }
}
