import DashboardCore
import Foundation
import OptoLinkToolSupport

/// Where a lab file is looked for and how it becomes the model a run uses.
package enum LabFiles {
    /// The largest lab file read (16 MiB: a lab file is a few KB; the bound keeps a stream from filling memory).
    package static let maxFileBytes = 16 << 20

    /// The model the options describe: the file (or the defaults) with the settings applied.
    /// - Throws: ``DashboardError`` when the file cannot be found or read, or has a problem.
    package static func load(_ options: LabOptions, currentDirectory: String, executablePath: String?)
        throws(DashboardError) -> LabModel
    {
        guard let file = options.file else {
            return try LabFileParser.load(text: nil, file: "default", name: "default", settings: options.settings)
        }
        let searched = searchPaths(for: file, currentDirectory: currentDirectory, executablePath: executablePath)
        guard let path = searched.first(where: { FileManager.default.fileExists(atPath: $0) }) else {
            // A path that is there but cannot be looked at (a loop of links, no permission) says why.
            if let reason = searched.lazy.compactMap({ path -> String? in
                if case .unreachable(let reason) = UserFile.kind(of: path), !reason.contains("no such file") {
                    return "\(path): \(reason)"
                }
                return nil
            }).first {
                throw .lab("lab file '\(file)': \(reason)")
            }
            throw .lab("lab file '\(file)' not found (looked for \(searched.joined(separator: ", ")))")
        }
        let text: String
        do {
            text = try UserFile.text(path, limit: maxFileBytes)
        } catch {
            throw .lab("cannot read the lab file \(error)")
        }
        let name = PathName(path).nameWithoutExtension
        return try LabFileParser.load(text: text, file: path, name: name, settings: options.settings)
    }

    /// Where `file` may be: itself when it names a path or a `.lab` file, else (a name with another extension)
    /// itself in the current directory, then `labs/NAME.lab` in the current directory, then beside the executable.
    package static func searchPaths(for file: String, currentDirectory: String, executablePath: String?) -> [String] {
        if file.contains("/") || file.hasSuffix(".lab") {
            return [file.hasPrefix("/") ? file : currentDirectory + "/" + file]
        }
        // A name with an extension is a file's (`lab mylab.txt`): in the current directory, before the lab of that
        // name. A bare name (`default`) is a lab's only.
        var paths = file.contains(".") ? [currentDirectory + "/" + file] : []
        paths += [currentDirectory + "/labs/\(file).lab"]
        if let executablePath {
            let folder = PathName(executablePath).directory
            paths += [folder + "/labs/\(file).lab", folder + "/\(file).lab"]
        }
        return paths
    }
}
