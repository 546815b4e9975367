/// The `name=value` fields of a child process's report line (`replay seconds=12.5 peak=1.2e9 code=0`): the
/// first word names the line, the rest are numbers by name. A field that is no number is left out.
enum ReportLine {
    /// The numbers of `line`, by name.
    static func values(_ line: some StringProtocol) -> [String: Double] {
        var values: [String: Double] = [:]
        for field in line.split(separator: " ").dropFirst() {
            let parts = field.split(separator: "=", maxSplits: 1)
            if parts.count == 2, let value = Double(parts[1]) { values[String(parts[0])] = value }
        }
        return values
    }
}
