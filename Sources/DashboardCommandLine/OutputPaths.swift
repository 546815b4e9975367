import Foundation
import OptoLinkToolSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The files a command line names to write, checked against each other and against the files it reads, so
/// that `export run.olsession --cast run.olsession` or `--record out --cast out` is refused before anything is
/// written rather than replacing a file the user did not ask to replace.
///
/// Two paths name one file when they are the same existing file (a link to it counts: same device and inode)
/// or, for a file not there yet, the same name in the same directory. Standard output (`-`), FIFOs and
/// devices are streams, not files, and are never compared; an input that does not exist (a lab's name) is
/// nothing to overwrite.
package enum OutputPaths {
    /// One path a command line names, and what the command does with it.
    struct Named {
        var label: String
        var path: String
        var writes: Bool
    }

    /// Why the outputs of `parsed` overlap an input or each other, one line; nil when each names a file of its
    /// own. `flags` are the command's rows (their ``FlagSpec/use``); the positionals are read.
    package static func conflict(in parsed: ParsedArguments, flags: [FlagSpec]) -> String? {
        var named = parsed.positionals.map { Named(label: "'\($0)'", path: $0, writes: false) }
        for flag in flags {
            guard let use = flag.use else { continue }
            for path in parsed.texts(flag.name) {
                switch use {
                case .reads:
                    named.append(Named(label: "\(flag.name) \(path)", path: path, writes: false))
                case .writes:
                    named.append(Named(label: "\(flag.name) \(path)", path: path, writes: true))
                case .writesInto(let files):
                    named += files.map {
                        Named(label: "\(flag.name) \(path) (its \($0))", path: path + "/" + $0, writes: true)
                    }
                }
            }
        }
        let keyed = named.compactMap { item in identity(of: item.path, writes: item.writes).map { (item, $0) } }
        for (index, (output, key)) in keyed.enumerated() where output.writes {
            // Any input, wherever it stands in the table; an output only once, from the later of the two.
            let clash = keyed.indices.first { other in
                other != index && keyed[other].1 == key && (!keyed[other].0.writes || other < index)
            }
            guard let clash else { continue }
            let other = keyed[clash].0
            return other.writes
                ? "\(other.label) and \(output.label) name one file: give each output a file of its own"
                : "\(output.label) is the same file as \(other.label), which this command reads: write to another "
                    + "file (nothing was written)"
        }
        return nil
    }

    /// What tells two paths apart: the file's device and inode when it exists, else (for an output) its
    /// directory's real path and its name; nil for a stream or a missing input.
    static func identity(of path: String, writes: Bool) -> String? {
        guard path != "-" else { return nil }
        var info = stat()
        if stat(path, &info) == 0 {
            let type = info.st_mode & S_IFMT
            guard type == S_IFREG || type == S_IFDIR else { return nil }
            return "inode \(info.st_dev):\(info.st_ino)"
        }
        guard writes else { return nil }
        let file = PathName(path)
        guard let real = realpath(file.directory.isEmpty ? "." : file.directory, nil) else { return "path \(path)" }
        defer { free(real) }
        return "path \(String(cString: real))/\(file.name)"
    }
}
