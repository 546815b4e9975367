import Foundation
import OptoLink
import OptoLinkInspector

/// The example app's command line.
struct ExampleOptions {
    var store = "./optolink-example-store"
    var baseURL = URL(string: "http://127.0.0.1:8787")!
    var orgKey = "demo"
    var apiKey = "opl_sdk_demo_client_key_0000000001"
    var provider = "optolink"
    var backoffBase = 1.0
    var attach: InspectorDashboard?
    var token: String?
    var allowCommands = false
    var pasteboard: String?
    var launchURL: URL?
    var actions: [String] = []
    var quiet = false

    static let usage = """
        optolink-example-app: a tiny "app" running the real OptoLink SDK (a file store, the real URLSession
        transport), for trying optolink-dash --attach without a phone (docs/attach.md).

        USAGE: optolink-example-app [--store DIR] [--base-url URL] [--org-key KEY] [--api-key KEY] [--provider optolink]
                                    [--backoff-base SECONDS] [--attach HOST:PORT --token T [--allow-commands]]
                                    [--pasteboard TEXT] [--launch-url URL] [--open URL|CODE]… [--track NAME]… [--quiet]

          --store DIR           the app's storage (device id, first-launch flag, event queue); default \
        ./optolink-example-store.
                                A new directory is a fresh install.
          --base-url URL        the backend (default http://127.0.0.1:8787, optolink-server's default; the dashboard's
                                embedded server prints its URL in its header).
          --org-key KEY         default demo.          --api-key KEY   the CLIENT key, default the demo one.
          --provider NAME       the backend provider; only optolink for now.
          --backoff-base S      the SDK's first retry wait (default 1).
          --attach HOST:PORT    attach to optolink-dash --attach at that address, with --token (the dashboard's \
        header shows both).
          --allow-commands      let the dashboard run commands (open, first launch, events, identity).
          --pasteboard TEXT     what the pasteboard holds at the first launch (e.g. a click token opl_…).
          --launch-url URL      the app was opened by this link (a cold start).
          --open URL|CODE       open a link once started (a short code is a link of the org on the base URL).
          --track NAME          track an event once started.
          --quiet               do not print diagnostics.

        Then it reads actions from stdin, one a line: open URL|CODE · track NAME · identity ID · clear-identity · \
        flush · quit.
        It runs until quit, SIGINT or SIGTERM (killing it is how the dashboard sees an app go).
        """

    static func parse(_ arguments: [String]) throws -> ExampleOptions {
        var options = ExampleOptions()
        var index = 0
        func value(_ flag: String) throws -> String {
            guard index + 1 < arguments.count else { throw ExampleError("\(flag) needs a value") }
            index += 1
            return arguments[index]
        }
        while index < arguments.count {
            let flag = arguments[index]
            switch flag {
            case "-h", "--help": throw ExampleError(usage, code: 0)
            case "--store": options.store = try value(flag)
            case "--base-url":
                let text = try value(flag)
                guard let url = URL(string: text) else { throw ExampleError("--base-url: not a URL: \(text)") }
                options.baseURL = url
            case "--org-key": options.orgKey = try value(flag)
            case "--api-key": options.apiKey = try value(flag)
            case "--provider":
                options.provider = try value(flag)
                guard options.provider == "optolink" else {
                    throw ExampleError("--provider: only optolink is available for now")
                }
            case "--backoff-base":
                guard let seconds = Double(try value(flag)), seconds >= 0 else {
                    throw ExampleError("--backoff-base needs seconds")
                }
                options.backoffBase = seconds
            case "--attach":
                let text = try value(flag)
                guard let dashboard = InspectorDashboard.parse(text) else {
                    throw ExampleError("--attach needs HOST:PORT, not \(text)")
                }
                options.attach = dashboard
            case "--token": options.token = try value(flag)
            case "--allow-commands": options.allowCommands = true
            case "--pasteboard": options.pasteboard = try value(flag)
            case "--launch-url":
                let text = try value(flag)
                guard let url = URL(string: text) else { throw ExampleError("--launch-url: not a URL: \(text)") }
                options.launchURL = url
            case "--open": options.actions.append("open " + (try value(flag)))
            case "--track": options.actions.append("track " + (try value(flag)))
            case "--quiet": options.quiet = true
            default: throw ExampleError("unknown argument \(flag) (see --help)")
            }
            index += 1
        }
        if options.attach != nil && options.token == nil {
            throw ExampleError("--attach needs --token (the dashboard's header shows it)")
        }
        return options
    }
}

/// A command-line mistake, with the exit code.
struct ExampleError: Error, CustomStringConvertible {
    let description: String
    let code: Int32
    init(_ description: String, code: Int32 = 2) {
        self.description = description
        self.code = code
    }
}
