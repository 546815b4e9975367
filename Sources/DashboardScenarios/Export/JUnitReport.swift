import DashboardCore
import Foundation

/// Writes scenario results as JUnit XML, so CI systems show each scenario as a test case: one
/// `<testsuite>` for the run, one `<testcase>` per scenario (`classname` `optolink-dash.scenarios`, `time`
/// in seconds), `<failure message=…>` for FAIL, `<skipped message=…>` for SKIP; the verdict explained
/// (expected versus observed) and the scenario's steps, a line each (`✔ first launch`), go in `<system-out>`.
package enum JUnitReport {
    /// The XML document.
    /// - Parameters:
    ///   - results: the scenario results, in run order.
    ///   - name: the suite's name (default `optolink-dash scenarios`).
    ///   - timestamp: when the run started (ISO 8601 without zone, as JUnit writes it).
    ///   - hostname: the machine (default `localhost`).
    package static func xml(
        _ results: [ScenarioResult], name: String = "optolink-dash scenarios", timestamp: Date = Date(),
        hostname: String = "localhost"
    ) -> String {
        let failures = results.filter { $0.verdict == .failed }.count
        let skipped = results.filter { $0.verdict == .skipped }.count
        let total = results.reduce(0) { $0 + $1.duration }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate, .withTime, .withColonSeparatorInTime, .withDashSeparatorInDate]
        formatter.timeZone = TimeZone(identifier: "UTC")
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml +=
            "<testsuites name=\"\(escape(name))\" tests=\"\(results.count)\" failures=\"\(failures)\" "
            + "errors=\"0\" skipped=\"\(skipped)\" time=\"\(seconds(total))\">\n"
        xml +=
            "  <testsuite name=\"\(escape(name))\" tests=\"\(results.count)\" failures=\"\(failures)\" "
            + "errors=\"0\" skipped=\"\(skipped)\" "
            + "time=\"\(seconds(total))\" timestamp=\"\(formatter.string(from: timestamp))\" "
            + "hostname=\"\(escape(hostname))\">\n"
        for result in results {
            xml +=
                "    <testcase classname=\"optolink-dash.scenarios\" name=\"\(escape(result.name))\" "
                + "time=\"\(seconds(result.duration))\""
            switch result.verdict {
            case .passed:
                xml += ">\n"
            case .failed:
                xml +=
                    ">\n      <failure message=\"\(escape(result.detail))\" "
                    + "type=\"ScenarioFailure\">\(escape(result.line))</failure>\n"
            case .skipped:
                xml += ">\n      <skipped message=\"\(escape(result.detail))\"/>\n"
            }
            let out = ([result.line] + result.steps.map(\.listed)).joined(separator: "\n")
            xml += "      <system-out>\(escape(out))</system-out>\n    </testcase>\n"
        }
        return xml + "  </testsuite>\n</testsuites>\n"
    }

    static func seconds(_ value: Double) -> String {
        let millis = Int((max(0, value) * 1000).rounded())
        return "\(millis / 1000).\(String(millis % 1000).leftPadded(to: 3))"
    }

    /// Escapes text for XML attributes and content (control characters other than tab and newline dropped).
    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\n": out += "&#10;"
            case "\t": out += "&#9;"
            default:
                if scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value) { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
