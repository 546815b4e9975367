import DashboardTestSupport
import Foundation
import OptoLink
import OptoLinkHTTP
import TestSupport
import Testing

@testable import DashboardCore
@testable import DashboardLab
@testable import DashboardProxy

@Suite("Lab: the report, the sweep, the curve and the exports")
struct LabReportTests {
    /// The default lab, smaller.
    static func session(installs: Int = 1_500, services: [OptoLinkService] = [.optoLink]) throws -> LabSession {
        let model = try LabFileParser.load(
            text: nil, file: "default", name: "default",
            settings: ["installs=\(installs)", "sweep.thresholds=55-75/10", "maxWrong=5%", "backend.ipFallback=off"])
        return LabSession(model: model, services: services)
    }

    @Test func theSweepsPointAtTheLabsOwnNumbersIsTheMainRunExactly() async throws {
        // Given a lab whose sweep runs the same population (fewer installs than sweep.installs)
        let result = try await Self.session().run()
        let service = result.report.services[0]
        let sweep = try #require(service.sweep)

        // When the sweep's point at the lab's threshold and guard is looked up
        let point = try #require(sweep.line(0).first { $0.threshold == 65 })

        // Then it counts exactly what the main run counted; the second line has no guard
        #expect(sweep.installs == 1_500 && sweep.guards == [3, nil])
        #expect(point.counts == service.counts)
        #expect(sweep.line(0).map(\.threshold) == [55, 65, 75] && sweep.line(1).count == 3)
    }

    @Test func theProgressCarriesEachServicesClassesSoFarEndingAtTheReportsCounts() async throws {
        // Given a lab through two services, with its sweep
        let session = try Self.session(services: [.optoLink, .deepBlue])
        let reports = Recorder<LabProgress>()

        // When it runs
        let result = try await session.run(progress: reports.record)

        // Then every report has one column of classes per service, each never shrinking, never more than
        // the installs decided, and the last one is the report's counts exactly
        let all = reports.all
        #expect(!all.isEmpty && all.allSatisfy { $0.classes.count == 2 })
        for (earlier, later) in zip(all, all.dropFirst()) {
            for (a, b) in zip(earlier.classes, later.classes) { #expect(a.installs <= b.installs) }
        }
        #expect(all.allSatisfy { $0.classes.reduce(0) { $0 + $1.installs } <= $0.done })
        #expect(all.last?.classes == result.report.services.map { $0.counts })
    }

    @Test func theTargetsThresholdIsTheOneWithTheMostRecallUnderIt() {
        // Given three points: the lowest lets 10% wrong, the others 1% and 0%
        func counts(correct: Int, wrong: Int, missed: Int) -> LabCounts {
            var counts = LabCounts()
            (counts.correct, counts.wrongClick, counts.missed) = (correct, wrong, missed)
            return counts
        }
        let sweep = LabSweep(
            thresholds: [55, 65, 75], guards: [3], installs: 100,
            points: [
                .init(threshold: 55, guardSize: 3, counts: counts(correct: 90, wrong: 10, missed: 0)),
                .init(threshold: 65, guardSize: 3, counts: counts(correct: 99, wrong: 1, missed: 0)),
                .init(threshold: 75, guardSize: 3, counts: counts(correct: 50, wrong: 0, missed: 50)),
            ])

        // Then 2% picks 65 (recall 99%), 0.5% picks 75, and nothing meets a target no point meets
        #expect(sweep.threshold(maxWrong: 0.02)?.threshold == 65)
        #expect(sweep.threshold(maxWrong: 0.005)?.threshold == 75)
        #expect(sweep.threshold(maxWrong: 0.02, line: 1) == nil)

        // And a threshold where nothing matched (no wrong match, no recall) is never the answer
        let empty = LabSweep(
            thresholds: [55, 65], guards: [3], installs: 100,
            points: [
                .init(threshold: 55, guardSize: 3, counts: counts(correct: 90, wrong: 10, missed: 0)),
                .init(threshold: 65, guardSize: 3, counts: counts(correct: 0, wrong: 0, missed: 100)),
            ])
        #expect(empty.threshold(maxWrong: 0.02) == nil)
    }

    @Test func theJSONSummaryHasTheFieldsCIScriptsRead() async throws {
        // Given every service's report
        let result = try await Self.session(installs: 600, services: OptoLinkService.allCases).run()

        // When it is printed as JSON
        let json = LabSummary.json(result.report)
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])

