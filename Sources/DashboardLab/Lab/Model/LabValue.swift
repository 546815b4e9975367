import Foundation
import OptoLinkToolSupport

/// The value grammar of lab files, read and written: counts (`5000`, `1_000_000`), shares (`20%`), durations
/// (`90s`, `37m`, `1.5h`, `18d`), ranges (`1-3`), weighted lists (`iPhone16,1 5.5%; iPhone15,2 5%`, or one
/// entry per indented line), mappings (`26.1=18.6; 26.2=18.7`, or `none`), and `off` / `none`.
///
/// Every reader throws a ``Problem`` whose text says what was expected; ``LabFileParser`` adds the file and line.
package enum LabValue {
    /// Why a value cannot be read (completed by the caller with where it was written).
    package struct Problem: Error, Sendable, Hashable {
        /// What was expected, e.g. `takes a percentage such as 20%, not 'abc'`.
        package var reason: String

        /// A problem.
        package init(_ reason: String) { self.reason = reason }
    }

    /// A whole number in `range`, digits with optional `_` separators.
    package static func count(_ text: String, in range: ClosedRange<Int>) throws(Problem) -> Int {
        let digits = text.replacingOccurrences(of: "_", with: "")
        guard !digits.isEmpty, digits.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let value = Int(digits) else {
            throw Problem("takes a whole number such as \(range.lowerBound), not \(QuotedText.quote(text))")
        }
        guard range.contains(value) else {
            throw Problem("must be \(grouped(range.lowerBound))–\(grouped(range.upperBound)), not \(text)")
        }
        return value
    }

    /// A percentage `0%`–`100%` (a decimal point allowed), as a share 0–1.
    package static func share(_ text: String) throws(Problem) -> Double {
        guard text.hasSuffix("%"), let percent = decimal(String(text.dropLast()).trimmingCharacters(in: .whitespaces))
        else {
            throw Problem("takes a percentage such as 20%, not \(QuotedText.quote(text))")
        }
        guard (0...100).contains(percent) else { throw Problem("must be 0%–100%, not \(text)") }
        return percent / 100
    }

    /// A duration: a number and a unit, `s`, `m` (minutes), `h` or `d`; at least one second.
    package static func duration(_ text: String) throws(Problem) -> TimeInterval {
        let units: [Character: Double] = ["s": 1, "m": 60, "h": 3600, "d": 86_400]
        guard let unit = text.last, let scale = units[unit], let amount = decimal(String(text.dropLast())) else {
            throw Problem("takes a duration such as 90s, 37m, 1.5h or 18d, not \(QuotedText.quote(text))")
        }
        let seconds = amount * scale
        guard seconds >= 1, seconds <= 3_650 * 86_400 else {
            throw Problem("must be from 1s to 3650d, not \(text)")
        }
        return seconds
    }

    /// `low-high` or a single number, within `bounds`.
    package static func range(_ text: String, in bounds: ClosedRange<Int>) throws(Problem) -> ClosedRange<Int> {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        guard (1...2).contains(parts.count), let low = Int(parts[0]), let high = Int(parts.last!), low <= high else {
            throw Problem("takes a range such as 1-3 (or one number), not \(QuotedText.quote(text))")
        }
        guard bounds.contains(low), bounds.contains(high) else {
            throw Problem("must be within \(bounds.lowerBound)-\(bounds.upperBound), not \(text)")
        }
        return low...high
    }

    /// A whole number in `range`, or `off` (nil).
    package static func countOrOff(_ text: String, in range: ClosedRange<Int>) throws(Problem) -> Int? {
        if text == "off" { return nil }
        do { return try count(text, in: range) } catch { throw Problem(error.reason + " (or off)") }
    }

    /// A weighted list: entries `VALUE SHARE` separated by `;`, shares adding up to 100 % (within 0.05 %), each
    /// value once.
    package static func shares(_ text: String) throws(Problem) -> [LabShare] {
        var entries: [LabShare] = []
        var listed: Set<String> = []
        for part in text.split(separator: ";") {
            let words = part.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            guard words.count == 2 else {
                throw Problem(
                    "takes entries such as 'iPhone16,1 5.5%' separated by ';' or one per indented line, not "
                        + "\(QuotedText.quote(part.trimmingCharacters(in: .whitespaces)))"
                )
            }
            let share: Double
            do { share = try Self.share(words[1]) } catch {
                throw Problem("\(QuotedText.escaped(words[0])): \(error.reason)")
            }
            guard listed.insert(words[0]).inserted else {
                throw Problem("lists \(QuotedText.escaped(words[0])) twice")
            }
            entries.append(LabShare(words[0], share))
        }
        guard !entries.isEmpty else { throw Problem("needs at least one entry such as 'en-US 100%'") }
        let total = entries.reduce(0) { $0 + $1.share }
        guard abs(total - 1) <= 0.000_5 else {
            throw Problem("shares add up to \(percent(total)), not 100%")
        }
        return entries
    }

    /// A mapping `FROM=TO` separated by `;`, or `none`.
    package static func mapping(_ text: String) throws(Problem) -> [String: String] {
        if text == "none" { return [:] }
        var mapping: [String: String] = [:]
        for part in text.split(separator: ";") {
            let sides = part.split(separator: "=", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard sides.count == 2, !sides[0].isEmpty, !sides[1].isEmpty, !sides.contains(where: { $0.contains(" ") })
            else {
                throw Problem(
                    "takes entries such as '26.2=18.7' separated by ';' (or none), not "
                        + "\(QuotedText.quote(part.trimmingCharacters(in: .whitespaces)))"
                )
            }
            guard mapping[sides[0]] == nil else { throw Problem("maps \(QuotedText.escaped(sides[0])) twice") }
            mapping[sides[0]] = sides[1]
        }
        return mapping
    }

    /// Thresholds: `low-high/step` or numbers separated by `,`, each 0–200, ascending after sorting, at most 41.
    package static func thresholds(_ text: String) throws(Problem) -> [Int] {
        let usage = "takes thresholds such as 45-95/5 or 55, 65, 75, not \(QuotedText.quote(text))"
        var values: [Int]
        if let slash = text.firstIndex(of: "/") {
            let range: ClosedRange<Int>
            do { range = try Self.range(String(text[..<slash]), in: 0...200) } catch { throw Problem(usage) }
            guard let step = Int(text[text.index(after: slash)...].trimmingCharacters(in: .whitespaces)), step > 0
            else { throw Problem(usage) }
            values = Array(stride(from: range.lowerBound, through: range.upperBound, by: step))
        } else {
            values = []
            for part in text.split(separator: ",") {
                guard let value = Int(part.trimmingCharacters(in: .whitespaces)), (0...200).contains(value) else {
                    throw Problem(usage)
                }
                values.append(value)
            }
        }
        values = Array(Set(values)).sorted()
        guard (1...41).contains(values.count) else { throw Problem("must name 1–41 thresholds, not \(values.count)") }
        return values
    }

    /// One of `names`.
    package static func choice(_ text: String, of names: [String]) throws(Problem) -> String {
        guard names.contains(text) else {
            throw Problem("takes \(names.joined(separator: ", ")), not \(QuotedText.quote(text))")
        }
        return text
    }

    // MARK: Writing

    /// A share as a lab file writes it: `20%`, `9.2%`.
    package static func percent(_ share: Double) -> String { trimmed(share * 100, decimals: 2) + "%" }

    /// A duration in its largest whole unit (`37m`, `24h`, `18d`: days from two on), else hours with a fraction
    /// (`1.5h`), else seconds.
    package static func duration(seconds: TimeInterval) -> String {
        for (unit, scale) in [("d", 86_400.0), ("h", 3600), ("m", 60), ("s", 1)]
        where seconds >= scale && (unit != "d" || seconds >= 2 * scale) {
            let amount = seconds / scale
            if amount == amount.rounded() { return "\(Int(amount))\(unit)" }
        }
        return seconds >= 3600 ? trimmed(seconds / 3600, decimals: 3) + "h" : trimmed(seconds, decimals: 3) + "s"
    }

    /// A weighted list on one line.
    package static func shares(_ entries: [LabShare]) -> String {
        entries.map { "\($0.value) \(percent($0.share))" }.joined(separator: "; ")
    }

    /// A mapping on one line, sorted, or `none`.
    package static func mapping(_ mapping: [String: String]) -> String {
        mapping.isEmpty
            ? "none"
            : mapping.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
                .joined(separator: "; ")
    }

    /// Thresholds as `low-high/step` when evenly spaced, else listed.
    package static func thresholds(_ values: [Int]) -> String {
        if values.count > 2, let first = values.first, let last = values.last {
            let step = values[1] - first
            if step > 0, values == Array(stride(from: first, through: last, by: step)) {
                return "\(first)-\(last)/\(step)"
            }
        }
        return values.map(String.init).joined(separator: ", ")
    }

    /// `1 000 000`: thousands separated by a space, as the report writes counts.
    package static func grouped(_ value: Int) -> String {
        let digits = String(abs(value))
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out.append(" ") }
            out.append(digit)
        }
        return (value < 0 ? "-" : "") + out
    }

    // MARK: Helpers

    /// A plain decimal (`12`, `1.5`): digits with at most one point, no sign, exponent or `inf`.
    private static func decimal(_ text: String) -> Double? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), !parts[0].isEmpty,
            parts.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy { (0x30...0x39).contains($0) } })
        else { return nil }
        return Double(text)
    }

    /// `value` with at most `decimals` decimals and no trailing zeros.
    private static func trimmed(_ value: Double, decimals: Int) -> String {
        var text = String(format: "%.\(decimals)f", value)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text
    }
}
