/// What a service's run means, in one sentence a decision can start from: how many clicked installs matched
/// their own click, how many matches named the wrong click, and where the wrong ones are.
///
/// ```
/// OptoLink: 3 490 of 5 000 clicked installs (69.8%) matched their own click; 590 of 4 080 matches (14.5%) named
/// the wrong click, most on cellular networks (410) and 1–6 h after the click (230).
/// ```
package enum LabMeaning {
    /// The sentence for `service` with `counts`, the wrong matches (wrong click + false match) counted by network
    /// and by delay (their printed names).
    package static func sentence(
        service: String, counts: LabCounts, wrongByNetwork: [(String, Int)], wrongByDelay: [(String, Int)]
    ) -> String {
        var text = "\(service): "
        if counts.clicked > 0 {
            text +=
                "\(LabValue.grouped(counts.correct)) of \(LabValue.grouped(counts.clicked)) clicked installs "
                + "(\(LabReportPrinter.percent(counts.recall))) matched their own click"
        } else {
            text += "no install clicked"
        }
        guard counts.matched > 0 else { return text + "; nothing was matched." }
        guard counts.wrong > 0 else {
            return text + "; none of the \(LabValue.grouped(counts.matched)) matches named the wrong click."
        }
        text +=
            "; \(LabValue.grouped(counts.wrong)) of \(LabValue.grouped(counts.matched)) matches "
            + "(\(LabReportPrinter.percent(counts.wrongShare))) named the wrong click"
        if counts.falseMatch > 0, counts.wrongClick > 0 {
            text += " (\(LabValue.grouped(counts.falseMatch)) of them false matches)"
        } else if counts.falseMatch > 0 {
            text += " (all false matches: installs that never clicked)"
        }
        var places: [String] = []
        if let network = largest(wrongByNetwork) {
            places.append("on \(network.0) networks (\(LabValue.grouped(network.1)))")
        }
        if let delay = largest(wrongByDelay.filter { $0.0 != LabDelayBucket.organic.rawValue }) {
            places.append("\(delay.0) after the click (\(LabValue.grouped(delay.1)))")
        }
        return text + (places.isEmpty ? "." : ", most " + places.joined(separator: " and ") + ".")
    }

    /// The sentence for one service of the report.
    package static func sentence(_ report: LabServiceReport) -> String {
        sentence(
            service: report.service.displayName, counts: report.counts,
            wrongByNetwork: LabNetworkLabel.allCases.map { ($0.rawValue, report.byNetwork[$0]?.wrong ?? 0) },
            wrongByDelay: LabDelayBucket.allCases.map { ($0.rawValue, report.byDelay[$0]?.wrong ?? 0) })
    }

    /// The group with the most, nil when every group has none (the first wins a tie).
    private static func largest(_ groups: [(String, Int)]) -> (String, Int)? {
        groups.filter { $0.1 > 0 }.reduce(nil) { best, next in best.map { $0.1 >= next.1 ? $0 : next } ?? next }
    }
}
