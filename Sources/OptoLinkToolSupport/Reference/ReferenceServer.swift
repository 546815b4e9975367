/// The reference server's own words, as its clients (the dashboard) recognize them.
package enum ReferenceServer {
    /// The `Server` header of every answer of the reference server (`optolink-reference`, in production too):
    /// how a client knows it talks to that implementation, whose matching engine it can then expect for the
    /// emulated services as well.
    package static let name = "optolink-reference"
}
