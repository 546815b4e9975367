import Testing

@testable import DashboardCore

@Suite("Attach: options")
struct AttachOptionsTests {
    @Test func attachListensOnLoopback7420UnlessToldOtherwise() throws {
        let standard = try DashboardOptions.parse(["--attach"])
        #expect(
            standard.attach && standard.listen == AttachListenAddress(host: "127.0.0.1", port: 7420)
                && standard.token == nil)
        let phone = try DashboardOptions.parse(["--attach", "--listen", "0.0.0.0:7420", "--token=demo-token"])
        #expect(phone.listen == AttachListenAddress(host: "0.0.0.0", port: 7420) && phone.token == "demo-token")
        #expect(try DashboardOptions.parse(["--attach", "--listen", "127.0.0.1:0"]).listen.port == 0)
        #expect(
            try DashboardOptions.parse(["--attach", "--listen", "[::]:7420"]).listen
                == AttachListenAddress(host: "::", port: 7420))
    }

    @Test(arguments: [
        ["--listen", "127.0.0.1:7420"], ["--token", "abcd"], ["--attach", "--listen", "7420"],
        ["--attach", "--listen", "h:99999"],
        ["--attach", "--token", "a b"], ["--attach", "--headless", "--scenario", "all"],
        ["--attach", "--scenario", "outage"],
    ])
    func rejectsAttachMistakes(arguments: [String]) {
        #expect(throws: DashboardError.self) { try DashboardOptions.parse(arguments) }
    }

    @Test func helpDocumentsTheAttachFlags() {
        for flag in ["--attach", "--listen", "--token", "0.0.0.0:7420"] {
            #expect(DashboardOptions.usage.contains(flag), "\(flag)")
        }
    }
}
