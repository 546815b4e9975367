/// One level of a ``JSONTree``: which kind of value it is, and its payload (children are trees again).
package enum JSONNode<Tree> {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number.
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([Tree])
    /// An object.
    case object([String: Tree])
}
