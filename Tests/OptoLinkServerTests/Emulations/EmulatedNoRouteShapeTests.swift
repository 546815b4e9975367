import Foundation
import OptoLinkHTTP
import Testing

@testable import OptoLinkServer

/// The answers the router gives before a route is found take the shape of the service whose paths they
/// are under, as the routes' own errors do.
@Suite struct EmulatedNoRouteShapeTests {
    @Test func aPathUnderAServiceThatIsNoRouteIsA404InThatServicesShape() throws {
        let emulation = try EmulationRouter()
        // AppsFlyer: {code, message}
        let appsFlyer = try emulation.respond("POST", "/v1.0/ios")
        #expect(appsFlyer.status == 404)
        #expect(EmulationRouter.json(appsFlyer)?["code"] == "not_found")
        #expect(EmulationRouter.json(appsFlyer)?["message"] == "No route for POST /v1.0/ios")
        // QubeRoute: {error: {code, message}}
        let qubeRoute = try emulation.respond("POST", "/api/v1/sdk/nothing")
        #expect(qubeRoute.status == 404)
        #expect(EmulationRouter.json(qubeRoute)?["error"]?["code"] == "not_found")
        // Deep Blue: {detail}
        let deepBlue = try emulation.respond("POST", "/api/links/nothing")
        #expect(deepBlue.status == 404)
        #expect(EmulationRouter.json(deepBlue)?["detail"] == "No route for POST /api/links/nothing")
        // OptoLink's own paths keep the contract's envelope
        let optoLink = try emulation.respond("POST", "/sdk/nothing")
        #expect(optoLink.status == 404)
        #expect(EmulationRouter.json(optoLink)?["message"] == "No route for POST /sdk/nothing")
        #expect(EmulationRouter.json(optoLink)?["code"] == nil)
    }
}
