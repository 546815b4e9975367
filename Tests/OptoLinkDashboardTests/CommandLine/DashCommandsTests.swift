import Foundation
import Testing

@testable import OptoLinkDashboard

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
}