        // Then it is an array of one object per service, each with the named counts and shares
        #expect(objects.map { $0["service"] as? String } == ["optolink", "quberoute", "deepblue", "appsflyer"])
        for object in objects {
            for field in [
                "installs", "correct", "wrongClick", "missed", "falseMatch", "correctNoMatch", "precision", "recall",
            ] {
                #expect(object[field] != nil, "\(field) is missing")
            }
            let sum = ["correct", "wrongClick", "missed", "falseMatch", "correctNoMatch"].reduce(0) {
                $0 + (object[$1] as? Int ?? 0)
            }
            #expect(sum == object["installs"] as? Int && sum == 600)
            #expect((object["target"] as? [String: Any])?["maxWrong"] as? Double == 0.05)
            #expect((object["sweep"] as? [Any])?.count == 6)
            #expect((object["byMethod"] as? [String: Any]) != nil && (object["byDelay"] as? [String: Any]) != nil)
        }
    }

    @Test func theCurveIsDrawnToScaleWithLabelledAxes() {
        // Given precision rising from 80% to 100% and a second line of markers
        let series = [
            LabCurve.Series(
                label: "guard 3", points: [(45, 0.8), (55, 0.85), (65, 0.9), (75, 0.95), (85, 1), (95, 1)]),
            LabCurve.Series(label: "no guard", points: [(45, 0.8), (65, 0.85), (95, 0.95)]),
        ]

        // When it is drawn 60 wide and 8 high, threshold 75 marked
        let lines = LabCurve.lines(
            title: "precision", series: series, x: 45...95, ticks: [45, 55, 65, 75, 85, 95],
            mark: (75, "max-wrong 1%"), width: 60, height: 8)

        // Then it matches the recorded text
        #expect(lines.allSatisfy { $0.count <= 60 })
        assertSnapshot(lines, named: "lab-curve-precision-60x8")
    }

    @Test func theYAxisIsTheSmallestRoundRangeHoldingEveryPoint() {
        func range(_ values: [Double]) -> ClosedRange<Double> {
            LabCurve.yRange(of: [LabCurve.Series(label: "", points: values.map { (0, $0) })]).0
        }
        #expect(range([0.81, 0.99]) == 0.8...1)
        #expect(range([0.3, 0.7]) == 0.3...0.7)
        #expect(range([0.985, 0.99]) == 0.98...0.99)
        #expect(range([1, 1]) == 0.99...1)
        #expect(range([0, 1]) == 0...1)
        #expect(range([]) == 0...1)
    }

    @Test func theTextReportShowsTheClassesTheTablesAndTheTwoCharts() async throws {
        // Given a lab's report
        let result = try await Self.session().run()

        // When it is printed
        let lines = LabReportPrinter.lines(result.report)
        let text = lines.joined(separator: "\n")

        // Then it has the five classes, precision and recall, the three tables and both charts, within 100 columns
        for label in ["correct", "wrong click", "missed", "false match", "correct no-match"] {
            #expect(text.contains("\n  \(label) "), "\(label)")
        }
        for heading in [
            "precision ", "by method", "by network", "by click → open", "threshold sweep", "--max-wrong 5%",
        ] {
            #expect(text.contains(heading), "\(heading)")
        }
        #expect(lines.filter { $0.contains("precision by threshold") || $0.contains("recall by threshold") }.count == 2)
        #expect(lines.allSatisfy { $0.count <= LabReportPrinter.width })
    }

    @Test func theCSVHasOneRowPerInstallAndTheSVGBothCharts() async throws {
        // Given a lab's result
        let result = try await Self.session(installs: 400).run()

        // When the exports are made
        var csv = ""
        LabCSV.write(result.runs) { csv += $0 }
        let svg = LabSVG.document(result.report)

        // Then the CSV has the header and a row per install with as many fields; the SVG both charts' lines
        let rows = csv.split(separator: "\n")
        #expect(rows.count == 401 && rows[0] == Substring(LabCSV.header))
        let columns = LabCSV.header.split(separator: ",").count
        #expect(
            rows.dropFirst().allSatisfy { $0.split(separator: ",", omittingEmptySubsequences: false).count >= columns })
        #expect(svg.hasPrefix("<svg") && svg.contains(">precision</text>") && svg.contains(">recall</text>"))
        #expect(svg.components(separatedBy: "<polyline").count - 1 == 4)
        #expect(LabCSV.escape("iPhone16,1") == "\"iPhone16,1\"")
    }

    @Test func theSessionStreamsProgressThenTheResultAndStopsWhenDropped() async throws {
        // Given a session
        let session = try Self.session(installs: 800)

        // When its updates are read to the end
        var progress = 0
        var finished: LabSession.Result?
        for await update in session.updates() {
            switch update {
            case .progress: progress += 1
            case .finished(let result): finished = result
            case .failed(let message): Issue.record("failed: \(message)")
            }
        }

        // Then progress came before the result
        #expect(progress > 0 && finished?.report.installs == 800)

        // And a stream dropped at its first update ends without a result
        let big = try Self.session(installs: 50_000)
        var sawFinished = false
        for await update in big.updates() {
            if case .finished = update { sawFinished = true }
            break
        }
        #expect(!sawFinished)
    }
}
