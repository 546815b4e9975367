import Foundation
import OptoLink
import Testing

@testable import DashboardCore
@testable import DashboardLab
@testable import DashboardProxy

/// The lab's report as read by someone who decides: a sentence first, the words defined, 80 columns, honest axes,
/// and a CSV whose times add up.
@Suite("lab report for people who decide")
struct LabReportForDecisionsTests {
    @Test func everyCSVRowsDelayIsItsOpenTimeMinusItsClickTime() async throws {
        // Given a lab's CSV
        let result = try await LabReportTests.session(installs: 2_000).run()
        var csv = ""
        LabCSV.write(result.runs) { csv += $0 }
        let rows = csv.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false) }
        let header = rows[0].map(String.init)
        let click = try #require(header.firstIndex(of: "click_time_s"))
        let open = try #require(header.firstIndex(of: "open_time_s"))
        let delay = try #require(header.firstIndex(of: "delay_s"))

        // When each clicked install's three times are read
        var checked = 0
        for row in rows.dropFirst() where !row[click].isEmpty {
            let (clickTime, openTime, delayTime) = (Int(row[click]), Int(row[open]), Int(row[delay]))

            // Then they are whole seconds and the delay is the difference of the two instants
            #expect(clickTime != nil && openTime != nil && delayTime != nil, "\(row)")
            if let clickTime, let openTime, let delayTime {
                #expect(openTime - clickTime == delayTime, "\(row[0...7])")
            }
            checked += 1
        }
        #expect(checked > 1_000)
    }

    @Test func theMeaningSaysHowManyMatchedTheirClickHowManyWereWrongAndWhere() {
        // Given a service's counts with wrong matches mostly on cellular networks, 1–6 h after the click
        var counts = LabCounts()
        counts.correct = 700
        counts.wrongClick = 90
        counts.missed = 210
        counts.falseMatch = 10
        counts.correctNoMatch = 190

        // When the sentence is made
        let sentence = LabMeaning.sentence(
            service: "OptoLink", counts: counts,
            wrongByNetwork: [("home", 20), ("cellular", 70), ("office", 10)],
            wrongByDelay: [("< 5 min", 30), ("1–6 h", 60), ("organic", 10)])

        // Then it says it in words, with the figures
        #expect(
            sentence
                == "OptoLink: 700 of 1 000 clicked installs (70.0%) matched their own click; 100 of 800 matches "
                + "(12.5%) named the wrong click (10 of them false matches), most on cellular networks (70) and "
                + "1–6 h after the click (60).")
    }

    @Test func theMeaningOfARunWithoutWrongMatchesSaysSo() {
        // Given counts with no wrong match
        var counts = LabCounts()
        counts.correct = 5
        counts.missed = 5

        // When the sentence is made
        let sentence = LabMeaning.sentence(service: "QubeRoute", counts: counts, wrongByNetwork: [], wrongByDelay: [])

        // Then it says none was wrong
        #expect(
            sentence
                == "QubeRoute: 5 of 10 clicked installs (50.0%) matched their own click; none of the 5 matches named "
                + "the wrong click.")
    }

    @Test func theReportOpensWithTheMeaningFitsEightyColumnsAndDefinesItsWords() async throws {
        // Given one service's report and a compare of four
        let one = try await LabReportTests.session().run().report
        let four = try await LabReportTests.session(installs: 600, services: OptoLinkService.allCases).run().report

        for report in [one, four] {
            // When printed at the default width
            let lines = LabReportPrinter.lines(report)
            let text = lines.joined(separator: "\n")

            // Then the first line is the first service's sentence, every line fits 80 columns, and the terms
            // the report uses are defined at its end
            #expect(lines[0].hasPrefix(report.services[0].service.displayName + ": "))
            #expect(lines[0].contains("matched their own click"))
            #expect(lines.allSatisfy { $0.count <= 80 }, "\(lines.filter { $0.count > 80 })")
            let footnote = try #require(lines.firstIndex(of: "What the words mean:"))
            let definitions = lines[footnote...].joined(separator: "\n")
            for term in [
                "correct", "wrong click", "missed", "false match", "correct no-match", "guard N", "matched by",
            ] {
                #expect(definitions.contains("\n  \(term) "), "\(term)")
            }
            #expect(definitions.contains("ip (the newest click on the same address"))
            #expect(text.contains("What the words mean:"))
        }
        // And the compare has a sentence per service before the header
        let compareLines = LabReportPrinter.lines(four)
        for service in OptoLinkService.allCases {
            #expect(compareLines.prefix(12).contains { $0.hasPrefix(service.displayName + ": ") }, "\(service)")
        }
    }

    @Test func aWiderTerminalGetsAWiderReportAndANarrowOneStillEighty() async throws {
        // Given a report
        let report = try await LabReportTests.session().run().report

        // When printed at 120 columns
        let wide = LabReportPrinter.lines(report, width: 120)

        // Then the charts use the room, and nothing passes 120
        #expect(wide.contains { $0.count > 80 })
        #expect(wide.allSatisfy { $0.count <= 120 })
        // And the width comes from the terminal, else COLUMNS, never under 80
        #expect(LabReportPrinter.width(terminalColumns: 132, columnsVariable: "100") == 132)
        #expect(LabReportPrinter.width(terminalColumns: nil, columnsVariable: "100") == 100)
        #expect(LabReportPrinter.width(terminalColumns: 40, columnsVariable: nil) == 80)
        #expect(LabReportPrinter.width(terminalColumns: nil, columnsVariable: "wide") == 80)
    }

    @Test func aChartWhoseAxisDoesNotStartAtZeroSaysSoOnItsRule() {
        // Given a series between 85 % and 89 %
        let series = [LabCurve.Series(label: "guard 3", points: [(45, 0.89), (65, 0.86), (95, 0.85)])]

        // When drawn 6 rows high
        let lines = LabCurve.lines(
            title: "precision", series: series, x: 45...95, ticks: [45, 95], width: 70, height: 6)

        // Then the x axis' rule under the plot names the y axis' range and that it is not from 0
        #expect(lines[7].hasPrefix("    └─") && lines[7].hasSuffix(" y axis 85–89%, not from 0 ─"), "\(lines[7])")
        // And an axis from 0 needs no note
        #expect(LabCurve.axisNote(0...1) == "")
        #expect(LabCurve.axisNote(0...0.5) == "")
        // And a narrow chart says it short
        let narrow = LabCurve.lines(title: "recall", series: series, x: 45...95, ticks: [45], width: 30, height: 4)
        #expect(narrow[5].hasSuffix(" y from 85% ─"), "\(narrow[5])")
    }
}
