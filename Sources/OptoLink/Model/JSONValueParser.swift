internal import OptoLinkClientCore

/// The SDK's JSON parser: the clients' one strict, iterative parser (``JSONTreeParser``), building
/// ``JSONValue`` trees through ``JSONValueBuilder``.
typealias JSONValueParser = JSONTreeParser<JSONValueBuilder>
