import Testing

@testable import DashboardCore
@testable import DashboardProxy

/// `proxy --fault` rules that are not rules are refused with one clear line.
@Suite("Fault rules: a bare '=' and a repeated key are refused")
struct ProxyFaultBadInputTests {
    @Test func aBareEqualsSignIsAClearErrorNotACrash() {
        // Given the rules "=", "=503" and ",=,"
        for text in ["=", "=503", ",=,"] {
            // When each is parsed, then it is a usage error saying a key is missing
            #expect {
                _ = try ProxyFaultSyntax.parse(text)
            } throws: { error in
                (error as? DashboardError)?.isUsage == true && "\(error)".contains("has no key before '='")
            }
        }
    }

    @Test func aRepeatedKeyIsRefusedNamingIt() {
        // Given a rule that names its route twice
        // When it is parsed, then the repeated key is named
        #expect {
            _ = try ProxyFaultSyntax.parse("route=match,status=503,route=data")
        } throws: { error in
            "\(error)" == "fault 'route=match,status=503,route=data': route is given twice"
        }
        #expect {
            _ = try ProxyCommand.parse(["--upstream", "http://127.0.0.1:1", "--fault", "status=503,count=2,count=3"])
        } throws: { error in
            "\(error)".contains("count is given twice")
        }
    }
}
