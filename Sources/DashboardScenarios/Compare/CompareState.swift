import OptoLink

/// A compare: one scenario against several services at once, a column each (the partner-demo view).
///
/// ```swift
/// var compare = CompareState(scenario: "flaky-server", services: OptoLinkService.allCases)
/// compare.apply(.step(.quberoute, "first launch"))
/// compare.apply(.finished(.quberoute, .passed("…")))
/// compare.isOver   // false until every column finished
/// ```
package struct CompareState: Sendable, Hashable {
    /// The scenario compared.
    package var scenario: String
    /// One column per service, in the order they were given.
    package var columns: [CompareColumn]

    /// A compare that has not started any column.
    package init(scenario: String, services: [OptoLinkService]) {
        self.scenario = scenario
        self.columns = services.map { CompareColumn(service: $0) }
    }

    /// Whether every column finished.
    package var isOver: Bool {
        columns.allSatisfy {
            if case .finished = $0.status { return true }
            return false
        }
    }

    /// Columns that failed.
    package var failed: Int {
        columns.filter {
            if case .finished(.failed) = $0.status { return true }
            return false
        }.count
    }

    /// Folds one update in (``CompareUpdate/began(scenario:services:)`` is the caller's: it makes a new state).
    package mutating func apply(_ update: CompareUpdate) {
        switch update {
        case .began:
            break
        case .step(let service, let step):
            modify(service) { column in
                if case .finished = column.status { return }
                column.status = .running(step: step)
            }
        case .diagnostic(let service, let event, let time):
            modify(service) { $0.metrics.apply(event, time: time) }
        case .finished(let service, let outcome):
            modify(service) { $0.status = .finished(outcome) }
        }
    }

    private mutating func modify(_ service: OptoLinkService, _ change: (inout CompareColumn) -> Void) {
        guard let index = columns.firstIndex(where: { $0.service == service }) else { return }
        change(&columns[index])
    }
}
