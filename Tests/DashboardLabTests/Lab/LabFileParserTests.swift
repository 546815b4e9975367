import Foundation
import OptoLink
import Testing

@testable import DashboardLab

@Suite("Lab: the lab file and --set")
struct LabFileParserTests {
    func problem(_ text: String, settings: [String] = []) -> String {
        do {
            _ = try LabFileParser.load(text: text, file: "labs/x.lab", name: "x", settings: settings)
            return "loaded"
        } catch {
            #expect(error.isLab)
            return error.message
        }
    }

    @Test func theShippedDefaultLabSpellsOutEveryDefault() throws {
        // Given labs/default.lab
        let url = LabFixtures.root.appendingPathComponent("labs/default.lab")
        let text = try String(contentsOf: url, encoding: .utf8)

        // When it is read
        let model = try LabFileParser.load(text: text, file: url.path, name: "default")

        // Then it sets every key, to the built-in default
        #expect(model == LabModel())
        for key in LabKey.all {
            #expect(text.contains("\n\(key.name) ="), "labs/default.lab does not set \(key.name)")
        }
    }

    @Test func docsLabDocumentsEveryKey() throws {
        // Given docs/lab.md
        let text = try String(contentsOf: LabFixtures.root.appendingPathComponent("docs/lab.md"), encoding: .utf8)

        // Then every key is in it, in backquotes (the points keys by their shared row)
        for key in LabKey.all where !key.name.hasPrefix("backend.points.") || key.name.hasSuffix("recency") {
            #expect(text.contains("`\(key.name)`"), "docs/lab.md does not document \(key.name)")
        }
        #expect(text.contains("`backend.points.ip` … `backend.points.deviceModel`"))
    }

