import Foundation
import OptoLinkLabEngine
import OptoLinkServer
import OptoLinkToolSupport

// optolink-lab-server: the reference server opened to the match lab run from another program
// (`optolink-dash lab --engine wire --base-url URL`), on a clock the lab sets. Never for real users.

let usage = """
    usage: optolink-lab-server --links N [--window HOURS] [--host 127.0.0.1] [--port 8787] [--db PATH]
                               [--trusted-proxy CIDR]... [--max-connections N] [--max-connections-per-address N]
                               [--storage-workers N] [--max-clicks-per-address N] [--click-memory MIB]
                               [--max-click-rows N] [--max-record-rows N] [--help]

    The reference server opened to the match lab run from another program (optolink-dash lab --engine wire
    --base-url URL): the built-in demo seed plus links lab0…lab<N-1> in every service, a clock the lab sets
    (POST /dev/lab/clock), the per-address limits off, X-Forwarded-For trusted. Never for real users.

      --links N               how many lab links each service gets, 1-\(LabControl.maxLinks) (required)
      --window HOURS          each lab link's match window, 1-720 (default 24)
    \(ServerFlags.help)
                              (--seed and --production are refused: the lab adds its links to the demo seed
                              and needs the /dev routes)
      --help                  show this help

    The first line on stdout is `listening on http://HOST:PORT` once connections are accepted.
    """

let process = ServerProcess(program: "optolink-lab-server")
StandardStream.ignoreBrokenPipes()

var flags = ServerFlags()
var links: Int?
var window: Int?
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    do throws(ServerFlags.Refusal) {
        switch argument {
        case "--help", "-h":
            print(usage)
            exit(0)
        case "--links": links = try ServerFlags.positive(argument, &arguments)
        case "--window": window = try ServerFlags.positive(argument, &arguments)
        default:
            guard try flags.read(argument, from: &arguments) else {
                process.fail("unknown argument \(QuotedText.quote(argument))\n\(usage)")
            }
        }
    } catch {
        process.fail(error, usage: usage)
    }
}

if flags.seedPath != nil { process.fail("the lab adds its links to the built-in demo seed: drop --seed") }
if flags.configuration.production {
    process.fail("the lab's routes are /dev routes, which --production hides: drop it")
}
guard let links else { process.fail("--links N is required: how many lab links each service gets") }
let lab = LabControl(links: links, windowHours: window ?? 24)
if let problem = lab.problem { process.fail(problem) }
var configuration = flags.configuration
lab.apply(to: &configuration)

// The match lab sets the clock to each click and first open it sends; it starts at the wall clock's time.
process.serve(
    configuration, clock: SettableServerClock(Date()), printsDemoOrg: true,
    notes: [
        "match lab control: links lab0…lab\(lab.links - 1) (\(lab.windowHours) h), the clock set by POST "
            + "/dev/lab/clock, limits off, X-Forwarded-For trusted: not for real users"
    ])
