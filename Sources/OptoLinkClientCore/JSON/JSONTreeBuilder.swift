/// How ``JSONTreeParser`` makes a client's tree: one constructor per kind of JSON value.
///
/// A client conforms a non-public type of its own (not its public tree, whose conformance would have to be
/// public and so import this target publicly), and its tree names it as its `JSONTree.Builder`; the
/// parser specializes for it in the client's build.
public protocol JSONTreeBuilder {
    /// The tree built.
    associatedtype Tree
    /// `null`.
    static var null: Tree { get }
    /// A Boolean.
    static func bool(_ value: Bool) -> Tree
    /// A number.
    static func number(_ value: Double) -> Tree
    /// A string.
    static func string(_ value: String) -> Tree
    /// An array.
    static func array(_ elements: [Tree]) -> Tree
    /// An object.
    static func object(_ members: [String: Tree]) -> Tree
}
