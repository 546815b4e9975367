import Foundation

/// Runs `wrk` with the bench's Lua script and reads its machine-readable summary line.
struct WrkRunner {
    /// One run's summary.
    struct Summary: Sendable {
        var requests: Int
        var seconds: Double
        var p50: Double
        var p99: Double
        /// 429 answers (counted by the script).
        var tooManyRequests: Int
        /// Other non-200 answers.
        var otherStatus: Int
        /// Socket errors (connect, read, write, timeout).
        var socketErrors: Int

        var requestsPerSecond: Double { seconds > 0 ? Double(requests) / seconds : 0 }
    }

    let binary: String
    let scriptPath: String
    let threads: Int
    let connections: Int
    let seconds: Int

    /// The script: a new `X-Forwarded-For` per request (127.64.0.0/10, unique within a run) so per-address
    /// rate limits never trigger, 429s and other statuses counted, percentiles printed in one line.
    static let script = """
        -- optolink-bench: rotate X-Forwarded-For, count 429s, print one summary line.
        local threads = {}
        counter = 0
        r429 = 0
        other = 0

        function setup(thread)
          thread:set("offset", #threads * 2097152)
          table.insert(threads, thread)
        end

        function init(args)
          path = args[1] or "/"
          method = args[2] or "GET"
          if args[3] ~= nil and args[3] ~= "" then body = args[3] else body = nil end
          if args[4] ~= nil and args[4] ~= "" then extraName, extraValue = args[4]:match("^([^:]+):%s*(.*)$") end
        end

        function request()
          counter = counter + 1
          local n = offset + counter
          local ip = string.format("127.%d.%d.%d", 64 + math.floor(n / 65536) % 64, math.floor(n / 256) % 256, n % 256)
          local headers = { ["X-Forwarded-For"] = ip }
          if body ~= nil then headers["Content-Type"] = "application/json" end
          if extraName ~= nil then headers[extraName] = extraValue end
          return wrk.format(method, path, headers, body)
        end

        function response(status, headers, body)
          if status == 429 then r429 = r429 + 1 elseif status ~= 200 then other = other + 1 end
        end

        function done(summary, latency, requests)
          local t429, tother = 0, 0
          for _, t in ipairs(threads) do
            t429 = t429 + (t:get("r429") or 0)
            tother = tother + (t:get("other") or 0)
          end
          local e = summary.errors
          io.write(string.format("BENCH requests=%d duration_us=%d p50_us=%d p99_us=%d r429=%d other=%d socket=%d\\n",
            summary.requests, summary.duration, latency:percentile(50), latency:percentile(99), t429, tother,
            e.connect + e.read + e.write + e.timeout))
        end

        """

    /// Runs wrk against `url` (`http://127.0.0.1:port`) for `path` with `method`, `body` and one extra
    /// `header` (`Name: value`, e.g. an emulated service's key; empty for none).
    func run(
        url: String, path: String, method: String = "GET", body: String = "", header: String = "",
        seconds override: Int? = nil
    ) throws -> Summary {
        let duration = override ?? seconds
        let output = try Spawn.run([
            binary, "-t\(threads)", "-c\(connections)", "-d\(duration)s", "--timeout", "5s",
            "-s", scriptPath, url, "--", path, method, body, header,
        ])
        guard let line = output.output.split(separator: "\n").first(where: { $0.hasPrefix("BENCH ") }) else {
            throw BenchError(
                "wrk printed no summary (exit \(output.status)): "
                    + "\(output.output.split(separator: "\n").suffix(2).joined(separator: " / "))"
            )
        }
        let values = ReportLine.values(line)
        return Summary(
            requests: Int(values["requests"] ?? 0), seconds: (values["duration_us"] ?? 0) / 1e6,
            p50: (values["p50_us"] ?? 0) / 1e6, p99: (values["p99_us"] ?? 0) / 1e6,
            tooManyRequests: Int(values["r429"] ?? 0), otherStatus: Int(values["other"] ?? 0),
            socketErrors: Int(values["socket"] ?? 0))
    }
}
