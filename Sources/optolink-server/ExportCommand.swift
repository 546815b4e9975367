import Foundation
import OptoLinkServer
import OptoLinkToolSupport

/// `optolink-server export --db FILE --clicks OUT --opens OUT`: writes the database's stored redirect clicks and
/// first opens as the match lab's replay files (`optolink-dash lab --clicks OUT --opens OUT`, docs/lab.md).
/// Exit 0 when written, 2 for bad arguments or a database that cannot be opened, 3 when a file cannot be written.
enum ExportCommand {
    static let usage = """
        usage: optolink-server export --db FILE --clicks OUT --opens OUT

          Writes the stored clicks (the redirect page's, with their clipboard tokens) and first opens (each
          device's first /match) as CSV for optolink-dash lab --clicks OUT --opens OUT (docs/lab.md). Addresses
          are the stored keyed hashes. Run it on a copy of the database or with the server stopped.
        """

    static func run(_ arguments: [String]) -> Int32 {
        var values: [String: String] = [:]
        var rest = arguments[...]
        while let flag = rest.popFirst() {
            guard flag != "--help", flag != "-h" else {
                print(usage)
                return 0
            }
            guard ["--db", "--clicks", "--opens"].contains(flag), let value = rest.popFirst() else {
                return fail("export: unknown argument or missing value '\(flag)'\n\(usage)", code: 2)
            }
            values[flag] = value
        }
        guard let db = values["--db"], let clicks = values["--clicks"], let opens = values["--opens"] else {
            return fail("export needs --db, --clicks and --opens\n\(usage)", code: 2)
        }
        guard FileManager.default.fileExists(atPath: db) else {
            return fail("export: \(db): no such database file", code: 2)
        }
        let store: Store
        do {
            store = try Store(path: db)
        } catch {
            return fail("export: \(db): \(error)", code: 2)
        }
        let clickFile: FileHandle
        let openFile: FileHandle
        do {
            clickFile = try OutputFile.open(clicks)
            openFile = try OutputFile.open(opens)
        } catch {
            return fail("export: cannot write \(error)", code: 3)
        }
        defer {
            try? clickFile.close()
            try? openFile.close()
        }
        do {
            let counts = try store.exportReplay(
                clicks: { try clickFile.write(contentsOf: Data($0.utf8)) },
                opens: { try openFile.write(contentsOf: Data($0.utf8)) })
            print("exported \(counts.clicks) clicks to \(clicks) and \(counts.opens) first opens to \(opens)")
            return 0
        } catch let error as OptoLinkServerError {
            return fail("export: \(db): \(error)", code: 2)
        } catch {
            return fail("export: cannot write the files: \(error.localizedDescription)", code: 3)
        }
    }

    private static func fail(_ message: String, code: Int32) -> Int32 {
        FileHandle.standardError.write(Data("optolink-server: \(message)\n".utf8))
        return code
    }
}
