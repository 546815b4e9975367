import Foundation
import OptoLinkServer
import OptoLinkToolSupport

// optolink-server: parse arguments, load the seed, start the server, stop on SIGINT/SIGTERM.

let usage = """
    usage: optolink-server [--host 127.0.0.1] [--port 8787] [--db PATH] [--seed FILE]
                           [--trust-forwarded-for] [--trusted-proxy CIDR]... [--max-connections N]
                           [--max-connections-per-address N] [--storage-workers N] [--max-clicks-per-address N]
                           [--click-memory MIB] [--max-click-rows N] [--max-record-rows N] [--production]
                           [--help]

    \(ServerFlags.help)
      --help                  show this help

    optolink-server export --db FILE --clicks OUT --opens OUT
                              writes the stored clicks and first opens for optolink-dash lab --clicks/--opens

    The first line on stdout is `listening on http://HOST:PORT` once connections are accepted.
    """

let process = ServerProcess(program: "optolink-server")
StandardStream.ignoreBrokenPipes()

var flags = ServerFlags()
var arguments = CommandLine.arguments.dropFirst()
if arguments.first == "export" {
    // `optolink-server export --db FILE --clicks OUT --opens OUT`: the stored data for the match lab.
    exit(ExportCommand.run(Array(arguments.dropFirst())))
}
while let argument = arguments.popFirst() {
    if argument == "--help" || argument == "-h" {
        print(usage)
        exit(0)
    }
    do throws(ServerFlags.Refusal) {
        guard try flags.read(argument, from: &arguments) else {
            process.fail("unknown argument \(QuotedText.quote(argument))\n\(usage)")
        }
    } catch {
        process.fail(error, usage: usage)
    }
}
do { try flags.loadSeed() } catch { process.fail("\(error)", status: ServerProcess.status(for: error)) }
process.serve(flags.configuration, printsDemoOrg: flags.seedPath == nil)
