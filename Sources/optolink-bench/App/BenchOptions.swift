/// Command-line options of optolink-bench.
struct BenchOptions {
    /// Every measure briefly (CI smoke test).
    var quick = false
    /// Where the Markdown report goes (default bench/RESULTS.md).
    var output = "bench/RESULTS.md"
    /// Only these measures (1–9); empty = all.
    var only: Set<Int> = []
    /// Build optolink-dash when its binary is missing.
    var buildDashboard = true
    /// Exit 1 when a goal is missed (default: exit 0 whenever the bench itself ran).
    var strict = false

    static let usage = """
        usage: optolink-bench [--quick] [--out PATH] [--only N[,N…]] [--no-build] [--strict]

          --quick        every measure briefly (fewer iterations, wrk 2 s): a smoke test for CI
          --out PATH     write the Markdown report there (default bench/RESULTS.md; "-" = stdout only)
          --only LIST    run only these measures (1 start-up, 2 direct open (and 2b with the inspector, 2c-2e
                         the other services' link calls, 2f a first launch's time to its first request),
                         3 backoff, 4 throughput, 5 match engine, 6 dashboard, 7 click store, 8 storage under
                         a slow writer, 9 match lab in process)
          --no-build     do not build optolink-dash when it is missing (report it as not measured)
          --strict       exit 1 when a goal is missed (otherwise 0 whenever the bench ran; 2 = bad arguments)
        """

    /// Parses the arguments (without the program name).
    static func parse(_ arguments: [String]) throws -> BenchOptions {
        var options = BenchOptions()
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--quick": options.quick = true
            case "--no-build": options.buildDashboard = false
            case "--strict": options.strict = true
            case "--out":
                guard let value = rest.popFirst() else { throw BenchError("--out needs a path") }
                options.output = value
            case "--only":
                guard let value = rest.popFirst() else { throw BenchError("--only needs a list such as 1,4") }
                for part in value.split(separator: ",") {
                    guard let number = Int(part), (1...9).contains(number) else {
                        throw BenchError("--only: \(part) is not 1–9")
                    }
                    options.only.insert(number)
                }
            case "--help", "-h": throw BenchError(usage)
            default: throw BenchError("unknown argument \(argument)\n\(usage)")
            }
        }
        return options
    }

    func runs(_ measure: Int) -> Bool { only.isEmpty || only.contains(measure) }
}
