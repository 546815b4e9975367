import Foundation
import OptoLinkToolSupport

/// Finds and loads theme files.
///
/// Lookup order for a name: `./themes/`, `$OPTOLINK_THEMES`, `themes/` next to the executable, the
/// executable's folder, then the compiled-in default (for `default`; `mono` is compiled in too). A value
/// containing `/` or ending in `.theme` is a path. `NO_COLOR` (non-empty) forces the mono theme.
package struct ThemeLoader: Sendable {
    /// Folders searched, in order.
    package var searchDirectories: [String]
    /// Whether `NO_COLOR` is set (non-empty).
    package var noColor: Bool

    /// Creates a loader with explicit folders.
    package init(searchDirectories: [String], noColor: Bool = false) {
        self.searchDirectories = searchDirectories
        self.noColor = noColor
    }

    /// The standard lookup from the process environment.
    /// - Parameters:
    ///   - environment: usually `ProcessInfo.processInfo.environment`.
    ///   - currentDirectory: the working directory.
    ///   - executablePath: the running executable (`CommandLine.arguments[0]` resolved).
    package static func standard(environment: [String: String], currentDirectory: String, executablePath: String?)
        -> ThemeLoader
    {
        var directories = [currentDirectory + "/themes"]
        if let custom = environment["OPTOLINK_THEMES"], !custom.isEmpty { directories.append(custom) }
        if let executablePath {
            let folder = PathName(executablePath).directory
            directories.append(folder + "/themes")
            directories.append(folder)
        }
        return ThemeLoader(searchDirectories: directories, noColor: !(environment["NO_COLOR"] ?? "").isEmpty)
    }

    /// Theme names found in the search folders plus the compiled-in ones, `default` first, then sorted.
    package func availableThemeNames() -> [String] {
        if noColor { return ["mono"] }
        var names: Set<String> = ["default", "mono"]
        for directory in searchDirectories {
            let files = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
            for file in files where file.hasSuffix(".theme") { names.insert(String(file.dropLast(6))) }
        }
        return ["default"] + names.subtracting(["default"]).sorted()
    }

    /// The file a name resolves to, or nil.
    package func path(for nameOrPath: String) -> String? {
        if nameOrPath.contains("/") || nameOrPath.hasSuffix(".theme") {
            return FileManager.default.fileExists(atPath: nameOrPath) ? nameOrPath : nil
        }
        for directory in searchDirectories {
            let candidate = directory + "/" + nameOrPath + ".theme"
            if FileManager.default.fileExists(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// The largest theme file read: a theme is a few dozen short lines.
    package static let maxFileBytes = 64 * 1024

    /// Loads a theme by name or path; never fails: falls back to the built-in default and says why.
    package func load(_ nameOrPath: String) -> ThemeLoadResult {
        if noColor { return ThemeLoadResult(theme: .mono) }
        guard let path = path(for: nameOrPath) else {
            if nameOrPath == "default" { return ThemeLoadResult(theme: .builtInDefault) }
            if nameOrPath == "mono" { return ThemeLoadResult(theme: .mono) }
            return ThemeLoadResult(
                theme: .builtInDefault, error: .themeNotFound(nameOrPath, searched: searchDirectories))
        }
        let text: String
        do {
            text = try UserFile.text(path, limit: Self.maxFileBytes)
        } catch {
            return ThemeLoadResult(theme: .builtInDefault, error: .themeUnreadable(path, reason: error.reason))
        }
        let name = PathName(path).nameWithoutExtension
        do {
            let parsed = try ThemeParser.parse(text, name: name, file: path)
            return ThemeLoadResult(theme: parsed.theme, warnings: parsed.warnings)
        } catch {
            return ThemeLoadResult(theme: .builtInDefault, error: error)
        }
    }
}
