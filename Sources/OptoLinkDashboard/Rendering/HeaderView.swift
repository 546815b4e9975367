/// The header line: target, org, SDK version, server reachability and the scenario.
enum HeaderView {
    static func draw(_ state: DashboardState, row: Int, into buffer: inout ScreenBuffer) {
        let width = buffer.width
        buffer.fill(Rect(x: 0, y: row, width: width, height: 1), with: Cell(role: .header))
        let header = state.header
        var x = buffer.write(" OptoLink dash ", x: 0, y: row, role: .header, bold: true)
        func part(_ text: String, _ role: StyleRole = .header) {
            guard x < width else { return }
            x += buffer.write("│ ", x: x, y: row, role: .header)
            x += buffer.write(text + " ", x: x, y: row, role: role)
        }
        part(header.targetURL.isEmpty ? "no target" : header.targetURL)
        part("org \(header.orgKey.isEmpty ? "-" : header.orgKey)")
        part("SDK \(header.sdkVersion.isEmpty ? "-" : header.sdkVersion)")
        switch header.serverReachable {
        case .some(true): part("server ● up")
        case .some(false): part("server ○ DOWN", .error)
        case .none: part("server ? unknown")
        }
        if let name = header.scenarioName {
            let verdict = header.scenarioPassed.map { $0 ? "PASS" : "FAIL" } ?? "running…"
            part("scenario \(name) \(verdict)", header.scenarioPassed == false ? .error : .header)
        }
    }
}