    @Test func everyShippedLabIsReadWithoutAProblem() throws {
        // Given every file in labs/
        let folder = LabFixtures.root.appendingPathComponent("labs")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".lab") }
        #expect(files.count >= 3)
        for file in files {
            // When it is read, then it loads
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            #expect(throws: Never.self) { try LabFileParser.load(text: text, file: file, name: file) }
        }
    }

    @Test func keysValuesCommentsAndIndentedListsAreRead() throws {
        // Given a file with comments, a blank line, spaces around '=' and a list on indented lines
        let text = """
            # a crowded network
            installs = 1_200   # a comment after a value

            delay.median=5m
            delay.p90 = 9h
            device.ios =
                26.2    60%
                18.7.2  40%   # the rest
            backend.guard = off
            browser.reportedOS = none
            """

        // When it is read
        let model = try LabFileParser.load(text: text, file: "labs/x.lab", name: "x")

        // Then each value is set and the others keep their defaults
        #expect(model.installs == 1_200 && model.delayMedian == 300 && model.delayP90 == 9 * 3600)
        #expect(model.iosVersions == [LabShare("26.2", 0.6), LabShare("18.7.2", 0.4)])
        #expect(model.policy.guardSize == nil && model.safariReportedOS.isEmpty)
        #expect(model.name == "x" && model.organicShare == LabModel().organicShare)
    }

    @Test func setOverridesTheFileAndIsCheckedLikeIt() throws {
        // Given a file and two --set for one key
        let model = try LabFileParser.load(
            text: "installs = 100\n", file: "labs/x.lab", name: "x", settings: ["installs=300", "network.ipv6 = 0%"])

        // Then the last word is --set's
        #expect(model.installs == 300 && model.ipv6Share == 0)
        #expect(problem("", settings: ["installs"]).contains("--set installs: expected key=value"))
        #expect(
            problem("", settings: ["instals=3"]) == "--set instals=3: unknown key 'instals' (did you mean installs?)")
        #expect(problem("", settings: ["relay=5"]) == "--set relay=5: relay takes a percentage such as 20%, not '5'")
    }

    @Test func aWrongLineIsOneMessageNamingTheFileTheLineAndWhatIsExpected() {
        #expect(
            problem("installs = 10\n\ndelay.medain = 5m")
                == "labs/x.lab:3: unknown key 'delay.medain' (did you mean delay.median?)")
        #expect(problem("installs 10") == "labs/x.lab:1: expected 'key = value', not 'installs 10'")
        #expect(
            problem("   26.2 50%")
                == "labs/x.lab:1: an indented line continues a key's value, but no key comes before it")
        #expect(problem("installs = 10\ninstalls = 20") == "labs/x.lab:2: installs is already set on line 1")
        #expect(problem("installs =") == "labs/x.lab:1: installs has no value")
        #expect(problem("installs = -3").hasPrefix("labs/x.lab:1: installs takes a whole number"))
        #expect(problem("installs = 0") == "labs/x.lab:1: installs must be 1–10 000 000, not 0")
        #expect(
            problem("installs.organic = 0.2")
                == "labs/x.lab:1: installs.organic takes a percentage such as 20%, not '0.2'")
        #expect(problem("installs.organic = 120%") == "labs/x.lab:1: installs.organic must be 0%–100%, not 120%")
        #expect(problem("delay.median = 5 minutes").contains("takes a duration such as 90s, 37m, 1.5h or 18d"))
        #expect(problem("home.devices = 3-1").contains("takes a range such as 1-3"))
        #expect(problem("device.ios = 26.2 60%; 18.7 30%") == "labs/x.lab:1: device.ios shares add up to 90%, not 100%")
        #expect(problem("device.ios = 26.2 60%; 26.2 40%") == "labs/x.lab:1: device.ios lists 26.2 twice")
        #expect(problem("device.ios = 26.2").contains("takes entries such as 'iPhone16,1 5.5%'"))
        #expect(problem("clipboard.reading = sometimes").contains("takes atFirstLaunch, whenAppAsks, never"))
        #expect(problem("sweep.thresholds = 95-45/5").contains("takes thresholds such as 45-95/5"))
        #expect(problem("backend.points.recency = 9 7 5").contains("takes five points"))
    }

    @Test func valuesThatOnlyFailTogetherNameTheKeyLastChanged() {
        #expect(
            problem("delay.median = 20d\n")
                == "labs/x.lab:1: delay.p90 (18d) must be longer than delay.median (20d)")
        #expect(
            problem("delay.median = 20m", settings: ["delay.p90=10m"])
                == "--set delay.p90=10m: delay.p90 (10m) must be longer than delay.median (20m)")
        #expect(problem("device.ios = 26.x 100%").contains("lists '26.x', which is no iOS version"))
        #expect(
            problem("locale.languages = en-US 100%").hasPrefix(
                "labs/x.lab:1: locale.languageMismatch needs two languages or more"))
    }

    @Test func aPrintedLabReadsBackToTheSameModel() throws {
        // Given a model changed in every group
        var model = try LabFileParser.load(
            text: nil, file: "default", name: "custom",
            settings: [
                "installs=1234", "delay.p90=2.5h", "device.ios=26.2 50%; 18.7.2 50%", "backend.guard=off",
                "sweep.thresholds=50, 60, 70", "maxWrong=1.5%", "clipboard.reading=whenAppAsks",
                "backend.ipFallback=off",
            ])

        // When it is printed as a lab file and read again
        let text = LabFileParser.write(model, title: "printed")
        var read = try LabFileParser.load(text: text, file: "printed", name: "custom")

        // Then nothing changed
        model.name = "custom"
        read.name = "custom"
        #expect(read == model)
    }

    @Test func durationsAndSharesAreWrittenInTheirShortestForm() {
        #expect(LabValue.duration(seconds: 37 * 60) == "37m")
        #expect(LabValue.duration(seconds: 86_400) == "24h")
        #expect(LabValue.duration(seconds: 18 * 86_400) == "18d")
        #expect(LabValue.duration(seconds: 5_400) == "90m")
        #expect(LabValue.duration(seconds: 45) == "45s")
        #expect(LabValue.percent(0.092) == "9.2%" && LabValue.percent(0.2) == "20%")
        #expect(LabValue.grouped(1_000_000) == "1 000 000" && LabValue.grouped(999) == "999")
    }
}
