import Foundation
import Testing

@testable import DashboardCore
@testable import DashboardDoctor
@testable import DashboardLab
@testable import DashboardProxy

/// `optolink-dash`'s own table: its commands, their help and the lines a wrong command line gets.
@Suite("DashCommands")
struct DashCommandsTests {
    @Test func theHelpListsEveryCommandLabIncluded() {
        let help = DashCommands.usage(DashCommands.run)
        for command in ["doctor", "lab", "proxy", "export"] {
            #expect(help.contains("\n  \(command) "), "\(command) is not in --help's COMMANDS")
        }
        #expect(!help.contains("lab merge  "))
    }

    @Test func everyCommandHasItsOwnHelpNamingItsFlags() {
        for command in DashCommands.parser.commands {
            let help = DashCommands.usage(command.name)
            for flag in DashCommands.parser.flags(of: command.name) {
                #expect(help.contains(flag.name), "\(flag.name) is not in \(command.name)'s help")
            }
        }
    }

    @Test func noCommandDeclaresAFlagTwice() {
        for command in DashCommands.parser.commands {
            let names = DashCommands.parser.flags(of: command.name).flatMap(\.names)
            #expect(Set(names).count == names.count, "\(command.name)")
        }
    }

    @Test func aFlagGivenToACommandThatDoesNotTakeItIsRefused() {
        #expect(throws: DashboardError.usage("unknown argument '--json' (see --help)")) {
            try DashCommands.parse(["--json"])
        }
        #expect(throws: DashboardError.usage("unknown argument '--upstream' (see optolink-dash export --help)")) {
            try DashCommands.parse(["export", "a.olsession", "--upstream", "http://a.test"])
        }
    }

    @Test func theCommandsAreTheTablesWords() throws {
        #expect(try DashCommands.parse(["lab", "merge", "a.json", "b.json"]).positionals == ["a.json", "b.json"])
        #expect(try DashCommands.parse(["lab", "merge"]).command == DashCommands.labMerge)
        #expect(try DashCommands.parse(["--headless", "--scenario", "all"]).command == DashCommands.run)
        #expect(try DashCommands.parse(["proxy", "--upstream", "http://a.test"]).command == DashCommands.proxy)
    }

    @Test func aMissingValueNamesWhatTheFlagNeedsAtTheEndOrBeforeAnotherFlag() {
        for arguments in [["--junit"], ["--junit", "--headless"]] {
            #expect(throws: DashboardError.usage("--junit needs a file to write the JUnit XML to")) {
                try DashCommands.parse(arguments)
            }
        }
    }

    @Test func aURLMustBeHTTPOrHTTPSWithAHostForEveryCommand() throws {
        for text in ["ftp://a.test", "a.test/x", "http://"] {
            for command in [[], ["doctor"], ["lab"]] {
                #expect(throws: DashboardError.usage("--base-url must be an http(s) URL with a host, not '\(text)'")) {
                    try DashCommands.parse(command + ["--base-url", text])
                }
            }
        }
        #expect(
            try DashCommands.parse(["--base-url=HTTPS://api.example.com/v1"]).url("--base-url")?.host
                == "api.example.com")
    }

    @Test func aBaseURLTheSDKRefusesNamesBaseURLNotTheKeys() throws {
        // Given a --base-url with a query, which the SDK's configuration refuses
        // Then the refusal names --base-url, not --api-key / --org-key
        let error = #expect(throws: DashboardError.self) {
            try DashboardOptions.parse(["--base-url", "http://127.0.0.1:9/p?x=1", "--org-key", "demo"])
        }
        #expect(error?.message.hasPrefix("--base-url: the SDK refuses this OptoLink configuration") == true)
    }

    #if os(Linux)
    /// `optolink-server --host ::1` says `listening on http://[::1]:PORT`; FoundationNetworking cannot send to
    /// that URL (URLError -1000), so every command refuses it at once, saying what to give instead.
    @Test func anIPv6LiteralIsRefusedWithWhatToGiveInstead() throws {
        let text = "http://[::1]:8787"
        let reason = "URLSession on Linux cannot reach an IPv6 address literal: give an IPv4 address or a host name"
        for command in [[], ["doctor"], ["lab"]] {
            #expect(throws: DashboardError.usage("--base-url '\(text)': \(reason)")) {
                try DashCommands.parse(command + ["--base-url", text])
            }
        }
        #expect(throws: DashboardError.usage("--link main '\(text)/demo/a': \(reason)")) {
            try DashboardOptions.parse(["--base-url", "http://localhost:8787", "--link", text + "/demo/a"])
        }
    }
    #endif

    @Test func aLinkRoleGivenTwiceIsRefusedByTheDashboardAndTheProxy() throws {
        let two = ["--link", "https://go.a.test/x", "--link", "cold-start=https://go.a.test/y"]
        let options = try DashboardOptions.parse(two + ["--base-url", "https://go.a.test"])
        #expect(
            options.links == [
                .main: URL(string: "https://go.a.test/x")!, .coldStart: URL(string: "https://go.a.test/y")!,
            ])
        #expect(throws: DashboardError.usage("--link main is given twice")) {
            try DashboardOptions.parse(two + ["--link", "https://go.a.test/z", "--base-url", "https://go.a.test"])
        }
        #expect(throws: DashboardError.usage("--link main is given twice")) {
            try ProxyCommand.parse([
                "--upstream", "http://a.test", "--link", "https://a.test/x", "--link=https://a.test/z",
            ])
        }
    }

    @Test func everyCommandTakesAValueAfterAnEqualsSignAndAServiceInAnyCase() throws {
        let proxy = try ProxyCommand.parse(["--upstream=http://127.0.0.1:8787", "--link=https://go.a.test/x"])
        #expect(proxy.upstream == URL(string: "http://127.0.0.1:8787")!)
        #expect(proxy.links[.main] == URL(string: "https://go.a.test/x")!)
        #expect(try DashboardOptions.parse(["--provider=AppsFlyer"]).provider == .appsFlyer)
        guard case .run(let lab) = try LabOptions.parse(["--provider=QubeRoute"]) else {
            Issue.record("lab --provider did not parse to a run")
            return
        }
        #expect(lab.services == [.quberoute])
        guard case .run(let doctor) = try DoctorOptions.parse(["--provider=DeepBlue", "--link", "https://a.test/x"])
        else {
            Issue.record("doctor --provider did not parse to a run")
            return
        }
        #expect(doctor.provider == .deepBlue)
        for command in [[], ["doctor"], ["lab"]] {
            #expect(
                throws: DashboardError.usage(
                    "--provider must be optolink, quberoute, deepblue or appsflyer, not 'branch'")
            ) { try DashCommands.parse(command + ["--provider", "branch"]) }
        }
    }
}

