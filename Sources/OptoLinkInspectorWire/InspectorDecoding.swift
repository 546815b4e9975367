/// What ``InspectorLineCodec/decode(_:)`` made of one line.
package enum InspectorDecoding: Sendable, Hashable {
    /// A line of this protocol version.
    case message(InspectorMessage)
    /// A well-formed line of this version whose `type` this peer does not know (a newer peer's
    /// addition): ignore it and carry on.
    case unknownType(String)
    /// A line the peer must not accept: answer with this refusal and close the connection.
    case refused(InspectorRefusal)
}
