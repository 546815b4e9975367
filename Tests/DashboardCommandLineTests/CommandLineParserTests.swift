import Foundation
import Testing

@testable import DashboardCommandLine

/// The parser on a small table of its own: every refusal is one exact line made from the table.
@Suite("CommandLineParser")
struct CommandLineParserTests {
    static let parser = CommandLineParser(
        program: "tool",
        commands: [
            CommandSpec("", summary: "run", overview: "tool: runs.", footer: "EXIT CODES: 0 done."),
            CommandSpec(
                "check", summary: "checks a host", overview: "tool check: checks.",
                positional: PositionalSpec("FILE", noun: "file", help: "the file to check"), footer: ""),
            CommandSpec("check all", summary: "checks every host", overview: "tool check all", footer: ""),
        ],
        flags: [
            FlagSpec(["--help", "-h"], help: "show this help.", commands: ["", "check", "check all"]),
            FlagSpec(
                ["--wait"], .number("a number of seconds", NumberRange(above: 0, upTo: 60)), value: "SECONDS",
                help: "how long to wait\n(default 1)", commands: [""]),
            FlagSpec(
                ["--tries"], .integer("whole tries", NumberRange(from: 1, through: 5)), value: "N",
                help: "how often", commands: ["check"]),
            FlagSpec(["--mode"], .choice(["fast", "slow"]), value: "MODE", help: "the pace", commands: ["", "check"]),
            FlagSpec(
                ["--tag"], .string("a tag"), value: "TAG", help: "a tag (repeatable)", commands: [""], repeats: true),
            FlagSpec(["--out"], .path("a file to write"), value: "FILE", help: "where", commands: [""]),
            FlagSpec(["--url"], .url("a URL"), value: "URL", help: "the host", commands: ["check"]),
            FlagSpec(["--json"], help: "JSON out", commands: ["check"]),
        ])

    /// The line `arguments` are refused with, or nil.
    static func refusal(_ arguments: [String]) -> String? {
        do {
            _ = try parser.parse(arguments)
            return nil
        } catch {
            return error.message
        }
    }

    @Test func aNumberOutsideItsRangeIsRefusedSayingTheRange() throws {
        // Given the range (0, 60] for --wait
        // When values inside, on and past its bounds are given, Then only the inside ones are read
        #expect(try Self.parser.parse(["--wait", "60"]).number("--wait") == 60)
        #expect(try Self.parser.parse(["--wait=0.05"]).number("--wait") == 0.05)
        #expect(Self.refusal(["--wait", "0"]) == "--wait must be a number of seconds in (0, 60], not '0'")
        #expect(Self.refusal(["--wait", "61"]) == "--wait must be a number of seconds in (0, 60], not '61'")
        #expect(Self.refusal(["--wait", "nan"]) == "--wait must be a number of seconds in (0, 60], not 'nan'")
        #expect(Self.refusal(["check", "--tries", "6"]) == "--tries must be whole tries in [1, 5], not '6'")
        #expect(Self.refusal(["check", "--tries", "2.5"]) == "--tries must be whole tries in [1, 5], not '2.5'")
        #expect(try Self.parser.parse(["check", "--tries", "5"]).integer("--tries") == 5)
    }

    @Test func aChoiceIsReadInAnyCaseAsDeclaredAndAnOtherWordIsRefusedNamingThem() throws {
        #expect(try Self.parser.parse(["--mode", "FAST"]).text("--mode") == "fast")
        #expect(Self.refusal(["--mode", "medium"]) == "--mode must be fast or slow, not 'medium'")
        #expect(Self.refusal(["--mode"]) == "--mode needs fast or slow")
    }

    @Test func aRepeatedFlagKeepsEveryValueInOrderAndAnotherKeepsTheLast() throws {
        let parsed = try Self.parser.parse(["--tag", "a", "--tag=b", "--mode", "fast", "--mode", "slow"])
        #expect(parsed.texts("--tag") == ["a", "b"])
        #expect(parsed.texts("--mode") == ["slow"])
    }

    @Test func anUnknownFlagIsRefusedPointingAtTheCommandsHelp() {
        #expect(Self.refusal(["--nope"]) == "unknown argument '--nope' (see --help)")
        #expect(Self.refusal(["--nope=1"]) == "unknown argument '--nope=1' (see --help)")
        #expect(Self.refusal(["check", "-x"]) == "unknown argument '-x' (see tool check --help)")
        #expect(Self.refusal(["stray"]) == "unknown argument 'stray' (see --help)")
    }