/// `optolink-dash open FILE`: a recorded session as a command of its own, as `--open FILE` shows it.
@Suite("optolink-dash open")
struct OpenCommandTests {
    @Test func openIsACommandWithItsOwnHelp() throws {
        // Given the program's help and open's own
        let help = DashCommands.usage(DashCommands.run)
        let open = DashCommands.usage(DashCommands.open)

        // Then the program lists it, and open's help names its file and its flags
        #expect(help.contains("\n  open "), "open is not in --help's COMMANDS")
        #expect(open.contains("optolink-dash open SESSION"))
        #expect(open.contains("--theme") && open.contains("--no-mouse"))
        #expect(try DashboardOptions.parse(["open", "--help"]).helpText == open)
        #expect(try DashboardOptions.parse(["--help"]).helpText == help)
    }

    @Test func openShowsTheSessionAsOpenDoes() throws {
        // Given a session opened by the command and by the flag
        let command = try DashboardOptions.parse(["open", "run.olsession", "--theme", "mono", "--no-mouse"])
        let flag = try DashboardOptions.parse(["--open", "run.olsession", "--theme", "mono", "--no-mouse"])

        // Then both ask for the same run
        #expect(command.openFile == "run.olsession")
        #expect(command == flag)
    }

    @Test func openRefusesWhatARecordedSessionCannotTake() {
        // A session is shown offline: no file is a usage error, a live run's flag is not open's
        #expect(throws: DashboardError.usage("open needs the session to show: optolink-dash open SESSION")) {
            try DashboardOptions.parse(["open"])
        }
        #expect(throws: DashboardError.usage("unknown argument '--base-url' (see optolink-dash open --help)")) {
            try DashboardOptions.parse(["open", "run.olsession", "--base-url", "http://a.test"])
        }
    }
}
