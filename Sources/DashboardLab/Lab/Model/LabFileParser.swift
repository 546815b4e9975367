import DashboardCore
import Foundation
import OptoLinkToolSupport

/// Reads and writes lab files: `key = value` lines (``LabKey/all``), `#` comments, blank lines, and a list
/// value continued on the indented lines below its key:
///
/// ```
/// # what these installs look like
/// installs = 20000
/// network.ipv6 = 10%
/// device.ios =
///     26.2    60%
///     18.7.2  40%
/// ```
///
/// Keys a file leaves out keep their defaults. Every problem is one ``DashboardError/lab(_:)`` naming the file
/// and line (or the `--set`) and what is expected; nothing is half applied.
package enum LabFileParser {
    /// The longest line read, in bytes (64 KiB: a key is a few dozen characters, and a long list value goes on
    /// indented lines, one entry each).
    package static let maxLineBytes = 64 << 10

    /// The model `text` describes over the defaults, with `settings` (`key=value`, from `--set`) applied after.
    ///
    /// - Parameters:
    ///   - text: the lab file's text (nil for the built-in defaults).
    ///   - file: how errors name the file (`labs/cgnat.lab`).
    ///   - name: the lab's name.
    ///   - settings: `key=value` overrides, applied in order after the file.
    /// - Throws: ``DashboardError/lab(_:)`` for the first problem.
    package static func load(text: String?, file: String, name: String, settings: [String] = [])
        throws(DashboardError) -> LabModel
    {
        var model = LabModel()
        model.name = name
        var origins: [String: String] = [:]
        if let text { try apply(text: text, file: file, to: &model, origins: &origins) }
        for setting in settings { try apply(setting: setting, to: &model, origins: &origins) }
        try validate(model, origins: origins)
        return model
    }

    /// Applies `--set key=value` settings to `model` (and checks the result).
    package static func apply(_ settings: [String], to model: inout LabModel) throws(DashboardError) {
        var origins: [String: String] = [:]
        for setting in settings { try apply(setting: setting, to: &model, origins: &origins) }
        try validate(model, origins: origins)
    }

    private static func apply(text: String, file: String, to model: inout LabModel, origins: inout [String: String])
        throws(DashboardError)
    {
        // A list value's lines are kept apart and joined once, so a list of n lines costs n, not n².
        var pending: (key: String, parts: [String], line: Int)?
        var seen: [String: Int] = [:]
        func place(_ number: Int) -> String { "\(QuotedText.escaped(file, limit: 200)):\(number)" }
        func flush() throws(DashboardError) {
            guard let entry = pending else { return }
            pending = nil
            let place = "\(QuotedText.escaped(file, limit: 200)):\(entry.line)"
            guard let key = LabKey.named(entry.key) else {
                let hint = LabKey.closest(to: entry.key).map { " (did you mean \($0)?)" } ?? ""
                throw .lab("\(place): unknown key \(QuotedText.quote(entry.key))\(hint)")
            }
            if let earlier = seen[key.name] { throw .lab("\(place): \(key.name) is already set on line \(earlier)") }
            seen[key.name] = entry.line
            let value = entry.parts.joined(separator: "; ").trimmingCharacters(in: .whitespaces)
            guard !value.isEmpty else { throw .lab("\(place): \(key.name) has no value") }
            do {
                try key.write(&model, value)
            } catch {
                throw .lab("\(place): \(key.name) \(error.reason)")
            }
            origins[key.name] = place
        }
        // Split on bytes: a line is refused past maxLineBytes before any per-character work on it.
        for (index, bytes) in text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
            let number = index + 1
            guard bytes.count <= maxLineBytes else {
                throw .lab(
                    "\(place(number)): a line longer than \(maxLineBytes) bytes; list a long value one entry per "
                        + "indented line")
            }
            let raw = Substring(bytes)
            let line = String(raw.prefix { $0 != "#" }).trimmingCharacters(in: .init(charactersIn: "\r"))
            let content = line.trimmingCharacters(in: .whitespaces)
            if content.isEmpty { continue }
            if line.first == " " || line.first == "\t" {
                guard pending != nil else {
                    throw .lab(
                        "\(place(number)): an indented line continues a key's value, but no key comes before it")
                }
                // Appended in place (no copy of the parts so far).
                if pending?.parts == [""] { pending?.parts = [content] } else { pending?.parts.append(content) }
                continue
            }
            try flush()
            guard let equals = content.firstIndex(of: "=") else {
                throw .lab("\(place(number)): expected 'key = value', not \(QuotedText.quote(content))")
            }
            let key = content[..<equals].trimmingCharacters(in: .whitespaces)
            guard !key.isEmpty else { throw .lab("\(place(number)): a value with no key before '='") }
            pending = (key, [content[content.index(after: equals)...].trimmingCharacters(in: .whitespaces)], number)
        }
        try flush()
    }

    private static func apply(setting: String, to model: inout LabModel, origins: inout [String: String])
        throws(DashboardError)
    {
        let shown = "--set " + QuotedText.escaped(setting)
        guard let equals = setting.firstIndex(of: "=") else {
            throw .lab("\(shown): expected key=value, e.g. --set installs=20000")
        }
        let name = setting[..<equals].trimmingCharacters(in: .whitespaces)
        let value = setting[setting.index(after: equals)...].trimmingCharacters(in: .whitespaces)
        guard let key = LabKey.named(name) else {
            let hint = LabKey.closest(to: name).map { " (did you mean \($0)?)" } ?? ""
            throw .lab("\(shown): unknown key \(QuotedText.quote(name))\(hint)")
        }
        guard !value.isEmpty else { throw .lab("\(shown): \(name) has no value") }
        do {
            try key.write(&model, value)
        } catch {
            throw .lab("\(shown): \(name) \(error.reason)")
        }
        origins[name] = shown
    }

    /// The checks between keys, naming where the value a person changed last was set.
    private static func validate(_ model: LabModel, origins: [String: String]) throws(DashboardError) {
        // Where the problem is: a key from --set, else one from the file, else the defaults.
        func fail(_ keys: [String], _ reason: String) throws(DashboardError) -> Never {
            let key = keys.first { origins[$0]?.hasPrefix("--set") == true } ?? keys.first { origins[$0] != nil }
            throw .lab("\(key.flatMap { origins[$0] } ?? "default"): \(reason)")
        }
        func duration(_ seconds: TimeInterval) -> String { LabValue.duration(seconds: seconds) }
        if model.delayP90 <= model.delayMedian {
            try fail(
                ["delay.p90", "delay.median"],
                "delay.p90 (\(duration(model.delayP90))) must be longer than delay.median "
                    + "(\(duration(model.delayMedian)))"
            )
        }
        if model.delayMax < model.delayMedian {
            try fail(
                ["delay.max", "delay.median"],
                "delay.max (\(duration(model.delayMax))) must be at least delay.median (\(duration(model.delayMedian)))"
            )
        }
        for version in model.iosVersions where !isVersion(version.value) {
            try fail(
                ["device.ios"],
                "device.ios lists \(QuotedText.quote(version.value)), which is no iOS version such as 26.2 or 18.7.2")
        }
        if model.languageMismatch > 0, model.languages.count < 2 {
            try fail(
                ["locale.languageMismatch", "locale.languages"],
                "locale.languageMismatch needs two languages or more in locale.languages to pick another from (or 0%)")
        }
        if model.timezoneMismatch > 0, model.timezones.count < 2 {
            try fail(
                ["locale.timezoneMismatch", "locale.timezones"],
                "locale.timezoneMismatch needs two time zones or more in locale.timezones (or 0%)")
        }
        if model.policy.osMajor > model.policy.osExact {
            try fail(
                ["backend.points.osMajor", "backend.points.osVersion"],
                "backend.points.osMajor (\(model.policy.osMajor)) must not exceed backend.points.osVersion "
                    + "(\(model.policy.osExact))"
            )
        }
    }

    /// Digits separated by single dots (`26`, `26.2`, `18.7.2`).
    static func isVersion(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return !parts.isEmpty && parts.count <= 4
            && parts.allSatisfy { !$0.isEmpty && $0.count <= 4 && $0.allSatisfy { $0.isASCII && $0.isNumber } }
    }

    // MARK: Writing

    /// The section each group of keys starts, by its first key.
    private static let sections: [String: String] = [
        "seed": "Installs", "delay.median": "Click → first open (log-normal)", "network.cellular": "Networks",
        "device.models": "Devices", "clipboard.written": "Clipboard (OptoLink only)",
        "backend.threshold": "Backend: what-if knobs (every service's matching goes through the same engine)",
        "sweep.thresholds": "Threshold sweep and target",
    ]

    /// A lab file that sets every key to `model`'s value, each with its summary and source as a comment, lists
    /// one entry per line (what `labs/default.lab` holds for ``LabModel/init()``).
    package static func write(_ model: LabModel, title: String) -> String {
        var lines = title.split(separator: "\n", omittingEmptySubsequences: false).map { "# " + $0 }
        for key in LabKey.all {
            if let section = sections[key.name] {
                lines += ["", "# ── \(section) " + String(repeating: "─", count: max(3, 92 - section.count))]
            }
            lines.append("")
            lines.append("# \(key.summary)" + (key.source.isEmpty ? "" : ". Source: \(key.source)"))
            let value = key.read(model)
            if value.contains(";") {
                lines.append("\(key.name) =")
                lines += value.split(separator: ";").map { "    " + $0.trimmingCharacters(in: .whitespaces) }
            } else {
                lines.append("\(key.name) = \(value)")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