    @Test func aFlagOfAnotherCommandIsRefusedAsThatCommandDoesNotTakeIt() {
        // --wait is the program's, --json is check's
        #expect(Self.refusal(["check", "--wait", "1"]) == "unknown argument '--wait' (see tool check --help)")
        #expect(Self.refusal(["--json"]) == "unknown argument '--json' (see --help)")
        #expect(Self.refusal(["check", "all", "--json"]) == "unknown argument '--json' (see tool check all --help)")
    }

    @Test func aMissingValueIsRefusedNamingWhatTheFlagNeeds() {
        #expect(Self.refusal(["--wait"]) == "--wait needs a number of seconds")
        #expect(Self.refusal(["--tag", "--wait", "1"]) == "--tag needs a tag")
        #expect(Self.refusal(["--out", ""]) == "--out needs a file to write, not an empty path")
        #expect(Self.refusal(["check", "--json=yes"]) == "--json takes no value, not 'yes'")
    }

    @Test func aURLMustBeHTTPWithAHostAndAPortThatExists() throws {
        #expect(try Self.parser.parse(["check", "--url", "HTTPS://a.test/v1"]).url("--url")?.host == "a.test")
        #expect(
            Self.refusal(["check", "--url", "ftp://a.test"])
                == "--url must be an http(s) URL with a host, not 'ftp://a.test'")
        #expect(
            Self.refusal(["check", "--url", "http://a.test:70000"])
                == "--url 'http://a.test:70000': port 70000 is not 1–65535")
        // A port too large for any integer is out of range too, not a URL the transport refuses later
        #expect(
            Self.refusal(["check", "--url", "http://127.0.0.1:9223372036854775808"])
                == "--url 'http://127.0.0.1:9223372036854775808': port 9223372036854775808 is not 1–65535")
        // The scheme is case-insensitive (RFC 3986): the URL the tools use has it in lower case
        #expect(
            try Self.parser.parse(["check", "--url", "HTTP://127.0.0.1:9/x"]).url("--url")?.absoluteString
                == "http://127.0.0.1:9/x")
    }

    @Test func aURLWithAUserOrPasswordIsRefusedBeforeItCanBeWrittenAnywhere() {
        for url in ["http://alice:s3cretPW@127.0.0.1:9", "https://alice@a.test/x"] {
            #expect(
                Self.refusal(["check", "--url", url])
                    == "--url must not carry a user name or password (user:pass@): it would be written into exports "
                    + "and recordings; give the service's keys with their own flags")
        }
    }

    @Test func anIPv4AddressIsWrittenAsFourNumbers() throws {
        #expect(try Self.parser.parse(["check", "--url", "http://10.0.0.255:8"]).url("--url")?.host == "10.0.0.255")
        for host in ["127.1", "2130706433", "127.0.0.01", "256.0.0.1"] {
            #expect(
                Self.refusal(["check", "--url", "http://\(host):9"])
                    == "--url 'http://\(host):9': \(host) is not an IPv4 address of four numbers 0–255 (write "
                    + "127.0.0.1, not 127.1 or 2130706433), nor a host name")
        }
    }

    @Test func theLongestCommandNameWinsAndPositionalsAreCounted() throws {
        #expect(try Self.parser.parse(["check", "all"]).command == "check all")
        let check = try Self.parser.parse(["check", "a.txt", "--tries", "2"])
        #expect(check.command == "check" && check.positionals == ["a.txt"] && check.integer("--tries") == 2)
        #expect(Self.refusal(["check", "a.txt", "b.txt"]) == "one file at a time: 'a.txt' and 'b.txt'")
        #expect(Self.refusal(["--tag", "x", "a.txt"]) == "unknown argument 'a.txt' (see --help)")
    }

    @Test func helpIsMadeFromTheTable() {
        let help = CommandHelp.text(for: "", in: Self.parser)
        #expect(
            help == """
                tool: runs.

                OPTIONS:
                  -h, --help            show this help.
                  --wait SECONDS        how long to wait
                                        (default 1)
                  --mode MODE           the pace
                  --tag TAG             a tag (repeatable)
                  --out FILE            where

                COMMANDS:
                  check                 checks a host

                EXIT CODES: 0 done.
                """)
        #expect(CommandHelp.text(for: "check", in: Self.parser).contains("  FILE                  the file to check"))
    }
}
