import OptoLink

/// What the SDK did, in the dashboard's plain values: the SDK's own ``DiagnosticKind`` (its cases, by
/// construction) over an endpoint's name (`Endpoint.rawValue`), a link's ``LinkSummary`` and the
/// dashboard's ``DashboardLogLevel``.
///
/// ``DiagnosticMapper`` maps each `Diagnostic` to it with ``DiagnosticKind/map(requestID:endpoint:link:level:)``.
/// Sessions store it with the SDK type's `Codable` (keyed by case name, then label), the same lines the
/// dashboard's own copy of these cases wrote.
package typealias DiagnosticEvent = DiagnosticKind<String, LinkSummary, DashboardLogLevel>
